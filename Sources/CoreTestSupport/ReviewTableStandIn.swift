import QuestionKit
import QuestionKitForms
import Testing

/// `table-answer` (qid "3"), a stand-in: cells `"r,c"` (1-based, counting the header row and the
/// label column) under `table-answer`; check rows hold "yes"/"no"; `noCells` stay empty.
struct StandInTableQuestion: QuestionType {
    static let tableKeys = ["numRows", "numColumns", "firstRow", "firstColumn", "rowType", "noCells"].map {
        Key($0, summary: "Table layout.")
    }

    struct Definition: Sendable {
        var header: [String]
        var labels: [String]
        var rowTypes: [String]
        var noCells: Set<String>
        var rows: Int { labels.count }
        var columns: Int { header.count }

        var fillableCells: [String] {
            (2...max(2, rows)).flatMap { row in (2...max(2, columns)).map { "\(row),\($0)" } }
                .filter { !noCells.contains($0) }
        }
    }

    var description: QuestionTypeDescription {
        QuestionTypeDescription(
            identifier: "table-answer", summary: "A grid (stand-in).", legacyTypeCode: "3", keys: Self.tableKeys,
            examples: [])
    }
    var answerKey: Key { .tableAnswer }

    func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Definition? {
        func strings(_ name: String) -> [String] { question.node[name]?.elements.compactMap(\.stringValue) ?? [] }
        return Definition(
            header: strings("firstRow"), labels: strings("firstColumn"), rowTypes: strings("rowType"),
            noCells: Set(strings("noCells")))
    }

    func parseAnswer(
        _ value: JSONNode, for definition: Definition, problems: inout ProblemCollector
    ) -> [String: String]? {
        guard value.kind == .object else {
            problems.error(StandInTableQuestion.Code.notAnObject, "the answer must be an object of cells", at: value)
            return nil
        }
        var cells: [String: String] = [:]
        for member in value.members {
            guard definition.fillableCells.contains(member.key), var text = member.value.stringValue else {
                problems.error(
                    StandInTableQuestion.Code.badCell, "'\(member.key)' is not a fillable cell", at: member.value)
                return nil
            }
            if isCheckRow(member.key, of: definition) {
                text = text.lowercased()
                guard text == "yes" || text == "no" else {
                    problems.error(
                        StandInTableQuestion.Code.notYesOrNo, "a check cell holds yes or no", at: member.value)
                    return nil
                }
            }
            cells[member.key] = text
        }
        return cells
    }

    private func isCheckRow(_ cell: String, of definition: Definition) -> Bool {
        guard let row = cell.split(separator: ",").first.flatMap({ Int($0) }) else { return false }
        return definition.rowTypes.indices.contains(row - 1) && definition.rowTypes[row - 1] == "check"
    }

    func isAnswered(_ answer: [String: String], for definition: Definition) -> Bool {
        definition.fillableCells.allSatisfy { !TypedText.isBlank(answer[$0] ?? "") }
    }

    func encodeAnswer(_ answer: [String: String], for definition: Definition) -> JSONWriter.Value {
        .object(definition.fillableCells.compactMap { cell in answer[cell].map { (cell, .string($0)) } })
    }

    func render(_ answer: [String: String]?, of definition: Definition) -> AnswerRendering {
        let rows = (2...max(2, definition.rows)).map { row in
            AnswerRendering.Grid.Row(
                label: definition.labels.indices.contains(row - 1) ? definition.labels[row - 1] : "",
                cells: (2...max(2, definition.columns)).map { column -> AnswerRendering.Cell in
                    let cell = "\(row),\(column)"
                    if definition.noCells.contains(cell) { return .noCell }
                    if isCheckRow(cell, of: definition) { return .check(answer?[cell].map { $0 == "yes" }) }
                    return .text(answer?[cell] ?? "")
                })
        }
        return AnswerRendering([.grid(AnswerRendering.Grid(header: definition.header, rows: rows))])
    }
}

/// Forms for the review, export and completed-form tests.
enum ReviewFixture {
    static func registry() throws -> QuestionTypeRegistry {
        try QuestionTypeRegistry([
            StandInShortAnswerQuestion(), StandInChoiceQuestion.trueFalse, StandInChoiceQuestion.multipleChoice,
            StandInTableQuestion(),
        ])
    }

