/// Applying fix-its to a source text, as `validate --fix` and an editor's "fix all" do.
public enum FixApplication {
    /// What `apply` did.
    public struct Result: Sendable {
        /// The text with the applied fixes' edits made.
        public var bytes: [UInt8]
        /// The fixes applied, in source order.
        public var applied: [FixIt]
        /// The fixes left out because an edit overlapped one of a fix applied before them.
        public var skipped: [FixIt]
    }

    /// Applies `fixes` to `bytes` in source order (of their first edit); a fix with an edit that
    /// overlaps (or inserts at the same place as) an edit of a fix already taken is skipped, since
    /// the two cannot both mean what they say. Everything outside the edited spans stays as it was.
    public static func apply(_ fixes: [FixIt], to bytes: [UInt8]) -> Result {
        let ordered = fixes.filter { !$0.edits.isEmpty }.sorted {
            ($0.edits.map(\.range.lowerBound).min() ?? 0) < ($1.edits.map(\.range.lowerBound).min() ?? 0)
        }
        var taken: [SourceEdit] = []
        var applied: [FixIt] = []
        var skipped: [FixIt] = []
        for fix in ordered {
            let valid = fix.edits.allSatisfy { $0.range.lowerBound >= 0 && $0.range.upperBound <= bytes.count }
            if !valid || fix.edits.contains(where: { edit in taken.contains { overlap(edit.range, $0.range) } }) {
                skipped.append(fix)
                continue
            }
            taken += fix.edits
            applied.append(fix)
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var position = 0
        for edit in taken.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            output += bytes[position..<edit.range.lowerBound]
            output += Array(edit.replacement.utf8)
            position = edit.range.upperBound
        }
        output += bytes[position...]
        return Result(bytes: output, applied: applied, skipped: skipped)
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
