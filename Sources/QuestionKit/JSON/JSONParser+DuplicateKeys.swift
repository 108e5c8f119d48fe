/// The keys of one large object: an open-addressing hash set of key entry indices (linear
/// probing), compared by decoded value. Keys are hashed with the standard library's per-process
/// seeded `Hasher`, so crafted keys cannot make lookups quadratic.
///
/// The slots are manually allocated (the engine frees every table it makes, see
/// `JSONParserEngine.freeKeyTables`): with an array, each key would pay for a retain and a
/// release, which for a huge object cost more than the hashing itself.
struct JSONKeyTable {
    /// Each used slot holds the key's hash (high 32 bits) and its entry index + 1 (low 32 bits),
    /// so that a probe reads one word and rarely compares keys; 0 marks an empty slot.
    private(set) var slots: UnsafeMutableBufferPointer<UInt64>
    var count = 0

    init(slotCount: Int) {
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: 0)
    }

    /// Frees the slots; the table must not be used afterwards.
    func deallocate() { slots.deallocate() }

    subscript(slot: Int) -> UInt64 {
        get { slots[slot] }
        set { slots[slot] = newValue }
    }
}

// Duplicate keys: a warning, not an error, since every reader accepts them (the last one wins).
extension JSONParserEngine {
    /// Up to this many members, a new key is compared with each earlier one; beyond it, an object
    /// keeps a hash set of its keys.
    static let pairwiseKeyLimit: UInt32 = 16

    /// Warns when the key just appended at `keyIndex` repeats an earlier key of the innermost
    /// object. Keys are compared by value: `"a"` and `"\u0061"` are the same key. Called only
    /// when the object's key filter says the key may repeat one (see `appendKey`).
    mutating func checkDuplicateKey(_ keyIndex: Int) {
        let frameIndex = frames.count - 1
        let frame = frames[frameIndex]
        if frame.keySet < 0 {
            if frame.count < Self.pairwiseKeyLimit {
                if let first = firstEqualKey(to: keyIndex, in: frame) { warnDuplicateKey(keyIndex, first: first) }
                return
            }
            frames[frameIndex].keySet = Int32(truncatingIfNeeded: keySets.count)
            keySets.append(keyTable(of: frame))
        }
        let slot = Int(frames[frameIndex].keySet)
        var table = keySets[slot]
        let first = firstEqualKey(to: keyIndex, insertingInto: &table)
        keySets[slot] = table
        if let first { warnDuplicateKey(keyIndex, first: first) }
    }

    /// The key's bit in `JSONParserFrame.keyFilter`, from its length and its first and last
    /// bytes; every bit for a key whose bytes are not its value (escapes, recovered).
    @inline(__always)
    func keyFilterBit(_ keyIndex: Int) -> UInt64 {
        let entry = entries[keyIndex]
        guard entry.flags & (JSONEntry.hasEscapes | JSONEntry.isRecovered) == 0 else { return .max }
        // The content, not the span: an unquoted key (`a: 1`) is the same key as `"a"`.
        let content = entry.contentRange
        guard !content.isEmpty else { return 1 }
        let first = Int(base[content.lowerBound])
        let last = Int(base[content.upperBound - 1])
        return 1 << UInt64((content.count &+ first &* 7 &+ last &* 13) & 63)
    }

    /// Frees the key tables of the objects still open (all of them after an error).
    mutating func freeKeyTables() {
        for table in keySets { table.deallocate() }
        keySets.removeAll()
    }

    /// The key's value as bytes: its source bytes, or the decoded bytes when it has escapes.
    func keyBytes(_ index: Int) -> ArraySlice<UInt8> {
        let entry = entries[index]
        let content = bytes[entry.contentRange]
        if entry.flags & JSONEntry.hasEscapes == 0 { return content }
        return JSONStringDecoder.decodeBytes(content)[...]
    }