    static func reader(keys: KeyMap = .mi) throws -> TemplateReader {
        try TemplateReader(registry: registry(), keys: keys)
    }

    /// Reads `text` as a template; fails the test on an error.
    static func template(_ text: String, keys: KeyMap = .mi) throws -> Template {
        let result = try reader(keys: keys).read(Array(text.utf8))
        #expect(!result.diagnostics.containsErrors, "\(result.diagnostics)")
        return try #require(result.template)
    }

    /// Reads `json` (an answer value) as the answer to `question`; fails the test on a problem.
    static func answer(_ json: String, to question: Question) throws -> QuestionAnswer {
        let document = try #require(JSONParser.parse(Array(json.utf8)).document)
        var problems = ProblemCollector(document: document)
        let answer = question.parseAnswer(document.root, problems: &problems)
        #expect(problems.problems.isEmpty, "\(problems.diagnostics())")
        return try #require(answer)
    }

    /// A filled form of `template` with `answers` (answer JSON by question position).
    static func form(_ template: Template, answers: [Int: String]) throws -> FilledForm {
        var form = FilledForm(template: template)
        for (position, json) in answers {
            form.entries[position].answer = try answer(json, to: template.questions[position])
        }
        return form
    }
}

extension ReviewFixture {
    /// A template with one question of each kind, non-ASCII text, a number literal kept as
    /// written (`1.50`), an `_id` and a key no reader knows.
    static let inspection = """
        {
          "Title": "Prüfung Pumpe P-101",
          "RevisionNumber": "1.10",
          "MIDiscipline": "Mechanical",
          "InstructionNumber": "MI-7",
          "_id": "5f3a9c2e",
          "x-editor": {"zoom": 1.50, "grid": [1e3, -0.0, true, null]},
          "questions": [
            {"answer-type": "true/false", "question": "Pump isolated?", "section": "Safety",
             "qid": "2", "answers": ["yes", "no"], "acceptedAnswer": "Yes"},
            {"answer-type": "short-answer", "question": "Oil temperature (°C)", "section": "Readings",
             "numberInput": true, "acceptedAnswer": {"from": "0", "to": "75"}},
            {"answer-type": "multiple-choice", "question": "Coupling condition", "section": "Readings",
             "answers": ["Good", "Worn", "Cracked", ""], "acceptedAnswer": ["Good"]},
            {"answer-type": "table-answer", "question": "Readings per sensor", "section": "Readings",
             "numRows": 3, "numColumns": 3, "firstRow": ["", "Temp °C", "Ω"],
             "firstColumn": ["", "温度 sensor", "Übertemperatur"], "rowType": ["", "text", "check"],
             "noCells": ["3,3"]},
            {"answer-type": "short-answer", "question": "Remarks", "numberInput": false}
          ]
        }
        """

    /// `inspection`, filled: a flagged temperature and condition, a table, one question unanswered.
    static func filledInspection(keys: KeyMap = .mi) throws -> FilledForm {
        let template = try template(inspection, keys: keys)
        var form = try form(
            template,
            answers: [
                0: #"["yes"]"#, 1: #""82.5""#, 2: #"["Worn", "Good"]"#,
                3: #"{"2,2": "41.5", "2,3": "12", "3,2": "no"}"#,
            ])
        form.entries[1].comment = "measured twice"
        form.entries[1].media = [
            MediaAttachment(kind: .image, name: "Qid1"), MediaAttachment(kind: .voice, name: "Qid1(2)"),
            MediaAttachment(kind: .image, name: "Qid1(3)"),
        ]
        form.entries[4].comment = "Nothing to add"
        form.technician = "jdoe"
        form.completedDate = "Mar 4, 2019"
        form.foreman = "Jürgen Weiß"
        form.foremanComment = "Checked on site."
        form.submittedDate = "Mar 5, 2019"
        return form
    }
}

extension StandInTableQuestion {
    /// What table questions and answers report, each code declared once.
    enum Code: String, DiagnosticCode, CaseIterable {
        case badCell = "table.bad-cell"
        case notAnObject = "table.not-an-object"
        case notYesOrNo = "table.not-yes-or-no"
    }
}
