import QuestionKit

/// A question answered True or False (Yes or No: the same values, in any case).
///
/// Reads `acceptedAnswer`: `"True"`, `"False"`, `"Yes"` or `"No"` in any case, or a list holding
/// one of them (the shape of a stored answer); missing, `""` or `"none"` means nothing to check.
/// `answers` holds filler such as `["yes", "no"]` and is ignored.
public struct TrueFalseQuestion: QuestionType {
    /// `true/false` (`trueFalseQuestion` in the original app's key list). The web editor left
    /// `answer-type` out of true/false questions; `qid` "2" is enough.
    public var description: QuestionTypeDescription {
        QuestionTypeDescription(
            identifier: "true/false", summary: "A single choice between True (Yes) and False (No).",
            documentation: Self.documentation, legacyTypeCode: "2", infersTypeFromLegacyCode: true,
            originalValueNames: [OriginalValueName("trueFalseQuestion", key: .answerType, value: "true/false")],
            schemaProperties: Self.schemaProperties, rules: Self.rules, codes: Code.allCases, examples: Self.examples,
            answerExamples: Self.answerExamples)
    }
    /// Answers are the chosen options under `check-boxes`.
    public var answerKey: Key { Key.checkBoxes }

    /// The true/false type, ready to register.
    public init() {}

    /// Reads the accepted answer, reporting any problem. Always returns a definition: a bad
    /// accepted answer is reported and then left unchecked.
    public func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> TrueFalseDefinition? {
        TrueFalseDefinition(acceptedAnswer: readAcceptedAnswer(question, problems: &problems))
    }
}

// `validate` checks its questions through a copy of `parseDefinition` specialized for it: written
// out, since the protocol's default is not specialized here (each call then looked up the metadata
// of its optional result).
extension TrueFalseQuestion: DefinitionChecking {
    package func checkDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Bool {
        parseDefinition(of: question, problems: &problems) != nil
    }
}

/// What a true/false question reads into: the answer it expects, if any.
public struct TrueFalseDefinition: Sendable, Hashable {
    /// The expected answer (Yes is true, No is false), or nil when there is nothing to check.
    public let acceptedAnswer: Bool?

    /// A definition expecting `acceptedAnswer`.
    public init(acceptedAnswer: Bool? = nil) {
        self.acceptedAnswer = acceptedAnswer
    }

    /// The spellings of the two values, in the order messages list them.
    public static let spellings = ["True", "False", "Yes", "No"]

    /// The value `text` spells: `True` or `Yes` is true, `False` or `No` is false, in any case and
    /// ignoring surrounding spaces; nil for anything else.
    public static func value(of text: String) -> Bool? {
        switch TypedText.comparisonKey(text) {
        case "true", "yes": return true
        case "false", "no": return false
        default: return nil
        }
    }
}

// MARK: - Answers

/// Answers to true/false questions: `["Yes"]` or `["No"]` under `check-boxes` (older forms hold
/// `["True"]` or `["False"]`). Fixtures may also write one word (`"yes"`) or a JSON boolean.
extension TrueFalseQuestion {
    /// The answer: true for True or Yes, false for False or No.
    public typealias Answer = Bool

    /// Reads a one-item list, a string or a JSON boolean, reporting anything else, a list of other
    /// than one item, and a word that is not one of the spellings. Returns nil when an error was reported.
    public func parseAnswer(
        _ value: JSONNode, for definition: TrueFalseDefinition, problems: inout ProblemCollector
    ) -> Bool? {
        switch value.kind {
        case .boolean:
            return value.boolValue
        case .string:
            return answerValue(of: value, problems: &problems)
        case .array where value.count == 1:
            guard let element = Array(value.elements).first else { return nil }
            return answerValue(of: element, problems: &problems)
        case .array:
            let listed = value.count == 0 ? "is an empty list" : "lists \(value.count) values"
            problems.error(
                Code.answerNotSingle,
                "the answer \(listed); a true/false answer is exactly one of \(Self.validList)", at: value,
                hint: "Write [\"Yes\"] or [\"No\"]; leave the answer out when the question is not answered.")
            return nil
        default:
            problems.error(
                Code.answerNotString,
                "the answer must be one of \(Self.validList), not \(value.quotedForMessage)", at: value,
                hint: "Write [\"Yes\"] or [\"No\"].")
            return nil
        }
    }

