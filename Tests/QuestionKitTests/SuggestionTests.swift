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

/// "Did you mean" costs little whatever the word (issue 10): counted in edit-distance cells.
@Suite("Suggestions: bounded work")
struct SuggestionWorkTests {
    private let keys = ["answer-type", "question", "section", "qid", "helpInfo", "acceptedAnswer", "max-answers"]

    @Test func aHugeWordIsComparedWithNothing() {
        var cells = 0
        let word = String(repeating: "k", count: 2_000_000)
        #expect(Suggestion.nearest(to: word, in: keys, cells: &cells) == nil)
        #expect(cells == 0)
    }

    @Test func cellsPerWordAreBoundedByTheCandidatesNotTheWord() {
        var short = 0
        var long = 0
        _ = Suggestion.nearest(to: "sectoin12", in: keys, cells: &short)
        _ = Suggestion.nearest(to: "qeustion1234567", in: keys, cells: &long)
        let longest = keys.map(\.count).max() ?? 0
        // A band of at most 2 × (a third of the word) + 1 cells per row, rows no longer than the
        // longest candidate allows.
        let bound = keys.count * (longest * 3 / 2 + 2) * (2 * ((longest * 3 / 2 + 2) / 3) + 1)
        #expect(short > 0 && short <= bound)
        #expect(long <= bound)
    }

    /// A word with too many letters that no candidate has is compared with none of them: a template
    /// of 100,000 keys `extra0`, `extra1`, … cost a billion instructions of edit-distance tables.
    @Test func aWordOfOtherLettersFillsNoTable() {
        var cells = 0
        #expect(Suggestion.nearest(to: "extra12", in: keys, cells: &cells) == nil)
        #expect(Suggestion.Candidates(keys).nearMiss(to: "extra12") == nil)
        #expect(cells == 0)
    }

    /// The letter-set bound is never more than the distance (else a suggestion would be lost).
    @Test(arguments: [
        ("kitten", "sitting"), ("flaw", "lawn"), ("sectoin", "section"), ("ab", "ba"), ("ca", "abc"),
        ("qeustion", "question"), ("abcdefghij", "badcfehgji"), ("温度", "度温"), ("", "abc"), ("abc", "abc"),
        ("aaaa", "a"), ("extra12", "section"), ("a\u{80}", "\u{0}b"),
    ])
    func theLetterSetBoundIsAtMostTheDistance(lhs: String, rhs: String) {
        let bound = Suggestion.ScalarSet(Array(lhs.unicodeScalars))
            .fewestEdits(to: Suggestion.ScalarSet(Array(rhs.unicodeScalars)))
        #expect(bound <= Suggestion.editDistance(lhs, rhs))
    }

    @Test(arguments: [
        ("kitten", "sitting"), ("flaw", "lawn"), ("sectoin", "section"), ("ab", "ba"), ("ca", "abc"),
        ("qeustion", "question"), ("abcdefghij", "badcfehgji"), ("温度", "度温"), ("", "abc"), ("abc", "abc"),
    ])
    func boundedDistanceIsTheDistanceUpToItsLimit(lhs: String, rhs: String) {
        let a = Array(lhs.unicodeScalars)
        let b = Array(rhs.unicodeScalars)
        let distance = Suggestion.editDistance(lhs, rhs)
        for limit in 0...8 {
            var cells = 0
            #expect(
                Suggestion.boundedDistance(a, b, limit: limit, cells: &cells) == (distance <= limit ? distance : nil))
            #expect(
                Suggestion.boundedDistance(b, a, limit: limit, cells: &cells) == (distance <= limit ? distance : nil))
        }
    }

    @Test func onlyTheFirstThousandCandidatesAreConsidered() {
        let candidates = (0..<Suggestion.candidateLimit).map { "option\($0)x" } + ["colour"]
        #expect(Suggestion.nearest(to: "color", in: candidates) == nil)
        #expect(Suggestion.nearest(to: "color", in: ["colour"]) == "colour")
    }
}
