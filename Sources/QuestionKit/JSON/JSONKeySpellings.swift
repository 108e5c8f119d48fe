#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A set of key spellings (UTF-8) grouped by length, for `JSONDocument.unknownKeyIndices`: every
/// key of every question is looked up in its type's set, and a key is compared only with the
/// spellings of its own length.
///
/// The spellings of each length lie one after another in one byte array, so that a look-up
/// compares bytes in place: an array per spelling cost a retain and a release for each key of
/// every question.
struct JSONKeySpellings: Sendable {
    /// The spellings, in the order given.
    let all: [[UInt8]]
    /// Every spelling's bytes, those of one length together, shortest first.
    private let bytes: [UInt8]
    /// By length, up to the longest: where that length's spellings start in `bytes`, and how many
    /// there are.
    private let groups: [(start: Int, count: Int)]

    /// The set of `spellings`.
    init(_ spellings: [String]) {
        all = spellings.map { Array($0.utf8) }
        var byLength = Array(repeating: [[UInt8]](), count: (all.map(\.count).max() ?? 0) + 1)
        for spelling in all { byLength[spelling.count].append(spelling) }
        var bytes: [UInt8] = []
        var groups: [(start: Int, count: Int)] = []
        for spellings in byLength {
            groups.append((bytes.count, spellings.count))
            for spelling in spellings { bytes += spelling }
        }
        self.bytes = bytes
        self.groups = groups
    }

    /// Whether `key`'s bytes are one of the spellings.
    func contains(utf8 key: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = key.count
        guard length < groups.count else { return false }
        let group = groups[length]
        guard group.count > 0 else { return false }
        guard let keyBase = key.baseAddress, length > 0 else { return true }
        return bytes.withUnsafeBufferPointer { all in
            guard let allBase = all.baseAddress else { return false }
            var offset = group.start
            for _ in 0..<group.count {
                // Spellings of one length mostly differ in their first byte: no call for them.
                if allBase[offset] == keyBase[0], memcmp(allBase + offset, keyBase, length) == 0 { return true }
                offset &+= length
            }
            return false
        }
    }
}