    /// Always: True and False are both answers.
    public func isAnswered(_ answer: Bool, for definition: TrueFalseDefinition) -> Bool { true }

    /// `["Yes"]` or `["No"]`, the newer forms' spelling.
    public func encodeAnswer(_ answer: Bool, for definition: TrueFalseDefinition) -> JSONWriter.Value {
        .array([.string(Self.spelling(of: answer))])
    }

    /// The accepted answer, quoted.
    public func expectation(of definition: TrueFalseDefinition) -> String? {
        definition.acceptedAnswer.map { "'\(Self.spelling(of: $0))'" }
    }

    /// `true-false.not-accepted` when the answer differs from the accepted one (Yes is True).
    public func flags(for answer: Bool, of definition: TrueFalseDefinition) -> [Flag] {
        guard let accepted = definition.acceptedAnswer, accepted != answer else { return [] }
        return [
            Flag(
                code: Code.notAccepted,
                message: "answered: '\(Self.spelling(of: answer))'; expected: '\(Self.spelling(of: accepted))'")
        ]
    }

    /// Yes and No, the answer marked (the original printed nothing for true/false); a
    /// "(no answer)" value when there is none, and the accepted answer when there is one.
    public func render(_ answer: Bool?, of definition: TrueFalseDefinition) -> AnswerRendering {
        var blocks: [AnswerRendering.Block] = [
            .choices([.init("Yes", isChosen: answer == true), .init("No", isChosen: answer == false)])
        ]
        if answer == nil { blocks.append(.value("(no answer)")) }
        if let accepted = definition.acceptedAnswer {
            blocks.append(.note("accepted: '\(Self.spelling(of: accepted))'"))
        }
        return AnswerRendering(blocks)
    }

    /// As `render(_:of:)`, the chosen value as the completed form spelled it where that is not
    /// how it is shown: `True (read as Yes)`, `" yes " (read as Yes)`.
    public func render(_ answer: Bool?, storedAs stored: JSONNode, of definition: TrueFalseDefinition)
        -> AnswerRendering
    {
        let rendering = render(answer, of: definition).showingBlank(stored)
        let word = stored.kind == .array && stored.count == 1 ? Array(stored.elements).first : stored
        guard let word else { return rendering }
        let text = word.stringValue ?? word.sourceText
        return rendering.showingChosen { _ in text }
    }

    /// The value a string node of an answer spells, reporting anything else.
    private func answerValue(of node: JSONNode, problems: inout ProblemCollector) -> Bool? {
        guard let text = node.stringValue else {
            problems.error(
                Code.answerNotString,
                "the answer must hold one of \(Self.validList), not \(node.quotedForMessage)", at: node,
                hint: node.boolValue.map { "Write it as a string: \"\(Self.spelling(of: $0))\"." }
                    ?? "Write \"Yes\" or \"No\".")
            return nil
        }
        if let value = TrueFalseDefinition.value(of: text) { return value }
        let suggestion = Suggestion.nearest(to: TypedText.comparisonKey(text), in: TrueFalseDefinition.spellings)
        problems.error(
            Code.invalidAnswer, "the answer is '\(text)'; valid values are \(Self.validList) (in any case)",
            at: node, hint: suggestion.map { "Did you mean '\($0)'?" } ?? "Write \"Yes\" or \"No\".")
        return nil
    }

    static func spelling(of value: Bool) -> String { value ? "Yes" : "No" }
}

// MARK: - Reading

