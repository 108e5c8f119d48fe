/// A column chunk's dictionary: its distinct values in order of first appearance (each named by the index of
/// that first value in the buffer) and, for every value, the number of its entry.
struct ColumnDictionary {
    private(set) var entries: [Int] = []
    private(set) var indices: [UInt32] = []
    /// The bytes of the dictionary page's plain values.
    private(set) var plainBytes = 0

    /// The dictionary of the buffer's values, or nil when its plain values would pass `limit` bytes.
    init?(_ buffer: ColumnBuffer, limit: Int) {
        indices.reserveCapacity(buffer.valueCount)
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
        for index in 0..<keys.count {
            let hash = keys.hash(index)
            var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
            while true {
                let entry = Int(slots[slot])
                if entry < 0 {
                    plainBytes += keys.plainSize(index)
                    if plainBytes > limit { return false }
                    slots[slot] = Int32(entries.count)
                    indices.append(UInt32(entries.count))
                    entries.append(index)
                    hashes.append(hash)
                    if entries.count * 2 > slots.count { slots = Self.rehash(hashes, size: slots.count * 2) }
                    break
                }
                if hashes[entry] == hash && keys.equal(entries[entry], index) {
                    indices.append(UInt32(entry))
                    break
                }
                slot = (slot + 1) & (slots.count - 1)
            }
        }
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

    /// FNV-1a over the string's bytes.
    func hash(_ index: Int) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for offset in start(index)..<ends[index] {
            hash = (hash ^ UInt64(bytes[offset])) &* 0x0000_0100_0000_01B3
        }
        return finalized(hash)
    }

    func equal(_ a: Int, _ b: Int) -> Bool {
        let left = start(a)
        let right = start(b)
        let count = ends[a] - left
        guard ends[b] - right == count else { return false }
        guard let base = bytes.baseAddress else { return true }
        return bytesEqual(base + left, base + right, count)
    }

    func plainSize(_ index: Int) -> Int { 4 + ends[index] - start(index) }
}

private func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    for offset in 0..<count where a[offset] != b[offset] { return false }
    return true
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
