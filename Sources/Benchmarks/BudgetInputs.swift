import FormGenerators
import Foundation

/// `Benchmarks budget-inputs FOLDER [name=count ...]`: writes the generated inputs of
/// `Scripts/check-budgets.sh` (issue 18) into FOLDER, at the sizes the script names: templates
/// that print nothing, each hostile shape, a folder of fixtures, forms to replay and export, and
/// a scripted language-server session, and a FHIR Questionnaire and a SurveyJS survey to convert, and a
/// template with answers whose completed form converts to a QuestionnaireResponse and back.
enum BudgetInputs {
    static let option = "budget-inputs"

    /// The sizes, each overridden by a `name=count` argument.
    static let defaultSizes = [
        "validate": 100_000, "errors": 20_000, "duplicates": 100_000, "longKey": 2_000_000, "fixtures": 2_000,
        "fixtureQuestions": 20, "lsp": 1_000, "lspEdits": 100, "largeForm": 0, "logic": 100_000,
        "logicChain": 2_000, "logicFixtures": 20, "datasetForms": 2_000, "interchange": 100_000,
        "response": 20_000,
    ]

    /// Writes every input; exits 0, 64 on a bad argument, 1 when a file cannot be written.
    static func main(_ arguments: [String]) -> Int32 {
        guard let folder = arguments.first else {
            print("usage: Benchmarks \(option) FOLDER [name=count ...]; names: \(defaultSizes.keys.sorted())")
            return 64
        }
        var sizes = defaultSizes
        for argument in arguments.dropFirst() {
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, sizes[parts[0]] != nil, let count = Int(parts[1]), count > 0 else {
                print("bad size '\(argument)'; expected name=count with a name of \(defaultSizes.keys.sorted())")
                return 64
            }
            sizes[parts[0]] = count
        }
        do {
            try write(to: folder, sizes: sizes)
        } catch {
            print("could not write the inputs: \(error)")
            return 1
        }
        return 0
    }