extension TrueFalseQuestion {
    private func readAcceptedAnswer(_ question: QuestionJSON, problems: inout ProblemCollector) -> Bool? {
        let key = question.spelling(of: .acceptedAnswer)
        guard let node = question[.acceptedAnswer], !node.isNull else { return nil }
        switch node.kind {
        case .string:
            let comparisonKey = TypedText.comparisonKey(node.stringValue ?? "")
            if comparisonKey.isEmpty || comparisonKey == "none" { return nil }
            return value(of: node, key: key, problems: &problems)
        case .array where node.count == 1:
            guard let element = Array(node.elements).first else { return nil }
            return value(of: element, key: key, problems: &problems)
        case .array:
            problems.error(
                Code.acceptedAnswerNotSingle,
                "'\(key)' lists \(node.count) values; a true/false question has exactly one answer", at: node,
                hint: "Write one of \(Self.validList), or \"none\" to check nothing.")
            return nil
        default:
            problems.error(
                Code.acceptedAnswerNotString,
                "'\(key)' must be one of \(Self.validList), not \(node.quotedForMessage)", at: node,
                hint: hint(for: node))
            return nil
        }
    }

    /// The value a string node spells, reporting anything else.
    private func value(of node: JSONNode, key: String, problems: inout ProblemCollector) -> Bool? {
        guard let text = node.stringValue else {
            problems.error(
                Code.acceptedAnswerNotString,
                "'\(key)' must hold one of \(Self.validList), not \(node.quotedForMessage)", at: node,
                hint: hint(for: node))
            return nil
        }
        if let value = TrueFalseDefinition.value(of: text) { return value }
        let suggestion = Suggestion.nearest(to: text, in: TrueFalseDefinition.spellings)
        problems.error(
            Code.invalidAcceptedAnswer,
            "'\(key)' is '\(text)'; valid values are \(Self.validList) (in any case), or 'none'", at: node,
            hint: suggestion.map { "Did you mean '\($0)'?" } ?? "Write \"True\" or \"False\" (\"Yes\" or \"No\").")
        return nil
    }

    private static let validList = Suggestion.quotedList(TrueFalseDefinition.spellings)

    private func hint(for node: JSONNode) -> String {
        switch node.boolValue {
        case true?: "Write it as a string: \"True\"."
        case false?: "Write it as a string: \"False\"."
        case nil: "Write \"True\" or \"False\" (\"Yes\" or \"No\"), or \"none\" to check nothing."
        }
    }
}

// MARK: - Examples

extension TrueFalseQuestion {
    /// Valid and invalid questions: the type's tests and documentation.
    static var examples: [QuestionExample] { Self.validExamples + Self.invalidExamples }

    private static func question(_ acceptedAnswer: String) -> String {
        #"{"answer-type": "true/false", "question": "Is the guard rail secured?", "answers": ["yes", "no"], "#
            + #""acceptedAnswer": \#(acceptedAnswer)}"#
    }

