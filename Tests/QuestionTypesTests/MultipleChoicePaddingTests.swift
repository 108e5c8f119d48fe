import QuestionKit
import QuestionKitForms
import QuestionTypes
import Testing

/// The padding of an option list: notes that carry their own repair, as a type attaches it.
@Suite("Multiple choice: padded options")
struct MultipleChoicePaddingTests {
    private func question(_ answers: String) -> String {
        #"{"answer-type": "multiple-choice", "question": "Belt", "answers": "# + answers + "}"
    }

    /// The diagnostics of `json` read as a multiple-choice question, and the text its fixes make.
    private func fixed(_ json: String) throws -> (diagnostics: [Diagnostic], text: String) {
        let document = try #require(JSONParser.parse(Array(json.utf8)).document)
        var problems = ProblemCollector(document: document)
        _ = MultipleChoiceQuestion().parseDefinition(
            of: QuestionJSON(node: document.root, keys: .mi, number: 1), problems: &problems)
        let diagnostics = problems.diagnostics()
        let result = FixApplication.apply(diagnostics.flatMap(\.fixes), to: Array(json.utf8))
        #expect(result.skipped.isEmpty)
        return (diagnostics, String(decoding: result.bytes, as: UTF8.self))
    }

    @Test(arguments: [
        (#"["Good", "Worn", "", ""]"#, #"["Good", "Worn"]"#, "/answers/2", "Remove the 2 blank entries"),
        (#"["", "Good", " ", "Worn"]"#, #"["Good", "Worn"]"#, "/answers/0", "Remove the 2 blank entries"),
        (
            "[\n  \"Good\",\n  \"Worn\",\n  \"\"\n]", "[\n  \"Good\",\n  \"Worn\"\n]", "/answers/2",
            "Remove the blank entry"
        ),
    ])
    func blankEntriesAreANoteAtTheFirstWhoseFixRemovesThemAll(
        answers: String, expected: String, pointer: String, title: String
    ) throws {
        let (diagnostics, text) = try fixed(question(answers))
        #expect(diagnostics.map(\.code) == ["multiple-choice.blank-options"])
        #expect(diagnostics.map(\.severity) == [.note])
        #expect(diagnostics.first?.pointer == pointer)
        #expect(diagnostics.first?.fixes.map(\.title) == [title])
        // Only offered: the web editor reads the options back by position (MI-FORMAT.md).
        #expect(diagnostics.first?.fixes.map(\.isSafe) == [false])
        #expect(text == question(expected))
    }

    @Test func spacesAroundAnOptionAreANoteWhoseFixTrimsIt() throws {
        let (diagnostics, text) = try fixed(question(#"[" Good", "Worn\t", "Cracked", ""]"#))
        // Trimming moves no option: a safe fix.
        #expect(
            diagnostics.filter { $0.code == "multiple-choice.option-spaces" }.allSatisfy {
                $0.fixes.allSatisfy(\.isSafe)
            })
        #expect(
            diagnostics.map(\.code) == [
                "multiple-choice.option-spaces", "multiple-choice.option-spaces", "multiple-choice.blank-options",
            ])
        #expect(
            diagnostics.first?.message == "option 1 ' Good' in 'answers' has spaces around it; they are not part of it")
        #expect(diagnostics.map(\.pointer) == ["/answers/0", "/answers/1", "/answers/3"])
        #expect(text == question(#"["Good", "Worn", "Cracked"]"#))
    }

    @Test(arguments: [#"["", " "]"#, #"[1, ""]"#, #"["Good", " good "]"#])
    func noNoteWhereAnErrorSaysMore(answers: String) throws {
        // No options at all, or a repeated option: the error is what needs fixing.
        let (diagnostics, _) = try fixed(question(answers))
        #expect(!diagnostics.isEmpty)
        #expect(diagnostics.allSatisfy { $0.severity == .error })
    }

    /// Spaces at an option's ends as Unicode judges its first and last characters, whether the ends
    /// are ASCII or not (the ASCII ends are judged by their byte).
    @Test(arguments: [
        ("a", false), (" ", false), ("a b", false), (" a", true), ("a\\n", true), ("\\r\\na", true), ("é ", true),
        ("\\u00a0Good", true), ("Good\\u00a0", true), ("Gé", false), ("\\u0600 x", false), ("x\\u0600 ", false),
        ("a\\u0301 ", true), (" \\u0301a", true),
    ])
    func spacesAroundAreJudgedAsUnicodeJudgesTheEnds(option: String, noted: Bool) throws {
        let (diagnostics, _) = try fixed(question("[\"\(option)\", \"Other\"]"))
        #expect(diagnostics.contains { $0.code == "multiple-choice.option-spaces" } == noted, "\(option)")
    }
}
