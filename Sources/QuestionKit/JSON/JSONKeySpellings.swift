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
package struct JSONKeySpellings: Sendable {
    /// The spellings, in the order given.
    package let all: [[UInt8]]
    /// Every spelling's bytes, those of one length together, shortest first.
    private let bytes: [UInt8]
    /// By length, up to the longest: where that length's spellings start in `bytes`, where in
    /// `positions`, and how many there are.
    private let groups: [(start: Int, first: Int, count: Int)]
    /// The position in `all` of each spelling in `bytes`, in the order of `bytes`.
    private let positions: [Int]

    /// The set of `spellings`.
    package init(_ spellings: [String]) {
        all = spellings.map { Array($0.utf8) }
        var byLength = Array(repeating: [Int](), count: (all.map(\.count).max() ?? 0) + 1)
        for (position, spelling) in all.enumerated() { byLength[spelling.count].append(position) }
        var bytes: [UInt8] = []
        var groups: [(start: Int, first: Int, count: Int)] = []
        var first = 0
        for positions in byLength {
            groups.append((bytes.count, first, positions.count))
            first += positions.count
            for position in positions { bytes += all[position] }
        }
        self.bytes = bytes
        self.groups = groups
        positions = byLength.flatMap { $0 }
    }

    /// Whether `key`'s bytes are one of the spellings.
    func contains(utf8 key: UnsafeBufferPointer<UInt8>) -> Bool {
        position(of: key) != nil
    }

    /// Whether `node` is a string (an object's key, or a value) that is one of the spellings, byte for
    /// byte: compared where its bytes lie, unless it has escapes.
    package func contains(_ node: JSONNode) -> Bool {
        guard node.kind == .string else { return false }
        return node.withUnescapedUTF8 { contains(utf8: $0) }
            ?? all.contains { $0.elementsEqual(node.decodedString.utf8) }
    }

    /// The position in `all` of the first spelling that is `key`'s bytes, if any.
    package func position(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        let length = key.count
        guard length < groups.count else { return nil }
        let group = groups[length]
        guard group.count > 0 else { return nil }
        guard let keyBase = key.baseAddress, length > 0 else { return positions[group.first] }
        return bytes.withUnsafeBufferPointer { all -> Int? in
            guard let allBase = all.baseAddress else { return nil }
            var offset = group.start
            for index in 0..<group.count {
                // Spellings of one length mostly differ in their first byte: no call for them.
                if allBase[offset] == keyBase[0], memcmp(allBase + offset, keyBase, length) == 0 {
                    return positions[group.first + index]
                }
                offset &+= length
            }
            return nil
        }
    }
}