    private static let validExamples: [QuestionExample] = [
        .valid(
            "Yes expected, with the editor's filler answers",
            #"""
            {"answer-type": "true/false", "qid": "2", "section": "Safety",
             "question": "Is the emergency stop working?", "answers": ["yes", "no"], "acceptedAnswer": "Yes"}
            """#),
        .valid(
            "False expected",
            #"""
            {"answer-type": "true/false", "question": "Is there oil on the floor under the gearbox?",
             "acceptedAnswer": "False"}
            """#),
        .valid("Accepted answer as a one-item list, in any case", question(#"["no"]"#)),
        .valid("Nothing to check", question(#""none""#)),
        .valid("An empty accepted answer means nothing to check", question(#""""#)),
        .valid(
            "Type inferred from qid \"2\" (the web editor's raw output)",
            #"{"qid": "2", "question": "Were the lockout tags removed?", "answers": ["", ""]}"#,
            warnings: [.warning(QuestionCode.answerTypeInferred, at: "")]),
    ]

    private static let invalidExamples: [QuestionExample] = [
        .invalid(
            "An accepted answer that is neither true nor false", question(#""Maybe""#),
            .error(Code.invalidAcceptedAnswer, at: "/acceptedAnswer")),
        .invalid(
            "A misspelled accepted answer", question(#""Ture""#),
            .error(Code.invalidAcceptedAnswer, at: "/acceptedAnswer")),
        .invalid(
            "A JSON boolean instead of a string", question("true"),
            .error(Code.acceptedAnswerNotString, at: "/acceptedAnswer")),
        .invalid(
            "Both values listed", question(#"["True", "False"]"#),
            .error(Code.acceptedAnswerNotSingle, at: "/acceptedAnswer")),
        .invalid(
            "An empty list", question("[]"),
            .error(Code.acceptedAnswerNotSingle, at: "/acceptedAnswer")),
        .invalid(
            "A one-item list with another value", question(#"["Pass"]"#),
            .error(Code.invalidAcceptedAnswer, at: "/acceptedAnswer/0")),
        .invalid(
            "A one-item list with a number", question("[1]"),
            .error(Code.acceptedAnswerNotString, at: "/acceptedAnswer/0")),
    ]
}

extension TrueFalseQuestion {
    /// Example answers: how answers are read, and when they are flagged (Yes is True).
    static var answerExamples: [AnswerExample] { Self.validAnswerExamples + Self.invalidAnswerExamples }

    private static func answering(_ acceptedAnswer: String?) -> String {
        #"{"answer-type": "true/false", "question": "Is the guard rail secured?""#
            + (acceptedAnswer.map { #", "acceptedAnswer": \#($0)"# } ?? "") + "}"
    }

    private static let yes = answering(#""Yes""#)
    private static let notAccepted = [Code.notAccepted]

    private static let validAnswerExamples: [AnswerExample] = [
        .valid("The accepted answer, as stored", question: yes, answer: #"["Yes"]"#),
        .valid("The other answer is flagged", question: yes, answer: #"["No"]"#, flags: notAccepted),
        .valid("True is Yes (older forms)", question: yes, answer: #"["True"]"#),
        .valid("False is No, in any case", question: yes, answer: #"[" FALSE "]"#, flags: notAccepted),
        .valid("One word instead of a list", question: answering(#""False""#), answer: #""no""#),
        .valid("A JSON boolean", question: answering(#"["no"]"#), answer: "true", flags: notAccepted),
        .valid("Nothing is flagged when acceptedAnswer is missing", question: answering(nil), answer: #"["No"]"#),
        .valid(
            "Nothing is flagged when acceptedAnswer is \"none\"", question: answering(#""none""#),
            answer: #"["False"]"#),
        .valid("Nothing is flagged when acceptedAnswer is empty", question: answering(#""""#), answer: #"["Yes"]"#),
    ]

    private static let invalidAnswerExamples: [AnswerExample] = [
        .invalid(
            "A word that is neither yes nor no", question: yes, answer: #"["Maybe"]"#,
            .error(Code.invalidAnswer, at: "/0")),
        .invalid(
            "A misspelled word", question: yes, answer: #""Ture""#, .error(Code.invalidAnswer, at: "")),
        .invalid(
            "Both values", question: yes, answer: #"["Yes", "No"]"#,
            .error(Code.answerNotSingle, at: "")),
        .invalid("An empty list", question: yes, answer: "[]", .error(Code.answerNotSingle, at: "")),
        .invalid("A number", question: yes, answer: "1", .error(Code.answerNotString, at: "")),
        .invalid(
            "A boolean inside the list", question: yes, answer: "[true]",
            .error(Code.answerNotString, at: "/0")),
    ]
}

// MARK: - Codes

extension TrueFalseQuestion {
    /// What true/false questions and answers report: each code declared once, used by the code that
    /// reports it and by the examples that expect it.
    public enum Code: String, DiagnosticCode, CaseIterable {
        case fhirAcceptedAnswerInExtension = "true-false.fhir-accepted-answer-in-extension"
        case fhirAnswerNotCarried = "true-false.fhir-answer-not-carried"
        case xlsFormAcceptedAnswerNotWritten = "true-false.xlsform-accepted-answer-not-written"
        case acceptedAnswerNotSingle = "true-false.accepted-answer-not-single"
        case acceptedAnswerNotString = "true-false.accepted-answer-not-string"
        case answerNotSingle = "true-false.answer-not-single"
        case answerNotString = "true-false.answer-not-string"
        case conditionOperandNotBoolean = "true-false.condition-operand-not-boolean"
        case invalidAcceptedAnswer = "true-false.invalid-accepted-answer"
        case invalidAnswer = "true-false.invalid-answer"
        case notAccepted = "true-false.not-accepted"
    }
}
