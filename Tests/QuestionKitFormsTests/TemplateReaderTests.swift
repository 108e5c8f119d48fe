import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

/// A clean yes-no question, for templates whose questions are not the point.
private let plainQuestion = #"{"answer-type": "yes-no", "question": "Q"}"#

@Suite("Template reader: the template level")
struct TemplateReaderTests {
    @Test(arguments: [
        ("[]", "an array"), ("\"x\"", "a string"), ("42", "a number"), ("null", "null"), ("true", "a boolean"),
    ])
    func rootMustBeAnObject(text: String, kind: String) throws {
        let result = try Fixture.read(text)
        #expect(result.template == nil)
        #expect(!result.isUsable)
        #expect(result.diagnostics.seen == [Seen(.error, "template.not-an-object", "", 1, 1)])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message == "a template must be a JSON object, not \(kind)")
        #expect(diagnostic.hint == "Write {\"Title\": \"…\", \"questions\": [ … ]}.")
    }

    @Test func missingQuestionsIsAnError() throws {
        let result = try Fixture.read(#"{"Title": "T"}"#)
        #expect(result.diagnostics.seen == [Seen(.error, "template.missing-questions", "", 1, 1)])
        #expect(result.diagnostics.first?.message == "the template has no 'questions' list")
        #expect(result.diagnostics.first?.hint == "Add \"questions\": [ … ] with one object per question.")
        let template = try #require(result.template)
        #expect(template.questions.isEmpty)
        #expect(template.title == "T")
        #expect(!result.isUsable)
    }

    @Test func questionsMustBeAnArray() throws {
        let result = try Fixture.read(#"{"Title": "T", "questions": {}}"#)
        #expect(result.diagnostics.seen == [Seen(.error, "template.questions-not-array", "/questions", 1, 29)])
        #expect(result.diagnostics.first?.message == "'questions' must be an array, not an object")
        #expect(result.diagnostics.first?.hint == "Write \"questions\": [ {…}, {…} ].")
    }

    @Test func earlyQuestionsMustBeAnArrayToo() throws {
        let result = try Fixture.read(#"{"Title": "T", "Questions": "none"}"#)
        #expect(
            result.diagnostics.seen == [
                Seen(.note, "template.early-questions-key", "/Questions", 1, 16),
                Seen(.error, "template.questions-not-array", "/Questions", 1, 29),
            ])
        #expect(result.diagnostics.last?.message == "'Questions' must be an array, not a string")
    }

    @Test func emptyQuestionListIsAWarning() throws {
        let result = try Fixture.read(#"{"Title": "T", "questions": []}"#)
        #expect(result.diagnostics.seen == [Seen(.warning, "template.no-questions", "/questions", 1, 29)])
        #expect(result.diagnostics.first?.message == "the template has no questions")
        #expect(result.isUsable)
    }

    @Test func earlyQuestionsKeyIsReadWithANoteAtTheKey() throws {
        let text = """
            {
              "Title": "T",
              "Questions": [
                \(plainQuestion)
              ]
            }
            """
        let result = try Fixture.read(text)
        #expect(result.diagnostics.seen == [Seen(.note, "template.early-questions-key", "/Questions", 3, 3)])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message == "'Questions' is the early spelling of 'questions'")
        #expect(diagnostic.hint == "Rename the key to 'questions'.")
        #expect(result.template?.questions.count == 1)
        #expect(result.template?.questions.first?.node.pointer == "/Questions/0")
        #expect(result.isUsable)
    }

    @Test func earlyVersionKeyIsReadWithANoteAtTheKey() throws {
        let text = """
            {
              "Title": "T",
              "version": "3",
              "questions": [\(plainQuestion)]
            }
            """
        let result = try Fixture.read(text)
        #expect(result.diagnostics.seen == [Seen(.note, "template.early-revision-key", "/version", 3, 3)])
        #expect(result.diagnostics.first?.message == "'version' is the early spelling of 'RevisionNumber'")
        #expect(result.diagnostics.first?.hint == "Rename the key to 'RevisionNumber'.")
        #expect(result.template?.revision == "3")
    }

    @Test func revisionNumberWinsOverVersion() throws {
        let text = """
            {
              "Title": "T",
              "RevisionNumber": "4",
              "version": "3",
              "questions": [\(plainQuestion)]
            }
            """
        let result = try Fixture.read(text)
        #expect(result.diagnostics.seen == [Seen(.warning, "template.early-revision-key", "/version", 4, 3)])
        #expect(result.diagnostics.first?.hint == "Remove 'version'; 'RevisionNumber' is used.")
        #expect(result.template?.revision == "4")
    }

    @Test func bothQuestionKeysWarnAndTheEarlyListIsIgnored() throws {
        let text = """
            {
              "Title": "T",
              "questions": [{"answer-type": "yes-no", "question": "Q1"}],
              "Questions": [{"answer-type": "nope"}, {"answer-type": "yes-no", "question": "Q2"}]
            }
            """
        let result = try Fixture.read(text)
        #expect(result.diagnostics.seen == [Seen(.warning, "template.both-question-keys", "/Questions", 4, 3)])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message == "both 'questions' and 'Questions' are present; 'Questions' is ignored")
        #expect(diagnostic.hint == "Remove 'Questions'.")
        #expect(result.template?.questions.map(\.text) == ["Q1"])
    }

    @Test func metadataValuesMustBeStrings() throws {
        let text = """
            {
              "Title": "T",
              "RevisionNumber": 2,
              "email": {"to": "x"},
              "PreparedBy": "Ann",
              "questions": [\(plainQuestion)]
            }
            """
        let result = try Fixture.read(text)
        #expect(
            result.diagnostics.seen == [
                Seen(.warning, "template.metadata-not-string", "/RevisionNumber", 3, 21),
                Seen(.warning, "template.metadata-not-string", "/email", 4, 12),
            ])
        #expect(
            result.diagnostics.map(\.message) == [
                "'RevisionNumber' should be a string, not a number", "'email' should be a string, not an object",
            ])
        #expect(
            result.diagnostics.map(\.hint) == [
                "Write \"RevisionNumber\": \"2\"; template metadata values are strings.",
                "Write \"email\": \"…\"; template metadata values are strings.",
            ])
        let template = try #require(result.template)
        #expect(template.metadata.map(\.key) == ["Title", "PreparedBy"])
        #expect(template.metadata.map(\.value) == ["T", "Ann"])
        #expect(template.revision == nil)
    }

