import QuestionKit
import Testing

@testable import QuestionKitStore

/// The values of `store find`'s filters: exact unless they hold `*` or `?`, then a shell pattern
/// of the whole field that ignores case.
@Suite struct TextPatternTests {
    @Test(arguments: [
        // Exact: the whole value, case and all; composed and decomposed accents are one text.
        ("Pump P-7", "Pump P-7", true), ("Pump P-7", "pump p-7", false), ("Pump", "Pump P-7", false),
        ("José", "Jose\u{301}", true), ("", "", true), ("a\\b", "a\\b", true),
        // A pattern: * any run (none too), ? one character as people see it, ignoring case.
        ("pump*", "Pump P-7", true), ("*P-7", "pump p-7", true), ("*", "", true), ("*?", "", false),
        ("P?mp", "Pump", true), ("P?mp", "Pmp", false), ("?", "é", true), ("?", "e\u{301}", true),
        ("*seal*leak*", "the mechanical seal has a leak", true), ("*seal*leak*", "leak, then seal", false),
        ("a*b*c", "abc", true), ("a*b*c", "aXbYcZ", false), ("**a**", "xay", true),
        // \ makes the next character plain; a trailing one is itself.
        ("50\\*?", "50*x", true), ("50\\*?", "500x", false), ("a?\\", "ab\\", true), ("\\?*", "?x", true),
        ("\\?*", "x?", false),
        // Case is ignored beyond ASCII.
        ("ÉTÉ*", "été 2026", true), ("straße?", "STRASSE", false),
    ])
    func aValueMatchesAsDocumented(pattern: String, value: String, matches: Bool) {
        #expect(TextPattern(pattern).matches(value) == matches, "\(pattern) against \(value)")
    }

    @Test func aValueIsAPatternOnlyWithAStarOrAQuestionMark() {
        #expect(!TextPattern("MI-7 (rev. 2) [a]").isPattern)
        #expect(TextPattern("MI-*").isPattern && TextPattern("MI-?").isPattern)
    }

    /// The greedy walk costs at most the field's length times the pattern's: a pattern made to
    /// make a backtracking matcher explode (`a*a*a*…b` against a run of a's) stays within it.
    @Test func aHostilePatternCostsAtMostTheProductOfTheLengths() {
        let pattern = String(repeating: "a*", count: 20) + "b"
        let value = String(repeating: "a", count: 2_000)
        let (matched, work) = WorkCounter.counting { TextPattern(pattern).matches(value) }
        #expect(!matched)
        #expect(work[.searchSteps] <= 2 * pattern.count * value.count)
    }

    @Test(arguments: [
        ("Mar 2, 2026", "2026-03-02"), ("Nov 22, 2026", "2026-11-22"), ("Dec 31, 1999", "1999-12-31"),
        ("Mar 32, 2026", nil), ("March 2, 2026", nil), ("Mar 2 2026", nil), ("2026-03-02", nil), ("", nil),
        ("Mar 2, 26", nil), ("Mar 02, 2026", "2026-03-02"), ("Feb 30, 2026", nil), ("Feb 29, 2028", "2028-02-29"),
        ("Mar +2, 2026", nil), ("Mar 2, +026", nil), ("Jan 1, 0999", "0999-01-01"),
    ])
    func aFormDateIsReadAsADay(text: String, day: String?) {
        #expect(StoreDates.day(ofFormDate: text) == day)
    }
}
