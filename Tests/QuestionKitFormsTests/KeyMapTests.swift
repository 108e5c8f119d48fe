import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

@Suite("Key map")
struct KeyMapTests {
    private func load(_ text: String) throws -> (KeyMap, [Diagnostic]) {
        let registry = try Fixture.registry()
        return KeyMap.load(Array(text.utf8), knownKeys: registry.allKeys, scopes: registry.keyScopes)
    }

    private func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>
        """
    }

    @Test func defaultsAreTheMIKeys() {
        let keys = KeyMap.mi
        #expect(keys.isDefault)
        #expect(keys.spelling(of: .answerType) == "answer-type")
        #expect(keys.spelling(of: .maxAnswers) == "max-answers")
        #expect(keys.spelling(of: .questions) == "questions")
        #expect(keys.spelling(of: ScoreTestQuestion.maxScore) == "max-score")
    }

    @Test(arguments: [#"{"answerType": "type"}"#, #"{"answer-type": "type"}"#, "  \n\t{\"answerType\": \"type\"}"])
    func jsonFileRenamesAKeyByNameOrByMISpelling(text: String) throws {
        let (keys, diagnostics) = try load(text)
        #expect(diagnostics.isEmpty)
        #expect(!keys.isDefault)
        #expect(keys.spelling(of: .answerType) == "type")
        #expect(keys.spelling(of: .questionText) == "question")
    }

    @Test func typeKeysCanBeRenamed() throws {
        let (keys, diagnostics) = try load(#"{"max-score": "top", "strict": "exact"}"#)
        #expect(diagnostics.isEmpty)
        #expect(keys.spelling(of: ScoreTestQuestion.maxScore) == "top")
        #expect(keys.spelling(of: YesNoTestQuestion.strict) == "exact")
    }

    @Test func unknownNameIsAnErrorAtItsKeyWithASuggestionAndTheRestIsKept() throws {
        let text = """
            {
              "answerTyp": "type",
              "section": "heading"
            }
            """
        let (keys, diagnostics) = try load(text)
        #expect(diagnostics.seen == [Seen(.error, "keys.unknown-name", "/answerTyp", 2, 3)])
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.message == "no key is named 'answerTyp'")
        #expect(diagnostic.hint == "Did you mean 'answerType'?")
        #expect(keys.spelling(of: .answerType) == "answer-type")
        #expect(keys.spelling(of: .section) == "heading")
    }

    @Test func unknownNameFarFromAnyKeyListsTheKnownNames() throws {
        let (_, diagnostics) = try load(#"{"zzzzzzzz": "x"}"#)
        #expect(diagnostics.seen == [Seen(.error, "keys.unknown-name", "/zzzzzzzz", 1, 2)])
        let names = try Fixture.registry().allKeys.map(\.name).sorted()
        #expect(diagnostics.first?.hint == "Known key names: \(names.joined(separator: ", ")).")
        #expect(diagnostics.first?.hint?.contains("answerType, answers") == true)
    }

    @Test func spellingMustBeANonEmptyString() throws {
        let (keys, diagnostics) = try load(#"{"answerType": 5, "section": ""}"#)
        #expect(
            diagnostics.seen == [
                Seen(.error, "keys.spelling-not-string", "/answerType", 1, 16),
                Seen(.error, "keys.spelling-not-string", "/section", 1, 30),
            ])
        #expect(
            diagnostics.map(\.message) == [
                "the spelling of 'answerType' must be a non-empty string",
                "the spelling of 'section' must be a non-empty string",
            ])
        #expect(diagnostics.first?.hint == "Write \"answerType\": \"the-key-in-your-json\".")
        #expect(keys.isDefault)
    }

    @Test func jsonThatIsNotAnObjectIsAnError() throws {
        // A byte-order mark sends the file to the JSON reader whatever follows it.
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"["answerType"]"#.utf8)
        let (keys, diagnostics) = try KeyMap.load(bytes, knownKeys: Fixture.registry().allKeys)
        #expect(
            diagnostics.seen == [
                Seen(.warning, "json.byte-order-mark", "", 1, 1),
                Seen(.error, "keys.not-an-object", "", 1, 1),
            ])
        #expect(diagnostics.last?.message == "a key map must be an object of key name to spelling, not an array")
        #expect(keys.isDefault)
    }

    @Test func jsonSyntaxErrorsAreReported() throws {
        let (keys, diagnostics) = try load(#"{"answerType": "type",}"#)
        #expect(diagnostics.seen.map(\.code) == ["json.trailing-comma"])
        #expect(keys.isDefault)
    }

    @Test func propertyListLoads() throws {
        let text = plist(
            """
            <key>answerType</key><string>type</string>
            <key>question</key><string>text</string>
            <key>max-score</key><string>top</string>
            """)
        let (keys, diagnostics) = try load(text)
        #expect(diagnostics.isEmpty)
        #expect(keys.spelling(of: .answerType) == "type")
        #expect(keys.spelling(of: .questionText) == "text")
        #expect(keys.spelling(of: ScoreTestQuestion.maxScore) == "top")
        #expect(keys.spelling(of: .section) == "section")
    }

    @Test func propertyListProblemsHavePointersButNoPosition() throws {
        let text = plist(
            """
            <key>answerTyp</key><string>type</string>
            <key>section</key><integer>5</integer>
            <key>question</key><string>text</string>
            """)
        let (keys, diagnostics) = try load(text)
        #expect(
            diagnostics.seen == [
                Seen(.error, "keys.unknown-name", "/answerTyp", 0, 0),
                Seen(.error, "keys.spelling-not-string", "/section", 0, 0),
            ])
        #expect(diagnostics.allSatisfy { $0.position == nil })
        #expect(diagnostics.first?.hint == "Did you mean 'answerType'?")
        #expect(diagnostics.last?.message == "the spelling of 'section' must be a non-empty string")
        #expect(keys.spelling(of: .questionText) == "text")
    }

    @Test(arguments: [
        "this is not a key map <<<",
        "<plist><dict><key>a</key></plist>",
        "",
    ])
    func unreadableFileIsOneError(text: String) throws {
        let (keys, diagnostics) = try load(text)
        #expect(diagnostics.seen == [Seen(.error, "keys.unreadable", "", 0, 0)])
        #expect(diagnostics.first?.message == "a key map must be a JSON object or a property-list dictionary")
        #expect(diagnostics.first?.hint == "Write for example {\"answerType\": \"type\"}.")
        #expect(keys.isDefault)
    }

    @Test(arguments: [(#"["answerType"]"#, "an array"), (#""type""#, "a string")])
    func jsonThatIsNotAnObjectIsLocated(text: String, kind: String) throws {
        let (keys, diagnostics) = try load(text)
        #expect(diagnostics.seen == [Seen(.error, "keys.not-an-object", "", 1, 1)])
        #expect(diagnostics.first?.message == "a key map must be an object of key name to spelling, not \(kind)")
        #expect(keys.isDefault)
    }

    @Test func propertyListPointerEscapesSlashAndTilde() throws {
        // RFC 6901: '/' in a token is written '~1' and '~' is written '~0', as the JSON path does.
        let (_, fromJSON) = try load(#"{"a/b~c": "x"}"#)
        #expect(fromJSON.map(\.pointer) == ["/a~1b~0c"])
        let (_, fromPlist) = try load(plist("<key>a/b~c</key><string>x</string>"))
        #expect(fromPlist.map(\.pointer) == ["/a~1b~0c"])
    }

    @Test func twoKeysGivenTheSameSpellingAreReported() throws {
        // KeyMap.load documents: "two keys given the same spelling are reported".
        let (_, diagnostics) = try load(#"{"section": "heading", "question": "heading"}"#)
        #expect(diagnostics.seen == [Seen(.error, "keys.spelling-clash", "/question", 1, 24)])
        #expect(diagnostics.first?.message == "'section' and 'question' would both be read from 'heading'")
    }

    @Test func renamingOntoAnotherKeysSpellingIsAClash() throws {
        let (_, diagnostics) = try load(#"{"section": "question"}"#)
        #expect(diagnostics.map(\.code) == ["keys.spelling-clash"])
        #expect(diagnostics.first?.message == "'question' and 'section' would both be read from 'question'")
    }

    @Test func keysInDifferentObjectsMaySharePlainSpellings() throws {
        // `text` inside helpInfo and a question renamed to `text` never meet in one object.
        let (_, diagnostics) = try load(#"{"question": "text"}"#)
        #expect(diagnostics.isEmpty)
    }

    @Test func aKeyNamedTwiceIsReported() throws {
        let (keys, diagnostics) = try load(#"{"answerType": "kind", "answer-type": "type"}"#)
        #expect(diagnostics.seen == [Seen(.error, "keys.named-twice", "/answer-type", 1, 24)])
        #expect(keys.spelling(of: .answerType) == "type")
    }

    @Test func aTemplateIsReadThroughARenamedKeyMap() throws {
        let (keys, problems) = try load(
            #"{"answerType": "type", "question": "text", "questions": "items", "max-score": "top"}"#)
        #expect(problems.isEmpty)
        let text = """
            {
              "Title": "T",
              "items": [
                {"type": "yes-no", "text": "Q1", "strict": true},
                {"type": "score", "text": "Q2", "top": 4},
                {"answer-type": "yes-no", "type": "yes-no", "text": "Q3", "max-score": 1},
                {"text": "Q4"}
              ]
            }
            """
        let result = try Fixture.read(text, keys: keys)
        #expect(
            result.diagnostics.seen == [
                Seen(.warning, "question.unknown-key", "/items/2/answer-type", 6, 6),
                Seen(.warning, "question.unknown-key", "/items/2/max-score", 6, 63),
                Seen(.error, "question.missing-answer-type", "/items/3", 7, 5),
            ])
        #expect(result.diagnostics.first?.message == "unknown key 'answer-type' in a yes-no question")
        #expect(result.diagnostics.last?.message == "question 4 has no 'type'")
        let questions = try #require(result.template?.questions)
        #expect(questions.map(\.text) == ["Q1", "Q2", "Q3"])
        #expect(questions[1].definition(of: ScoreTestQuestion.self) == 4)
        #expect(questions[0].definition(of: YesNoTestQuestion.self)?.strict == true)
    }

    @Test func withARenamedKeyMapTheMISpellingOfTheListIsUnknown() throws {
        let (keys, _) = try load(#"{"questions": "items"}"#)
        let result = try Fixture.read(#"{"Title": "T", "questions": []}"#, keys: keys)
        let seen = result.diagnostics.seen
        #expect(seen.first == Seen(.error, "template.missing-questions", "", 1, 1))
        // Only case away from the early 'Questions', which the map did not rename: an error.
        #expect(seen.contains(Seen(.error, "template.unknown-key", "/questions", 1, 16)))
        #expect(result.diagnostics.first?.message == "the template has no 'items' list")
    }
}
