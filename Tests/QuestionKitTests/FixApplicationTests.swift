import Testing

@testable import QuestionKit

/// Applying a set of fix-its: overlapping ones are left out, in work that grows as the number of
/// edits does (issue 24, item 3: 400,000 padded options took 45 s).
@Suite struct FixApplicationTests {
    private func fix(_ title: String, _ edits: [(Range<Int>, String)]) -> FixIt {
        FixIt(title: title, edits: edits.map { SourceEdit(range: $0.0, replacement: $0.1) }, isSafe: true)
    }

    @Test func overlappingFixesAreSkippedAndTheFirstInSourceOrderWins() {
        let bytes = Array("abcdefghij".utf8)
        let fixes = [
            fix("late", [(6..<8, "X")]),
            fix("first", [(0..<2, "A"), (7..<7, "!")]),  // inserts inside "late"'s range
            fix("touching", [(2..<4, "C")]),  // shares no byte with "first"
            fix("same place", [(9..<9, "1")]),
            fix("same place again", [(9..<9, "2")]),
            fix("outside", [(9..<11, "Z")]),
            fix("backwards in itself", [(4..<5, "e"), (4..<6, "E")]),
        ]
        let result = FixApplication.apply(fixes, to: bytes)
        #expect(result.applied.map(\.title) == ["first", "touching", "same place"])
        #expect(Set(result.skipped.map(\.title)) == ["late", "same place again", "outside", "backwards in itself"])
        #expect(String(decoding: result.bytes, as: UTF8.self) == "ACefg!hi1j")
    }

    /// One fix with an edit far ahead (a list's blanks) and many small ones before it: each edit
    /// is checked against the taken ones by search, not by a walk over all of them.
    @Test func checkingEditsGrowsAsTheirNumberDoes() {
        func work(_ count: Int) -> Int {
            let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 4 * count)
            var fixes = [fix("blanks", (0..<count).map { ((4 * $0 + 3)..<(4 * $0 + 4), "") })]
            fixes += (0..<count).map { fix("option \($0)", [((4 * $0)..<(4 * $0 + 2), "b")]) }
            var work = 0
            let result = FixApplication.apply(fixes, to: bytes, work: &work)
            #expect(result.applied.count == count + 1)
            return work
        }
        let small = work(1_000)
        let large = work(10_000)
        // n log n: 10n costs about 13 times n; a walk over the taken edits costs 100 times.
        #expect(large <= 16 * small, "\(small) → \(large)")
    }
}
