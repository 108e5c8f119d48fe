/// Applying fix-its to a source text, as `validate --fix` and an editor's "fix all" do.
public enum FixApplication {
    /// What `apply` did.
    public struct Result: Sendable {
        /// The text with the applied fixes' edits made.
        public var bytes: [UInt8]
        /// The fixes applied, in source order.
        public var applied: [FixIt]
        /// The fixes left out: an edit overlapped one of a fix applied before them, two of their
        /// own edits overlapped, or an edit was outside the text.
        public var skipped: [FixIt]
    }

    /// Applies `fixes` to `bytes` in source order (of their first edit); a fix with an edit that
    /// overlaps (or inserts at the same place as) an edit of a fix already taken is skipped, since
    /// the two cannot both mean what they say. Everything outside the edited spans stays as it was.
    /// Costs O(e log e) for e edits: each edit is checked against the taken ones by a search.
    public static func apply(_ fixes: [FixIt], to bytes: [UInt8]) -> Result {
        var work = 0
        return apply(fixes, to: bytes, work: &work)
    }

    /// `apply`, counting the steps of the overlap checks (for tests that hold them n log n).
    static func apply(_ fixes: [FixIt], to bytes: [UInt8], work: inout Int) -> Result {
        // Each fix's edits in order; a fix whose edits leave the text or overlap each other is skipped.
        let sortedEdits = fixes.map { fix in
            fix.edits.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        }
        var skipped: [FixIt] = []
        var candidates: [Int] = []
        for index in fixes.indices where !sortedEdits[index].isEmpty {
            if isWellFormed(sortedEdits[index], count: bytes.count) {
                candidates.append(index)
            } else {
                skipped.append(fixes[index])
            }
        }
        candidates.sort { (sortedEdits[$0][0].range.lowerBound, $0) < (sortedEdits[$1][0].range.lowerBound, $1) }
        var taken = TakenEdits(candidates.flatMap { sortedEdits[$0] })
        var applied: [FixIt] = []
        var firstEdit = 0
        for index in candidates {
            let edits = firstEdit..<(firstEdit + sortedEdits[index].count)
            firstEdit = edits.upperBound
            if edits.contains(where: { taken.overlapsTaken($0, work: &work) }) {
                skipped.append(fixes[index])
                continue
            }
            for edit in edits { taken.take(edit, work: &work) }
            applied.append(fixes[index])
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var position = 0
        for edit in taken.takenInOrder {
            output += bytes[position..<edit.range.lowerBound]
            output += Array(edit.replacement.utf8)
            position = edit.range.upperBound
        }
        output += bytes[position...]
        return Result(bytes: output, applied: applied, skipped: skipped)
    }

    /// Whether `edits` (in order) lie inside a text of `count` bytes and do not overlap each other.
    private static func isWellFormed(_ edits: [SourceEdit], count: Int) -> Bool {
        guard edits.allSatisfy({ $0.range.lowerBound >= 0 && $0.range.upperBound <= count }) else { return false }
        return zip(edits, edits.dropFirst()).allSatisfy { !overlap($0.range, $1.range) }
    }

    /// Whether two edits touch the same text: their ranges share a byte, they insert at the same
    /// place, or one inserts strictly inside the other's range.
    static func overlap(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        if first.isEmpty && second.isEmpty { return first.lowerBound == second.lowerBound }
        if first.isEmpty { return second.lowerBound < first.lowerBound && first.lowerBound < second.upperBound }
        if second.isEmpty { return first.lowerBound < second.lowerBound && second.lowerBound < first.upperBound }
        return first.lowerBound < second.upperBound && second.lowerBound < first.upperBound
    }
}

/// The edits taken so far, among all candidate edits known in advance, searched in O(log n).
///
/// An edit is a closed interval of slots: an insertion at offset p is slot 2p, the bytes a..<b are
/// slots 2a+1 ... 2b-1. Two edits overlap (as `FixApplication.overlap` says) exactly when their
/// intervals meet. Taken intervals never meet, so of the taken ones starting at or before an
/// edit's last slot, only the one starting last can reach it: a prefix maximum over the candidates
/// sorted by first slot (a Fenwick tree) finds it.
private struct TakenEdits {
    /// The candidates sorted by first slot (their ranks), and each candidate's rank.
    private let edits: [SourceEdit]
    private let ranks: [Int]
    private let firstSlots: [Int]
    private let lastSlots: [Int]
    private var isTaken: [Bool]
    /// 1-based Fenwick tree of the highest taken rank in each range of ranks; -1 for none.
    private var tree: [Int]

    init(_ candidates: [SourceEdit]) {
        let order = candidates.indices.sorted { Self.slots(candidates[$0]) < Self.slots(candidates[$1]) }
        var ranks = Array(repeating: 0, count: candidates.count)
        for (rank, candidate) in order.enumerated() { ranks[candidate] = rank }
        self.ranks = ranks
        edits = order.map { candidates[$0] }
        firstSlots = edits.map { Self.slots($0).first }
        lastSlots = edits.map { Self.slots($0).last }
        isTaken = Array(repeating: false, count: edits.count)
        tree = Array(repeating: -1, count: edits.count + 1)
    }

    private static func slots(_ edit: SourceEdit) -> (first: Int, last: Int) {
        let range = edit.range
        return range.isEmpty
            ? (2 * range.lowerBound, 2 * range.lowerBound) : (2 * range.lowerBound + 1, 2 * range.upperBound - 1)
    }

    /// Whether the candidate `edit` (its index in the candidates given) overlaps an edit taken.
    func overlapsTaken(_ edit: Int, work: inout Int) -> Bool {
        let first = firstSlots[ranks[edit]]
        let last = lastSlots[ranks[edit]]
        // The number of candidates starting at or before `last`, by binary search.
        var low = 0
        var high = firstSlots.count
        while low < high {
            work += 1
            let middle = (low + high) / 2
            if firstSlots[middle] <= last { low = middle + 1 } else { high = middle }
        }
        var best = -1
        var node = low
        while node > 0 {
            work += 1
            best = max(best, tree[node])
            node -= node & -node
        }
        return best >= 0 && lastSlots[best] >= first
    }

    /// Marks the candidate `edit` (not overlapping any taken) as taken.
    mutating func take(_ edit: Int, work: inout Int) {
        let rank = ranks[edit]
        isTaken[rank] = true
        var node = rank + 1
        while node < tree.count {
            work += 1
            tree[node] = max(tree[node], rank)
            node += node & -node
        }
    }

    /// The taken edits in source order.
    var takenInOrder: [SourceEdit] { edits.indices.filter { isTaken[$0] }.map { edits[$0] } }
}
