import Testing

@testable import QuestionKit

@Suite("Suggestions")
struct SuggestionTests {
    @Test(arguments: [
        ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("abc", "abc", 0),
        ("kitten", "sitting", 3), ("flaw", "lawn", 2), ("sectoin", "section", 1),
        ("ab", "ba", 1), ("Titel", "Title", 1), ("qeustion", "question", 1),
        // Optimal string alignment: a transposed pair is not edited again ("ca" → "abc" is 3, not 2).
        ("ca", "abc", 3),
        ("Title", "title", 1), ("温度", "温", 1), ("温度", "度温", 1),
    ])
    func editDistance(lhs: String, rhs: String, distance: Int) {
        #expect(Suggestion.editDistance(lhs, rhs) == distance)
        #expect(Suggestion.editDistance(rhs, lhs) == distance)
    }

    @Test func editDistanceCountsUnicodeScalars() {
        // "é" precomposed is one scalar; decomposed it is two (e + combining acute).
        #expect(Suggestion.editDistance("caf\u{E9}", "cafe") == 1)
        #expect(Suggestion.editDistance("cafe\u{301}", "cafe") == 1)
        #expect(Suggestion.editDistance("caf\u{E9}", "cafe\u{301}") == 2)
    }

    @Test(arguments: [
        ("Titel", ["email", "Title"], "Title"),
        ("titel", ["Title"], "Title"),
        ("title", ["Title"], "Title"),
        ("sectoin", ["question", "section"], "section"),
        ("abcdef", ["abcdxy"], "abcdxy"),
        ("ab", ["ac"], "ac"),
        ("cat", ["bat", "hat"], "bat"),
        ("cat", ["hat", "ct"], "hat"),
        ("yes-noo", ["score", "yes-no", "yn"], "yes-no"),
    ])
    func nearestSuggestsALikelyTypo(word: String, candidates: [String], suggestion: String) {
        #expect(Suggestion.nearest(to: word, in: candidates) == suggestion)
    }

    @Test(arguments: [
        ("xyz", ["Title"]),
        ("abcdef", ["abcxyz"]),
        ("ab", ["cd"]),
        ("maybe", ["yes-no", "yn", "score", "gives-up"]),
        ("Title", ["Title"]),
        ("anything", []),
    ])
    func nearestSuggestsNothingForFarWords(word: String, candidates: [String]) {
        #expect(Suggestion.nearest(to: word, in: candidates) == nil)
    }

    @Test(arguments: [
        ([], ""), (["a"], "'a'"), (["a", "b"], "'a' or 'b'"), (["a", "b", "c"], "'a', 'b' or 'c'"),
        (["yes-no", "score", "gives-up", "x"], "'yes-no', 'score', 'gives-up' or 'x'"),
    ])
    func quotedList(choices: [String], text: String) {
        #expect(Suggestion.quotedList(choices) == text)
    }

    @Test func quotedListWithAnotherConjunction() {
        #expect(Suggestion.quotedList(["a", "b", "c"], conjunction: "and") == "'a', 'b' and 'c'")
        #expect(Suggestion.quotedList(["a"], conjunction: "and") == "'a'")
    }
}
