/// A column chunk's dictionary: its distinct values in order of first appearance (each named by the index of
/// that first value in the buffer) and, for every value, the number of its entry.
struct ColumnDictionary {
    private(set) var entries: [Int] = []
    private(set) var indices: [UInt32] = []
    /// The bytes of the dictionary page's plain values.
    private(set) var plainBytes = 0

    /// The dictionary of the buffer's values, or nil when its plain values would pass `limit` bytes.
    init?(_ buffer: ColumnBuffer, limit: Int) {
        let built: Bool
        if buffer.column.type == .string {
            built = buffer.bytes.withUnsafeBufferPointer { bytes in
                buffer.ends.withUnsafeBufferPointer { ends in
                    build(StringKeys(bytes: bytes, ends: ends), limit: limit)
                }
            }
        } else {
            let width = buffer.column.type == .date ? 4 : 8
            built = buffer.fixed.withUnsafeBufferPointer { build(FixedKeys(values: $0, width: width), limit: limit) }
        }
        guard built else { return nil }
    }

    /// Open addressing over a power-of-two table of entry numbers (-1 for empty), at most half full.
    private mutating func build(_ keys: some DictionaryKeys, limit: Int) -> Bool {
        var slots = [Int32](repeating: -1, count: 1024)
        var hashes: [UInt64] = []
        var entries: [Int] = []
        var plainBytes = 0
        var built = 0
        let indices = [UInt32](unsafeUninitializedCapacity: keys.count) { indices, initialized in
            defer { initialized = built }
            for index in 0..<keys.count {
                let hash = keys.hash(index)
                var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
                while true {
                    let entry = Int(slots[slot])
                    if entry < 0 {
                        plainBytes += keys.plainSize(index)
                        if plainBytes > limit { return }
                        slots[slot] = Int32(entries.count)
                        indices[index] = UInt32(entries.count)
                        entries.append(index)
                        hashes.append(hash)
                        if entries.count * 2 > slots.count { slots = Self.rehash(hashes, size: slots.count * 2) }
                        break
                    }
                    if hashes[entry] == hash && keys.equal(entries[entry], index) {
                        indices[index] = UInt32(entry)
                        break
                    }
                    slot = (slot + 1) & (slots.count - 1)
                }
                built += 1
            }
        }
        guard built == keys.count else { return false }
        self.indices = indices
        self.entries = entries
        self.plainBytes = plainBytes
        return true
    }

    private static func rehash(_ hashes: [UInt64], size: Int) -> [Int32] {
        var slots = [Int32](repeating: -1, count: size)
        for (entry, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & (size - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(entry)
        }
        return slots
    }
}

/// What the dictionary's table needs of a column's values.
private protocol DictionaryKeys {
    var count: Int { get }
    func hash(_ index: Int) -> UInt64
    func equal(_ a: Int, _ b: Int) -> Bool
    func plainSize(_ index: Int) -> Int
}

/// Mixes the high bits down, so that the table's low bits depend on all of the hash.
private func finalized(_ hash: UInt64) -> UInt64 {
    var hash = hash
    hash ^= hash >> 33
    hash &*= 0xFF51_AFD7_ED55_8CCD
    hash ^= hash >> 33
    return hash
}

private struct StringKeys: DictionaryKeys {
    let bytes: UnsafeBufferPointer<UInt8>
    let ends: UnsafeBufferPointer<Int>

    var count: Int { ends.count }

    func start(_ index: Int) -> Int { index == 0 ? 0 : ends[index - 1] }

    /// Eight bytes at a time, each word multiplied in; the tail's bytes as one last word.
    func hash(_ index: Int) -> UInt64 {
        var offset = start(index)
        let end = ends[index]
        var hash = UInt64(end - offset) &* 0x9E37_79B9_7F4A_7C15
        guard let base = bytes.baseAddress else { return hash }
        while end - offset >= 8 {
            let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < end {
            tail |= UInt64(base[offset]) << shift
            shift += 8
            offset += 1
        }
        return finalized((hash ^ tail) &* 0xFF51_AFD7_ED55_8CCD)
    }

    func equal(_ a: Int, _ b: Int) -> Bool {
        let left = start(a)
        let right = start(b)
        let count = ends[a] - left
        guard ends[b] - right == count else { return false }
        guard let base = bytes.baseAddress else { return true }
        return UnsafeRawBufferPointer(start: base + left, count: count)
            .elementsEqual(UnsafeRawBufferPointer(start: base + right, count: count))
    }

    func plainSize(_ index: Int) -> Int { 4 + ends[index] - start(index) }
}

/// Fixed-width values, equal when their bit patterns are (so each NaN pattern is its own entry, as in plain).
private struct FixedKeys: DictionaryKeys {
    let values: UnsafeBufferPointer<UInt64>
    let width: Int

    var count: Int { values.count }
    func hash(_ index: Int) -> UInt64 { finalized(values[index] &* 0x9E37_79B9_7F4A_7C15) }
    func equal(_ a: Int, _ b: Int) -> Bool { values[a] == values[b] }
    func plainSize(_ index: Int) -> Int { width }
}