    @Test func unknownTopLevelKeyIsReportedAtTheKeyWithASuggestion() throws {
        let text = """
            {
              "Titel": "Pump check",
              "questions": [\(plainQuestion)]
            }
            """
        let result = try Fixture.read(text)
        #expect(
            result.diagnostics.seen == [
                Seen(.warning, "template.missing-title", "", 1, 1),
                // One edit from 'Title': an error, since the title it means is silently missing.
                Seen(.error, "template.unknown-key", "/Titel", 2, 3),
            ])
        let unknown = try #require(result.diagnostics.last)
        #expect(unknown.message == "unknown key 'Titel' in the template")
        #expect(unknown.hint == "Did you mean 'Title'?")
        let rename = try #require(unknown.fixes.first)
        #expect(unknown.fixes.count == 1 && rename.isSafe)
        #expect(rename.edits == [SourceEdit(range: 4..<11, replacement: #""Title""#)])
        #expect(result.template?.title == nil)
    }

    @Test func unknownTopLevelKeyFarFromAnyKnownKeyHasNoSuggestion() throws {
        let result = try Fixture.read(#"{"Title": "T", "zzzzzz": "x", "questions": [\#(plainQuestion)]}"#)
        #expect(result.diagnostics.seen == [Seen(.warning, "template.unknown-key", "/zzzzzz", 1, 16)])
        #expect(result.diagnostics.first?.hint == "It is ignored; remove it if it is not needed.")
    }

    @Test func completedFormKeysAreKnown() throws {
        let text = """
            {"Title": "T", "_id": "abc", "username": "ann", "completedDate": "Jan 2, 2024",
             "SubmittedDate": "Jan 3, 2024", "foremanComment": {"comment": "ok", "supervisor": "bob"},
             "media": {"images": {}}, "questions": [\(plainQuestion)]}
            """
        let result = try Fixture.read(text)
        #expect(result.diagnostics.isEmpty)
        // `_id` is a database id: known, but not metadata.
        #expect(result.template?.metadata.map(\.key) == ["Title", "username", "completedDate", "SubmittedDate"])
    }

    @Test func missingTitleIsAWarningOnTheRoot() throws {
        let result = try Fixture.read(#"{"questions": [\#(plainQuestion)]}"#)
        #expect(result.diagnostics.seen == [Seen(.warning, "template.missing-title", "", 1, 1)])
        #expect(result.diagnostics.first?.message == "the template has no 'Title'")
        #expect(result.diagnostics.first?.hint == "Add \"Title\": \"…\"; it heads the form and names its folder.")
        #expect(result.isUsable)
    }

    static let manyProblems = """
        {
          "Titel": "Pump check",
          "version": 2,
          "questions": [
            {"answer-type": "yes-no", "question": ""},
            {"answer-type": "maybe", "question": "Q2"},
            {"question": "Q3"},
            7,
            {"answer-type": "score", "question": "Q5", "max-score": 5}
          ]
        }
        """

    @Test func everyProblemIsReportedTogetherInSourceOrder() throws {
        let result = try Fixture.read(Self.manyProblems)
        #expect(
            result.diagnostics.seen == [
                Seen(.warning, "template.missing-title", "", 1, 1),
                Seen(.error, "template.unknown-key", "/Titel", 2, 3),
                Seen(.note, "template.early-revision-key", "/version", 3, 3),
                Seen(.warning, "template.metadata-not-string", "/version", 3, 14),
                Seen(.warning, "question.empty-text", "/questions/0/question", 5, 43),
                Seen(.error, "question.unknown-type", "/questions/1/answer-type", 6, 21),
                Seen(.error, "question.missing-answer-type", "/questions/2", 7, 5),
                Seen(.error, "question.not-an-object", "/questions/3", 8, 5),
            ])
        #expect(result.diagnostics[5].message == "unknown answer-type 'maybe'")
        #expect(result.diagnostics[5].hint == "Known types: 'yes-no', 'score' or 'gives-up'.")
        #expect(result.diagnostics[6].message == "question 3 has no 'answer-type'")
        #expect(result.diagnostics[7].message == "question 4 must be an object, not a number")
        let template = try #require(result.template)
        #expect(template.questions.map(\.number) == [1, 5])
        #expect(template.revision == nil)
        #expect(!result.isUsable)
    }

    @Test func aQuestionOfUnknownTypeIsLeftOutAndTheOthersAreRead() throws {
        let result = try Fixture.readQuestions(
            #"{"answer-type": "yes-no", "question": "Q1", "strict": true}"#,
            #"{"answer-type": "nope", "question": "Q2"}"#,
            #"{"answer-type": "score", "question": "Q3", "max-score": "7"}"#)
        #expect(result.diagnostics.seen == [Seen(.error, "question.unknown-type", "/questions/1/answer-type", 3, 17)])
        let questions = try #require(result.template?.questions)
        #expect(questions.map(\.number) == [1, 3])
        #expect(questions.map(\.index) == [0, 2])
        #expect(questions.map(\.type.description.identifier) == ["yes-no", "score"])
        #expect(questions.map(\.text) == ["Q1", "Q3"])
        #expect(questions.map(\.node.pointer) == ["/questions/0", "/questions/2"])
        #expect(questions[0].definition(of: YesNoTestQuestion.self) == YesNoTestQuestion.Definition(strict: true))
        #expect(questions[0].definition(of: ScoreTestQuestion.self) == nil)
        #expect(questions[1].definition(of: ScoreTestQuestion.self) == 7)
    }

    @Test(arguments: [
        TemplateReaderTests.manyProblems,
        #"{"Title": "A", "Titel": "x", "Title": "B", "questions": [{"answer-type": 1}]}"#,
        #"{"Title": "A", "questions": [}"#,
        "[1]",
    ])
    func diagnoseGivesTheSameDiagnosticsAsReadRecovering(text: String) throws {
        let reader = try TemplateReader(registry: Fixture.registry())
        let read = reader.readRecovering(Array(text.utf8)).diagnostics
        #expect(!read.isEmpty)
        #expect(reader.diagnose(Array(text.utf8)) == read)
    }

    @Test func parserWarningsAreMergedInSourceOrder() throws {
        let text = """
            {
              "Title": "A",
              "Titel": "x",
              "Title": "B",
              "questions": [{"answer-type": "nope", "question": "Q"}]
            }
            """
        let result = try Fixture.read(text)
        #expect(
            result.diagnostics.seen == [
                // Beside 'Title' nothing is missing: the near miss stays a warning, without a fix.
                Seen(.warning, "template.unknown-key", "/Titel", 3, 3),
                Seen(.warning, "json.duplicate-key", "/Title", 4, 3),
                Seen(.error, "question.unknown-type", "/questions/0/answer-type", 5, 33),
            ])
        #expect(result.diagnostics[0].fixes.isEmpty)
        #expect(result.diagnostics[0].hint == "Did you mean 'Title'? 'Title' is present too; remove one.")
        #expect(result.template?.title == "B")
    }

    @Test func aSyntaxErrorGivesNoTemplate() throws {
        let result = try Fixture.read(#"{"Title": "A", "questions": [}"#)
        #expect(result.template == nil)
        #expect(result.diagnostics.seen.map(\.code) == ["json.unexpected-character"])
        #expect(result.diagnostics.first?.severity == .error)
    }
}
