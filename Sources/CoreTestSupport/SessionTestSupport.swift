import QuestionKit
import QuestionKitForms
import Testing

/// Templates and helpers for the form-session tests.
enum SessionFixture {
    /// yes-no, score and a `text` type (blank text is not an answer).
    static func registry() throws -> QuestionTypeRegistry {
        try QuestionTypeRegistry([
            YesNoTestQuestion(), ScoreTestQuestion(), ConfigurableTestQuestion(identifier: "text"),
        ])
    }

    /// Question 1 text, question 2 yes-no (accepted: yes), question 3 a score out of 5.
    static let threeQuestions = [
        #"{"answer-type": "text", "question": "Serial number?"}"#,
        #"{"answer-type": "yes-no", "question": "Valve closed?", "acceptedAnswer": "yes"}"#,
        #"{"answer-type": "score", "question": "Condition?", "max-score": 5}"#,
    ]

    /// A usable template of `questions`.
    static func template(_ questions: [String] = threeQuestions) throws -> Template {
        let result = try TemplateReader(registry: registry()).read(Array(Fixture.template(questions).utf8))
        #expect(!result.diagnostics.containsErrors, "\(result.diagnostics)")
        return try #require(result.template)
    }

    /// A template of `count` text questions.
    static func textTemplate(_ count: Int) throws -> Template {
        try template((1...count).map { #"{"answer-type": "text", "question": "Q\#($0)"}"# })
    }

    /// A new session of `questions`, filled by "ana".
    static func session(_ questions: [String] = threeQuestions) throws -> FormSession {
        try FormSession(template: template(questions), technician: "ana")
    }

    /// A session of the three questions, each answered and saved with Next, now in the review.
    static func reviewed() throws -> FormSession {
        var session = try session()
        for value in [#""SN-1""#, #""yes""#, "4"] {
            try session.answer(value)
            try session.next()
        }
        #expect(session.phase == .review)
        return session
    }
}

extension FormSession {
    /// Reads `json` as the answer of the question shown; the problems come back as diagnostics.
    @discardableResult
    mutating func answer(_ json: String) throws -> (set: Bool, diagnostics: [Diagnostic]) {
        let document = try #require(JSONParser.parse(Array(json.utf8)).document)
        var problems = ProblemCollector(document: document)
        let set = try answer(with: document.root, problems: &problems)
        return (set, problems.diagnostics())
    }

    /// Everything observable about the session, to compare before and after a step.
    var snapshot: SessionSnapshot { SessionSnapshot(self) }

    /// The saved answer of question `number` (1-based) as JSON text, or nil.
    func savedAnswer(_ number: Int) -> String? {
        SessionSnapshot.text(of: form.entries[number - 1].answer, for: template.questions[number - 1])
    }

    /// The draft's answer as JSON text, or nil.
    var draftAnswer: String? {
        currentQuestion.flatMap { SessionSnapshot.text(of: draft.answer, for: $0) }
    }
}

/// A session's observable state in comparable form; answers as the JSON their type writes.
struct SessionSnapshot: Equatable, CustomStringConvertible {
    struct Entry: Equatable {
        var answer: String?
        var comment: String
        var media: [MediaAttachment]
    }

    var phase: FormSession.Phase
    var current: Int
    var draft: Entry
    var entries: [Entry]
    var people: [String?]

    init(_ session: FormSession) {
        let questions = session.template.questions
        phase = session.phase
        current = session.current
        let shown = session.currentQuestion
        draft = Entry(
            answer: shown.flatMap { Self.text(of: session.draft.answer, for: $0) }, comment: session.draft.comment,
            media: session.draft.media)
        entries = zip(questions, session.form.entries).map { question, entry in
            Entry(answer: Self.text(of: entry.answer, for: question), comment: entry.comment, media: entry.media)
        }
        let form = session.form
        people = [form.technician, form.completedDate, form.foreman, form.foremanComment, form.submittedDate]
    }

    static func text(of answer: QuestionAnswer?, for question: Question) -> String? {
        answer.flatMap(question.encodeAnswer).map { JSONWriter.text(of: $0, indent: 0) }
    }

    var description: String { "\(phase) at \(current), draft \(draft), entries \(entries), \(people)" }
}