    private static func write(to folder: String, sizes: [String: Int]) throws {
        let size = { (name: String) in sizes[name] ?? 1 }
        let files: [(String, String)] = [
            ("validate.json", TemplateGenerator.template(questions: size("validate"), padded: false)),
            ("small.json", TemplateGenerator.template(questions: 4, padded: false)),
            ("hostile-errors.json", HostileTemplateGenerator.questionsInError(size("errors"))),
            ("hostile-nocells.json", HostileTemplateGenerator.duplicateNoCells(size("duplicates"))),
            ("hostile-options.json", HostileTemplateGenerator.duplicateOptions(size("duplicates"))),
            ("hostile-keys.json", HostileTemplateGenerator.duplicateKeys(size("duplicates"))),
            ("hostile-unknown.json", HostileTemplateGenerator.unknownKeys(size("duplicates"))),
            ("hostile-long-key.json", HostileTemplateGenerator.longKeyTemplate(length: size("longKey"))),
            ("hostile-long-key-map.json", HostileTemplateGenerator.longKeyMap(length: size("longKey"))),
            ("form-1k.json", TemplateGenerator.template(questions: 1_000, padded: false)),
            ("answers-1k.json", FixtureGenerator.fixture(questions: 1_000, seed: 1)),
            ("form-10k.json", TemplateGenerator.template(questions: 10_000, padded: false)),
            ("answers-10k.json", FixtureGenerator.fixture(questions: 10_000, seed: 1)),
            ("lsp.jsonrpc", languageServerSession(questions: size("lsp"), edits: size("lspEdits"))),
            ("logic-chain.json", LogicTemplateGenerator.chain(size("logic"))),
            ("logic-conditions.json", LogicTemplateGenerator.conditionsOnOneQuestion(size("logic"))),
            ("fhir.json", InterchangeGenerator.fhirQuestionnaire(questions: size("interchange"))),
            ("surveyjs.json", InterchangeGenerator.surveyJSSurvey(questions: size("interchange"))),
            // A template and its answers, replayed to the completed form that converts to a QuestionnaireResponse.
            ("response-form.json", TemplateGenerator.template(questions: size("response"), padded: false)),
            ("response-answers.json", FixtureGenerator.fixture(questions: size("response"), seed: 1)),
        ]
        // Scripts/benchmark.sh replays a larger form too (its memory); the budget does not.
        let large = size("largeForm")
        let largeFiles =
            large > 0
            ? [
                ("form-large.json", TemplateGenerator.template(questions: large, padded: false)),
                ("answers-large.json", FixtureGenerator.fixture(questions: large, seed: 1)),
            ] : []
        try FileManager.default.createDirectory(atPath: folder + "/fixtures", withIntermediateDirectories: true)
        for (name, text) in files + largeFiles {
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        // A chain's fixtures for `test --coverage`: fixture k answers the first k × chain/count
        // questions, so that every condition is made true by some fixture and false by another.
        let chain = size("logicChain")
        let chainFixtures = size("logicFixtures")
        try FileManager.default.createDirectory(atPath: folder + "/logic-fixtures", withIntermediateDirectories: true)
        try Data(LogicTemplateGenerator.chain(chain).utf8).write(
            to: URL(fileURLWithPath: folder + "/logic-fixtures/chain.json"))
        for index in 0..<chainFixtures {
            let fixture = LogicTemplateGenerator.chainFixture(
                chain, answered: index * chain / max(chainFixtures - 1, 1), template: "chain.json")
            let path = folder + String(format: "/logic-fixtures/f%03d.fixture.json", index)
            try Data(fixture.utf8).write(to: URL(fileURLWithPath: path))
        }
        try writeCompletedForms(size("datasetForms"), to: folder + "/dataset-forms")
        let questions = size("fixtureQuestions")
        let template = TemplateGenerator.template(questions: questions, padded: false)
        try Data(template.utf8).write(to: URL(fileURLWithPath: folder + "/fixtures/form.json"))
        for index in 0..<size("fixtures") {
            let named = FixtureGenerator.fixture(questions: questions, seed: index)
                .replacingOccurrences(of: "{\n", with: "{\n  \"template\": \"form.json\",\n", options: .anchored)
            let path = folder + String(format: "/fixtures/f%05d.fixture.json", index)
            try Data(named.utf8).write(to: URL(fileURLWithPath: path))
        }
    }

    /// `count` generated completed forms in `folder` (made when missing), 100 to a subfolder, for
    /// `questionkit dataset`.
    static func writeCompletedForms(_ count: Int, to folder: String) throws {
        for index in 0..<count {
            let subfolder = folder + String(format: "/batch%03d", index / 100)
            if index % 100 == 0 {
                try FileManager.default.createDirectory(atPath: subfolder, withIntermediateDirectories: true)
            }
            let path = subfolder + String(format: "/form%06d.json", index)
            try Data(CompletedFormGenerator.form(index: index).utf8).write(to: URL(fileURLWithPath: path))
        }
    }

    /// A session for `questionkit lsp` on standard input: a template of `questions` opened, then
    /// `edits` one-character edits inside the middle question's text (an insertion, then its
    /// removal), each followed by a hover request, which makes the server check the edited text
    /// before it answers however fast the messages come; then shutdown and exit.
    static func languageServerSession(questions: Int, edits: Int) -> String {
        let text = TemplateGenerator.template(questions: questions, padded: false)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let questionLines = lines.indices.filter { lines[$0].contains("\"question\": \"") }
        let line = questionLines.isEmpty ? 0 : questionLines[questionLines.count / 2]
        let column = lines[line].utf16.count - 2
        let uri = "file:///budget/template.json"
        var messages: [[String: Any]] = [
            ["id": 1, "method": "initialize", "params": ["capabilities": [String: Any]()]],
            ["method": "initialized", "params": [String: Any]()],
            [
                "method": "textDocument/didOpen",
                "params": ["textDocument": ["uri": uri, "languageId": "json", "version": 1, "text": text]],
            ],
        ]
        for edit in 0..<edits {
            let end = edit % 2 == 0 ? column : column + 1
            let change: [String: Any] = [
                "range": ["start": ["line": line, "character": column], "end": ["line": line, "character": end]],
                "text": edit % 2 == 0 ? "x" : "",
            ]
            messages.append([
                "method": "textDocument/didChange",
                "params": ["textDocument": ["uri": uri, "version": edit + 2], "contentChanges": [change]],
            ])
            let position: [String: Any] = ["textDocument": ["uri": uri], "position": ["line": line, "character": 8]]
            messages.append(["id": edit + 2, "method": "textDocument/hover", "params": position])
        }
        messages += [["id": edits + 2, "method": "shutdown"], ["method": "exit"]]
        return messages.map(frame).joined()
    }

    private static func frame(_ message: [String: Any]) -> String {
        var body = message
        body["jsonrpc"] = "2.0"
        let data = (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data()
        return "Content-Length: \(data.count)\r\n\r\n" + String(decoding: data, as: UTF8.self)
    }
}
