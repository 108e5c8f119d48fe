/// A set of key spellings (UTF-8) grouped by length, for `JSONDocument.unknownKeyIndices`: every
/// key of every question is looked up in its type's set, and a key is compared only with the
/// spellings of its own length.
struct JSONKeySpellings: Sendable {
    /// The spellings, in the order given.
    let all: [[UInt8]]
    /// The spellings of each length, by length, up to the longest.
    private let byLength: [[[UInt8]]]

    /// The set of `spellings`.
    init(_ spellings: [String]) {
        all = spellings.map { Array($0.utf8) }
        var byLength = Array(repeating: [[UInt8]](), count: (all.map(\.count).max() ?? 0) + 1)
        for spelling in all { byLength[spelling.count].append(spelling) }
        self.byLength = byLength
    }

    /// The spellings `length` bytes long.
    func spellings(ofLength length: Int) -> [[UInt8]] {
        length >= 0 && length < byLength.count ? byLength[length] : []
    }
}
