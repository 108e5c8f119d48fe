import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

// Every question here is read inside a template by `Fixture.readQuestions`: the first question is
// on line 2, starting at column 1, so columns below are columns within the question's own text.

private let knownTypes = "'yes-no', 'score' or 'gives-up'"

@Suite("Question reader: type and shared fields")
struct QuestionReaderTests {
    @Test(arguments: [
        ("\"text\"", "a string"), ("[1]", "an array"), ("null", "null"), ("true", "a boolean"), ("3", "a number"),
    ])
    func questionMustBeAnObject(json: String, kind: String) throws {
        let result = try Fixture.readQuestions(json)
        #expect(result.diagnostics.seen == [Seen(.error, "question.not-an-object", "/questions/0", 2, 1)])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message == "question 1 must be an object, not \(kind)")
        // The hint names the first registered type, whatever the program registered.
        #expect(diagnostic.hint == "Write {\"answer-type\": \"yes-no\", \"question\": \"…\"}.")
        #expect(result.template?.questions.isEmpty == true)
    }

    @Test func answerTypeMustBeAString() throws {
        let result = try Fixture.readQuestions(#"{"answer-type": 5, "question": "Q"}"#)
        #expect(
            result.diagnostics.seen == [
                Seen(.error, "question.answer-type-not-string", "/questions/0/answer-type", 2, 17)
            ])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message == "'answer-type' must be a string, not a number")
        #expect(diagnostic.hint == "Use one of \(knownTypes).")
        #expect(result.template?.questions.isEmpty == true)
    }

    @Test(arguments: [
        ("yes-noo", "Did you mean 'yes-no'? Known types: \(knownTypes)."),
        ("scor", "Did you mean 'score'? Known types: \(knownTypes)."),
        ("yx", "Did you mean 'yn'? Known types: \(knownTypes)."),
        ("multiple-choice", "Known types: \(knownTypes)."),
    ])
    func unknownTypeListsTheTypesAndSuggestsTheNearest(identifier: String, hint: String) throws {
        let result = try Fixture.readQuestions(#"{"answer-type": "\#(identifier)", "question": "Q"}"#)
        #expect(result.diagnostics.seen == [Seen(.error, "question.unknown-type", "/questions/0/answer-type", 2, 17)])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message == "unknown answer-type '\(identifier)'")
        #expect(diagnostic.hint == hint)
        #expect(result.template?.questions.isEmpty == true)
    }

    @Test func anAliasSelectsItsType() throws {
        let result = try Fixture.readQuestions(#"{"answer-type": "yn", "question": "Q"}"#)
        #expect(result.diagnostics.isEmpty)
        #expect(result.template?.questions.first?.type.description.identifier == "yes-no")
    }

    @Test(arguments: [#""2""#, "2"])
    func missingAnswerTypeIsInferredFromAnInferableQid(qid: String) throws {
        let result = try Fixture.readQuestions(
            #"{"answer-type": "score", "question": "Q1", "max-score": 3}"#, #"{"qid": \#(qid), "question": "Q2"}"#)
        #expect(result.diagnostics.seen == [Seen(.warning, "question.answer-type-inferred", "/questions/1", 3, 1)])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message == "question 2 has no 'answer-type'; qid '2' makes it 'yes-no'")
        #expect(diagnostic.hint == #"Add "answer-type": "yes-no" and "max-answers": "1", as the original server did."#)
        #expect(result.template?.questions.map(\.type.description.identifier) == ["score", "yes-no"])
        #expect(result.isUsable)
    }

    /// The web editor's raw output: the original server's `modifyQuestions` added `answer-type` and
    /// `max-answers: "1"` to a qid "1" or "2" question, and the safe fix adds what it added, never
    /// changing a `max-answers` the question has.
    @Test(arguments: [
        (
            #"{"qid": "2", "question": "Q"}"#,
            #"{"answer-type": "yes-no", "max-answers": "1", "qid": "2", "question": "Q"}"#
        ),
        (
            #"{"qid": "2", "question": "Q", "max-answers": ""}"#,
            #"{"answer-type": "yes-no", "qid": "2", "question": "Q", "max-answers": ""}"#
        ),
        (
            "{\n      \"qid\": \"2\",\n      \"question\": \"Q\"\n    }",
            "{\n      \"answer-type\": \"yes-no\",\n      \"max-answers\": \"1\",\n      \"qid\": \"2\",\n"
                + "      \"question\": \"Q\"\n    }"
        ),
    ])
    func theInferredTypesFixAddsWhatTheOriginalServerAdded(question: String, fixed: String) throws {
        let result = try Fixture.readQuestions(question)
        let diagnostic = try #require(result.diagnostics.first { $0.code == "question.answer-type-inferred" })
        let fix = try #require(diagnostic.fixes.first)
        #expect(fix.isSafe)
        let applied = FixApplication.apply([fix], to: Array(Fixture.template([question]).utf8))
        #expect(applied.skipped.isEmpty)
        #expect(String(decoding: applied.bytes, as: UTF8.self) == Fixture.template([fixed]))
    }

    @Test func missingAnswerTypeWithANonInferableQidIsAnErrorNamingTheType() throws {
        let result = try Fixture.readQuestions(#"{"qid": "5", "question": "Q", "max-score": 3}"#)
        #expect(result.diagnostics.seen == [Seen(.error, "question.missing-answer-type", "/questions/0", 2, 1)])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message == "question 1 has no 'answer-type'")
        #expect(diagnostic.hint == "qid '5' suggests \"answer-type\": \"score\".")
        #expect(result.template?.questions.isEmpty == true)
    }

    @Test(arguments: [#"{"question": "Q"}"#, #"{"qid": "9", "question": "Q"}"#])
    func missingAnswerTypeWithoutAUsefulQidListsTheTypes(json: String) throws {
        let result = try Fixture.readQuestions(json)
        #expect(result.diagnostics.seen == [Seen(.error, "question.missing-answer-type", "/questions/0", 2, 1)])
        #expect(result.diagnostics.first?.message == "question 1 has no 'answer-type'")
        #expect(result.diagnostics.first?.hint == "Add \"answer-type\" with one of \(knownTypes).")
    }

    // Early templates used "3" for multiple choice, the final editor for tables: with an answer-type, qid says nothing.
    @Test func qidOfAnotherTypeIsNotSecondGuessedWhenTheAnswerTypeIsPresent() throws {
        let result = try Fixture.readQuestions(#"{"answer-type": "yes-no", "qid": "5", "question": "Q"}"#)
        #expect(result.diagnostics.isEmpty)
        #expect(result.template?.questions.count == 1)
    }

    @Test(arguments: [#""2""#, "2"])
    func qidOfTheSameTypeIsFine(qid: String) throws {
        let result = try Fixture.readQuestions(#"{"answer-type": "yes-no", "qid": \#(qid), "question": "Q"}"#)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func missingQuestionText() throws {
        let result = try Fixture.readQuestions(#"{"answer-type": "yes-no"}"#)
        #expect(result.diagnostics.seen == [Seen(.error, "question.missing-text", "/questions/0", 2, 1)])
        #expect(result.diagnostics.first?.message == "question 1 has no 'question'")
        #expect(result.diagnostics.first?.hint == "Add \"question\": \"…\" with the text the technician reads.")
        #expect(!result.isUsable)
    }

    @Test(arguments: [("[\"a\"]", "an array"), ("7", "a number"), ("null", "null")])
    func questionTextMustBeAString(value: String, kind: String) throws {
        let result = try Fixture.readQuestions(#"{"answer-type": "yes-no", "question": \#(value)}"#)
        #expect(result.diagnostics.seen == [Seen(.error, "question.text-not-string", "/questions/0/question", 2, 39)])
        #expect(result.diagnostics.first?.message == "'question' must be a string, not \(kind)")
    }

    @Test(arguments: [#""""#, #""   ""#, #"" \t ""#, #""\u00a0""#])
    func blankQuestionTextIsAWarning(value: String) throws {
        let result = try Fixture.readQuestions(#"{"answer-type": "yes-no", "question": \#(value)}"#)
        #expect(result.diagnostics.seen == [Seen(.warning, "question.empty-text", "/questions/0/question", 2, 39)])
        #expect(result.diagnostics.first?.message == "question 1 has an empty 'question'")
        #expect(result.template?.questions.count == 1)
    }

    /// `validate` checks the text and section without making strings of them: the same problems.
    @Test(arguments: [
        #""""#, #""   ""#, #"" \t ""#, #""\u00a0""#, #""\u0020""#, #"" é ""#, #""x""#, #""\u00e9""#, "7", "null",
    ])
    func checkingFindsWhatReadingFinds(value: String) throws {
        let text = Fixture.template([
            #"{"answer-type": "yes-no", "question": \#(value), "section": \#(value)}"#
        ])
        let reader = TemplateReader(registry: try Fixture.registry())
        let read = reader.read(Array(text.utf8)).diagnostics
        #expect(reader.diagnose(Array(text.utf8)) == read)
        #expect(!read.isEmpty || value == #""x""# || value == #"" é ""# || value == #""\u00e9""#)
    }

    @Test func sectionMustBeAString() throws {
        let result = try Fixture.readQuestions(#"{"answer-type": "yes-no", "question": "Q", "section": 3}"#)
        #expect(result.diagnostics.seen == [Seen(.error, "question.section-not-string", "/questions/0/section", 2, 55)])
        #expect(result.diagnostics.first?.message == "'section' must be a string, not a number")
    }

    @Test func sectionIsReadAndNullMeansNone() throws {
        let result = try Fixture.readQuestions(
            #"{"answer-type": "yes-no", "question": "Q", "section": "Pumps"}"#,
            #"{"answer-type": "yes-no", "question": "Q", "section": null}"#)
        #expect(result.diagnostics.isEmpty)
        #expect(result.template?.questions.map(\.section) == ["Pumps", nil])
    }

    @Test func fillerKeysSharedByEveryQuestionAreNotReported() throws {
        let result = try Fixture.readQuestions(
            #"{"answer-type": "yes-no", "question": "Q", "answers": ["yes", "no", ""], "max-answers": 1, "#
                + #""acceptedAnswer": "yes", "qid": "2", "user-answer": {}, "section": "S"}"#)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func unknownQuestionKeyOneEditFromAKnownKeyIsAnErrorWithTheRename() throws {
        let result = try Fixture.readQuestions(#"{"answer-type": "yes-no", "question": "Q", "sectoin": "S"}"#)
        #expect(result.diagnostics.seen == [Seen(.error, "question.unknown-key", "/questions/0/sectoin", 2, 44)])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message == "unknown key 'sectoin' in a yes-no question")
        #expect(diagnostic.hint == "Did you mean 'section'?")
        #expect(diagnostic.fixes.map(\.title) == ["Rename 'sectoin' to 'section'"])
        #expect(!result.isUsable)
    }

    @Test(arguments: [
        ("strcit", Severity.error, "Did you mean 'strict'?"),
        ("sekton", Severity.warning, "Did you mean 'section'?"),
        ("zzzz", Severity.warning, "It is ignored; remove it if it is not needed."),
    ])
    func unknownKeyHints(key: String, severity: Severity, hint: String) throws {
        let result = try Fixture.readQuestions(#"{"answer-type": "yes-no", "question": "Q", "\#(key)": 1}"#)
        #expect(result.diagnostics.seen == [Seen(severity, "question.unknown-key", "/questions/0/\(key)", 2, 44)])
        #expect(result.diagnostics.first?.hint == hint)
        // Only a key one edit from exactly one known key has an obvious rename.
        #expect(result.diagnostics.first?.fixes.isEmpty == (severity == .warning))
    }

    @Test func aKeyOfAnotherTypeSaysWhichTypeItBelongsTo() throws {
        let result = try Fixture.readQuestions(#"{"answer-type": "yes-no", "question": "Q", "max-score": 3}"#)
        #expect(result.diagnostics.seen == [Seen(.warning, "question.unknown-key", "/questions/0/max-score", 2, 44)])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message == "'max-score' is not read by yes-no questions")
        #expect(diagnostic.hint == "It belongs to score questions; remove it or change the type.")
    }

    @Test func aTypeThatGivesUpSilentlyGetsAnUnreadableError() throws {
        let result = try Fixture.readQuestions(#"{"answer-type": "gives-up", "question": "Q"}"#)
        #expect(result.diagnostics.seen == [Seen(.error, "question.unreadable", "/questions/0", 2, 1)])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.message == "question 1 could not be read as 'gives-up'")
        #expect(diagnostic.hint == nil)
        #expect(result.template?.questions.isEmpty == true)
    }

    @Test func aTypeThatGivesUpWithAReasonGetsNoExtraError() throws {
        let result = try Fixture.readQuestions(
            #"{"answer-type": "yes-no", "question": "Q", "strict": 1}"#, #"{"answer-type": "score", "question": "Q"}"#)
        #expect(
            result.diagnostics.seen == [
                Seen(.error, "yes-no.strict-not-boolean", "/questions/0/strict", 2, 54),
                Seen(.error, "score.missing-max-score", "/questions/1", 3, 1),
            ])
        #expect(result.template?.questions.map(\.number) == [1])
    }

    @Test func sharedFieldsAreCheckedEvenWhenTheTypeIsUnknown() throws {
        let result = try Fixture.readQuestions(#"{"answer-type": "nope", "question": 1, "section": 2}"#)
        #expect(
            result.diagnostics.seen.map(\.code) == [
                "question.unknown-type", "question.text-not-string", "question.section-not-string",
            ])
    }
}

@Suite("Question reader: helpInfo")
struct QuestionHelpTests {
    /// A yes-no question whose `helpInfo` value starts at column 56.
    private func readHelp(_ help: String) throws -> TemplateReader.Result {
        try Fixture.readQuestions(#"{"answer-type": "yes-no", "question": "Q", "helpInfo": \#(help)}"#)
    }

    @Test func validHelpIsRead() throws {
        let result = try readHelp(#"{"text": "Use a torch.", "images": [{"imageText": "Valve", "image": "aGk="}]}"#)
        #expect(result.diagnostics.isEmpty)
        let help = try #require(result.template?.questions.first?.help)
        #expect(help == QuestionHelp(text: "Use a torch.", images: [.init(text: "Valve", base64: "aGk=")]))
    }

    @Test func nullHelpIsNoHelp() throws {
        let result = try readHelp("null")
        #expect(result.diagnostics.isEmpty)
        let question = try #require(result.template?.questions.first)
        #expect(question.help == nil)
    }

    @Test func helpMustBeAnObject() throws {
        let result = try readHelp(#""see the manual""#)
        #expect(result.diagnostics.seen == [Seen(.error, "question.help-not-object", "/questions/0/helpInfo", 2, 56)])
        #expect(result.diagnostics.first?.message == "'helpInfo' must be an object, not a string")
        #expect(result.diagnostics.first?.hint == "Write \"helpInfo\": {\"text\": \"…\"}.")
    }

    @Test func helpTextMustBeAString() throws {
        let result = try readHelp(#"{"text": 5}"#)
        #expect(
            result.diagnostics.seen == [
                Seen(.error, "question.help-text-not-string", "/questions/0/helpInfo/text", 2, 65)
            ])
        #expect(result.diagnostics.first?.message == "'text' must be a string, not a number")
    }

    @Test func helpImagesMustBeAnArray() throws {
        let result = try readHelp(#"{"images": {}}"#)
        #expect(
            result.diagnostics.seen == [
                Seen(.error, "question.help-images-not-array", "/questions/0/helpInfo/images", 2, 67)
            ])
        #expect(result.diagnostics.first?.message == "'images' must be an array, not an object")
    }

    @Test func helpImageMustBeAnObject() throws {
        let result = try readHelp(#"{"images": ["x"]}"#)
        #expect(
            result.diagnostics.seen == [
                Seen(.error, "question.help-image-not-object", "/questions/0/helpInfo/images/0", 2, 68)
            ])
        #expect(result.diagnostics.first?.message == "a help image must be an object, not a string")
        #expect(result.diagnostics.first?.hint == "Write {\"imageText\": \"…\", \"image\": \"<base64>\"}.")
    }

    @Test(arguments: [#"{"imageText": "c"}"#, #"{"image": 5}"#, #"{"image": null}"#])
    func helpImageNeedsABase64String(image: String) throws {
        let result = try readHelp(#"{"images": [\#(image)]}"#)
        #expect(
            result.diagnostics.seen == [
                Seen(.error, "question.help-image-missing", "/questions/0/helpInfo/images/0", 2, 68)
            ])
        #expect(result.diagnostics.first?.message == "a help image needs 'image' as a base64 string")
    }

    @Test func helpImageThatIsNotBase64IsAWarning() throws {
        let result = try readHelp(#"{"images": [{"image": "not base64!"}]}"#)
        #expect(
            result.diagnostics.seen == [
                Seen(.warning, "question.help-image-not-base64", "/questions/0/helpInfo/images/0/image", 2, 78)
            ])
        #expect(result.diagnostics.first?.message == "the help image is not valid base64")
        #expect(result.template?.questions.first?.help?.images.map(\.base64) == ["not base64!"])
    }

    @Test func unknownKeyInHelpIsReportedAtTheKey() throws {
        let result = try readHelp(#"{"txt": "x"}"#)
        // One edit from 'text': an error, since the help text it means is missing.
        #expect(result.diagnostics.seen == [Seen(.error, "question.unknown-key", "/questions/0/helpInfo/txt", 2, 57)])
        #expect(result.diagnostics.first?.message == "unknown key 'txt' in 'helpInfo'")
        #expect(result.diagnostics.first?.hint == "Did you mean 'text'?")
    }

    @Test func unknownKeyInAHelpImageListsTheImageKeys() throws {
        let result = try readHelp(#"{"images": [{"caption": "c", "image": "aGk="}]}"#)
        #expect(
            result.diagnostics.seen == [
                Seen(.warning, "question.unknown-key", "/questions/0/helpInfo/images/0/caption", 2, 69)
            ])
        #expect(result.diagnostics.first?.hint == "Known keys: 'imageText' or 'image'.")
    }

    @Test(arguments: [
        ("aGk=", true), ("aGVsbG8=", true), ("aGVsbG8h", true), ("aGVs\nbG8=", true), ("aGVs\r\nbG8h", true),
        ("aGk", false), ("aG=k", false), ("aG===", false), ("aGk=!", false), ("aGk =", false), ("aGVsbG8-", false),
    ])
    func base64Check(text: String, looksLikeBase64: Bool) {
        #expect(QuestionReader.looksLikeBase64(text) == looksLikeBase64)
    }
}
