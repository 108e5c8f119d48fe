import QuestionKit

extension TypeDocumentation {
    // MARK: Question examples

    var validExamples: [String] {
        let valid = type.description.examples.filter(\.isValid)
        guard !valid.isEmpty else { return [] }
        let checker = ExampleChecker(registry: registry, keys: keys)
        var lines = [valid.count == 1 ? "## Valid example" : "## Valid examples"]
        for example in valid {
            lines += ["", "### \(example.title)", ""] + Self.codeBlock(example.json, language: "json")
            let diagnostics = checker.check(example, of: type).diagnostics
            if !diagnostics.isEmpty {
                lines += ["", "Valid, with:", ""] + Self.codeBlock(Self.text(of: diagnostics, in: "question.json"))
            }
        }
        return lines
    }

    var invalidExamples: [String] {
        let invalid = type.description.examples.filter { !$0.isValid }
        guard !invalid.isEmpty else { return [] }
        let checker = ExampleChecker(registry: registry, keys: keys)
        var lines = [
            "## Invalid examples", "", "Each question below is reported as shown (positions are in the question).",
        ]
        for example in invalid {
            let diagnostics = checker.check(example, of: type).diagnostics
            lines += ["", "### \(example.title)", ""] + Self.codeBlock(example.json, language: "json")
            lines += [""] + Self.codeBlock(Self.text(of: diagnostics, in: "question.json"))
        }
        return lines
    }

    // MARK: Answer examples

    /// Answer examples, grouped under the question they answer, in the order first given.
    var answerExamples: [String] {
        let examples = type.description.answerExamples
        guard !examples.isEmpty else { return [] }
        var questions: [String] = []
        for example in examples where !questions.contains(example.question) { questions.append(example.question) }
        var lines = [
            "## Answers", "",
            "Answers are stored under `\(keys.spelling(of: .userAnswer))` → `\(keys.spelling(of: type.answerKey))`.",
        ]
        for (number, question) in questions.enumerated() {
            lines += ["", "### To question \(number + 1)", ""] + Self.codeBlock(question, language: "json")
            lines += ["", "| Answer | Example | Result |", "| --- | --- | --- |"]
            for example in examples where example.question == question {
                lines.append(
                    "| `\(Self.cell(example.answer))` | \(Self.cell(example.title)) | "
                        + "\(Self.cell(result(of: example))) |"
                )
            }
        }
        return lines
    }

    /// What reading `example`'s answer gives: its diagnostics, or whether it counts and its flags.
    private func result(of example: AnswerExample) -> String {
        let reader = QuestionReader(registry: registry, keys: keys)
        guard let questionDocument = JSONParser.parse(Array(example.question.utf8)).document,
            let answerDocument = JSONParser.parse(Array(example.answer.utf8)).document
        else { return "not valid JSON" }
        var questionProblems = ProblemCollector(document: questionDocument)
        let json = QuestionJSON(node: questionDocument.root, keys: keys, number: 1)
        guard let question = reader.read(json, problems: &questionProblems), !questionProblems.hasErrors else {
            return "the question does not read"
        }
        var problems = ProblemCollector(document: answerDocument)
        let answer = question.parseAnswer(answerDocument.root, problems: &problems)
        let diagnostics = problems.diagnostics().map { "\($0.severity) `\($0.code)`: \($0.message)" }
        guard let answer else { return diagnostics.joined(separator: "; ") }
        var parts = diagnostics
        parts.append(question.isAnswered(answer) ? "answered" : "not answered")
        parts += question.flags(for: answer).map { "flag `\($0.code)`: \($0.message)" }
        return parts.joined(separator: "; ")
    }

    // MARK: Formatting

    /// A fenced code block; the fence is longer than any run of backticks in the text.
    static func codeBlock(_ text: String, language: String = "text") -> [String] {
        var longestRun = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        let fence = String(repeating: "`", count: max(3, longestRun + 1))
        let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        return [fence + language] + body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            + [fence]
    }

    /// Diagnostics as `questionkit validate` prints them, without the source excerpts.
    static func text(of diagnostics: [Diagnostic], in fileName: String) -> String {
        var lines: [String] = []
        for diagnostic in diagnostics {
            let location = diagnostic.position.map { "\(fileName):\($0.line):\($0.column):" } ?? "\(fileName):"
            lines.append("\(location) \(diagnostic.severity): \(diagnostic.message) [\(diagnostic.code)]")
            if let hint = diagnostic.hint { lines.append("  hint: \(hint)") }
        }
        return lines.joined(separator: "\n")
    }
}
