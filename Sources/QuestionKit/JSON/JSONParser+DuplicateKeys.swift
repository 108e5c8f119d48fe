/// The value of an object key as bytes, hashed as one block (an array's own hashing feeds the
/// hasher one byte at a time).
struct JSONKeyBytes: Hashable {
    let bytes: ArraySlice<UInt8>

    static func == (lhs: JSONKeyBytes, rhs: JSONKeyBytes) -> Bool { lhs.bytes == rhs.bytes }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}

// Duplicate keys: a warning, not an error, since every reader accepts them (the last one wins).
extension JSONParserEngine {
    /// Up to this many members, a new key is compared with each earlier one; beyond it, an object
    /// keeps a hash set of its keys.
    static let pairwiseKeyLimit: UInt32 = 16

    /// Warns when the key just appended at `keyIndex` repeats an earlier key of the innermost
    /// object. Keys are compared by value: `"a"` and `"\u0061"` are the same key.
    mutating func checkDuplicateKey(_ keyIndex: Int) {
        let frameIndex = frames.count - 1
        let frame = frames[frameIndex]
        if frame.keySet < 0 {
            if frame.count < Self.pairwiseKeyLimit {
                if let first = firstEqualKey(to: keyIndex, in: frame) { warnDuplicateKey(keyIndex, first: first) }
                return
            }
            frames[frameIndex].keySet = Int32(truncatingIfNeeded: keySets.count)
            keySets.append(keySet(of: frame))
        }
        let slot = Int(frames[frameIndex].keySet)
        let key = JSONKeyBytes(bytes: keyBytes(keyIndex))
        if let first = keySets[slot][key] {
            warnDuplicateKey(keyIndex, first: Int(first))
        } else {
            keySets[slot][key] = UInt32(truncatingIfNeeded: keyIndex)
        }
    }

    /// The key's value as bytes: its source bytes, or the decoded bytes when it has escapes.
    func keyBytes(_ index: Int) -> ArraySlice<UInt8> {
        let entry = entries[index]
        let content = bytes[Int(entry.start) + 1..<Int(entry.end) - 1]
        if entry.flags & JSONEntry.hasEscapes == 0 { return content }
        return JSONStringDecoder.decodeBytes(content)[...]
    }

    /// The entry index of the first completed member key of `frame`'s object equal to the key at
    /// `keyIndex`.
    private func firstEqualKey(to keyIndex: Int, in frame: JSONParserFrame) -> Int? {
        let key = entries[keyIndex]
        let keyStart = Int(key.start)
        let length = key.end &- key.start
        var decoded: ArraySlice<UInt8>?
        var other = Int(frame.index) + 1
        for _ in 0..<frame.count {
            let entry = entries[other]
            if (key.flags | entry.flags) & JSONEntry.hasEscapes != 0 {
                let value = decoded ?? keyBytes(keyIndex)
                decoded = value
                if keyBytes(other) == value { return other }
            } else if entry.end &- entry.start == length, sameBytes(Int(entry.start), keyStart, count: Int(length)) {
                return other
            }
            other = Int(entries[other + 1].next)
        }
        return nil
    }

    private func sameBytes(_ first: Int, _ second: Int, count: Int) -> Bool {
        var offset = 0
        while offset < count {
            if base[first + offset] != base[second + offset] { return false }
            offset += 1
        }
        return true
    }

    /// The keys of the completed members of `frame`'s object, each mapped to its first entry.
    private func keySet(of frame: JSONParserFrame) -> [JSONKeyBytes: UInt32] {
        var set = [JSONKeyBytes: UInt32](minimumCapacity: Int(frame.count) * 2)
        var key = Int(frame.index) + 1
        for _ in 0..<frame.count {
            let bytes = JSONKeyBytes(bytes: keyBytes(key))
            if set[bytes] == nil { set[bytes] = UInt32(truncatingIfNeeded: key) }
            key = Int(entries[key + 1].next)
        }
        return set
    }

    private mutating func warnDuplicateKey(_ keyIndex: Int, first: Int) {
        let firstLine = position(Int(entries[first].start)).line
        let key = keyString(keyIndex)
        warn(
            "json.duplicate-key",
            "duplicate key \(quoted(key)) in this object; it first appears on line \(firstLine)",
            at: Int(entries[keyIndex].start),
            hint: "The last value is used; remove or rename one of the two.")
    }
}