    /// The entry index of the first completed member key of `frame`'s object equal to the key at
    /// `keyIndex`.
    private mutating func firstEqualKey(to keyIndex: Int, in frame: JSONParserFrame) -> Int? {
        let key = entries[keyIndex]
        let content = key.contentRange
        var decoded: ArraySlice<UInt8>?
        var other = Int(frame.index) + 1
        for _ in 0..<frame.count {
            let entry = entries[other]
            let otherContent = entry.contentRange
            work.keyComparisons += 1
            if (key.flags | entry.flags) & JSONEntry.hasEscapes != 0 {
                let value = decoded ?? keyBytes(keyIndex)
                decoded = value
                if keyBytes(other) == value { return other }
            } else if otherContent.count == content.count,
                sameBytes(otherContent.lowerBound, content.lowerBound, count: content.count)
            {
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

    /// A table of the keys of the completed members of `frame`'s object.
    private func keyTable(of frame: JSONParserFrame) -> JSONKeyTable {
        var table = JSONKeyTable(slotCount: 64)
        var key = Int(frame.index) + 1
        for _ in 0..<frame.count {
            _ = firstEqualKey(to: key, insertingInto: &table)
            key = Int(entries[key + 1].next)
        }
        return table
    }

    /// The entry index of the key in `table` equal to the key at `keyIndex`; when there is none,
    /// inserts `keyIndex` and returns nil.
    private func firstEqualKey(to keyIndex: Int, insertingInto table: inout JSONKeyTable) -> Int? {
        if table.count * 2 >= table.slots.count { table = grown(table) }
        let hash = UInt64(truncatingIfNeeded: keyHash(keyIndex)) & 0xFFFF_FFFF_0000_0000
        let mask = table.slots.count - 1
        var slot = Int(truncatingIfNeeded: hash >> 32) & mask
        while true {
            let stored = table[slot]
            if stored == 0 {
                table[slot] = hash | UInt64(keyIndex + 1)
                table.count += 1
                return nil
            }
            let storedIndex = Int(truncatingIfNeeded: stored & 0xFFFF_FFFF) - 1
            if stored & 0xFFFF_FFFF_0000_0000 == hash, keysEqual(storedIndex, keyIndex) { return storedIndex }
            slot = (slot + 1) & mask
        }
    }

    /// `table` with twice as many slots; `table` itself is freed.
    private func grown(_ table: JSONKeyTable) -> JSONKeyTable {
        var larger = JSONKeyTable(slotCount: table.slots.count * 2)
        let mask = larger.slots.count - 1
        for stored in table.slots where stored != 0 {
            var slot = Int(truncatingIfNeeded: stored >> 32) & mask
            while larger[slot] != 0 { slot = (slot + 1) & mask }
            larger[slot] = stored
        }
        larger.count = table.count
        table.deallocate()
        return larger
    }

    /// The hash of a key's decoded value.
    private func keyHash(_ index: Int) -> Int {
        let entry = entries[index]
        var hasher = Hasher()
        if entry.flags & JSONEntry.hasEscapes == 0 {
            let content = entry.contentRange
            hasher.combine(bytes: UnsafeRawBufferPointer(start: base + content.lowerBound, count: content.count))
        } else {
            keyBytes(index).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
        return hasher.finalize()
    }

    /// Whether the keys at two entry indices have the same decoded value.
    private func keysEqual(_ first: Int, _ second: Int) -> Bool {
        let one = entries[first]
        let other = entries[second]
        if (one.flags | other.flags) & JSONEntry.hasEscapes != 0 { return keyBytes(first) == keyBytes(second) }
        // Contents, not sources: a key read without quotes or in single quotes is the same key.
        let oneContent = one.contentRange
        let otherContent = other.contentRange
        return otherContent.count == oneContent.count
            && sameBytes(oneContent.lowerBound, otherContent.lowerBound, count: oneContent.count)
    }

    private mutating func warnDuplicateKey(_ keyIndex: Int, first: Int) {
        // Look-ups in this object must read past a first match to find the last one.
        entries[Int(entries[keyIndex].parent)].flags |= JSONEntry.hasRepeatedKeys
        let firstLine = line(Int(entries[first].start))
        guard locatesDuplicateKeys else {
            return duplicateKeys.append(JSONDuplicateKey(key: keyIndex, firstLine: firstLine))
        }
        warn(
            Self.duplicateKeyCode, Self.duplicateKeyMessage(keyString(keyIndex), firstLine: firstLine),
            at: Int(entries[keyIndex].start), hint: Self.duplicateKeyHint)
    }
}
