import QuestionKit
import QuestionKitForms
import Testing

// Stand-ins for the built-in types (this target depends on QuestionKit only), simplified but
// reading and writing answers the way MI forms store them, so that review, export and
// completed-form tests can use real-looking forms.

/// `true/false` (qid "2") and `multiple-choice`: options chosen under `check-boxes`, matched
/// ignoring case with yes ≡ true and no ≡ false; flagged when the chosen set differs from
/// `acceptedAnswer`. True/false renders as a value ("Yes"), multiple choice as choices.
struct StandInChoiceQuestion: QuestionType {
    struct Definition: Sendable {
        var options: [String]
        var accepted: [String]?
    }

    let identifier: String
    let legacyTypeCode: String?
    var description: QuestionTypeDescription {
        QuestionTypeDescription(
            identifier: identifier, summary: "Options (stand-in).", legacyTypeCode: legacyTypeCode,
            infersTypeFromLegacyCode: isTrueFalse, examples: [])
    }
    var answerKey: Key { .checkBoxes }
    private var isTrueFalse: Bool { identifier == "true/false" }

    static let trueFalse = StandInChoiceQuestion(identifier: "true/false", legacyTypeCode: "2")
    static let multipleChoice = StandInChoiceQuestion(identifier: "multiple-choice", legacyTypeCode: "4")

    static func key(_ text: String) -> String {
        let lowered = text.lowercased()
        return ["yes": "true", "no": "false"][lowered] ?? lowered
    }

    func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Definition? {
        let options =
            isTrueFalse
            ? ["Yes", "No"]
            : (question[.answers]?.elements.compactMap(\.stringValue).filter { !TypedText.isBlank($0) } ?? [])
        let acceptedNode = question[.acceptedAnswer]
        var accepted = acceptedNode?.stringValue.map { [$0] } ?? acceptedNode?.elements.compactMap(\.stringValue)
        if accepted?.isEmpty == true || accepted.map({ $0.map { $0.lowercased() } }) == ["none"] { accepted = nil }
        return Definition(options: options, accepted: accepted)
    }

    func parseAnswer(_ value: JSONNode, for definition: Definition, problems: inout ProblemCollector) -> [String]? {
        guard value.kind == .array else {
            problems.error(StandInChoiceQuestion.Code.notAList, "the answer must be a list of options", at: value)
            return nil
        }
        var chosen: [String] = []
        for element in value.elements {
            guard let text = element.stringValue,
                let option = definition.options.first(where: { Self.key($0) == Self.key(text) })
            else {
                problems.error(
                    StandInChoiceQuestion.Code.unknownOption, "not an option: \(element.sourceText)", at: element)
                return nil
            }
            chosen.append(option)
        }
        return chosen
    }

    func isAnswered(_ answer: [String], for _: Definition) -> Bool { !answer.isEmpty }

    func encodeAnswer(_ answer: [String], for _: Definition) -> JSONWriter.Value { .array(answer.map { .string($0) }) }

    func flags(for answer: [String], of definition: Definition) -> [Flag] {
        guard let accepted = definition.accepted, Set(answer.map(Self.key)) != Set(accepted.map(Self.key)) else {
            return []
        }
        let chosen = answer.isEmpty ? "nothing" : answer.joined(separator: ", ")
        return [
            Flag(
                code: StandInChoiceQuestion.Code.notAccepted,
                message: "chosen \(chosen); expected \(accepted.joined(separator: ", "))")
        ]
    }

    func render(_ answer: [String]?, of definition: Definition) -> AnswerRendering {
        if isTrueFalse { return answer?.first.map { AnswerRendering([.value($0)]) } ?? .noAnswer }
        let chosen = Set((answer ?? []).map(Self.key))
        return AnswerRendering([.choices(definition.options.map { .init($0, isChosen: chosen.contains(Self.key($0))) })]
        )
    }
}

/// `short-answer` (qid "1"): text under `short-answer`; with `numberInput`, a number checked
/// against `acceptedAnswer` `{from, to}`, the range shown as a note.
struct StandInShortAnswerQuestion: QuestionType {
    static let numberInput = Key("numberInput", summary: "Whether the answer is a number.")
    static let from = Key("from", summary: "Lowest accepted.")
    static let to = Key("to", summary: "Highest accepted.")

    struct Definition: Sendable {
        var isNumber: Bool
        var range: (from: Double?, to: Double?)
    }

    var description: QuestionTypeDescription {
        QuestionTypeDescription(
            identifier: "short-answer", summary: "Text or a number (stand-in).", legacyTypeCode: "1",
            infersTypeFromLegacyCode: true, keys: [Self.numberInput], nestedKeys: [Self.from, Self.to], examples: [])
    }
    var answerKey: Key { .shortAnswer }

    func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Definition? {
        let accepted = question[.acceptedAnswer]
        let bound = { (key: Key) in accepted?[question.spelling(of: key)]?.numericValue }
        return Definition(
            isNumber: question[Self.numberInput]?.boolValue ?? false, range: (bound(Self.from), bound(Self.to)))
    }

    func parseAnswer(_ value: JSONNode, for definition: Definition, problems: inout ProblemCollector) -> String? {
        guard let text = value.stringValue else {
            problems.error(StandInShortAnswerQuestion.Code.answerNotString, "the answer must be a string", at: value)
            return nil
        }
        if definition.isNumber, DecimalText.parse(text) == nil {
            problems.error(StandInShortAnswerQuestion.Code.notANumber, "'\(text)' is not a number", at: value)
            return nil
        }
        return text
    }

    func isAnswered(_ answer: String, for _: Definition) -> Bool { !TypedText.isBlank(answer) }

    func encodeAnswer(_ answer: String, for _: Definition) -> JSONWriter.Value { .string(answer) }

    func flags(for answer: String, of definition: Definition) -> [Flag] {
        guard definition.isNumber, let number = DecimalText.parse(answer) else { return [] }
        if let to = definition.range.to, number > to {
            return [
                Flag(
                    code: StandInShortAnswerQuestion.Code.outOfRange,
                    message: "\(answer) is above the accepted maximum \(to)")
            ]
        }
        if let from = definition.range.from, number < from {
            return [
                Flag(
                    code: StandInShortAnswerQuestion.Code.outOfRange,
                    message: "\(answer) is below the accepted minimum \(from)")
            ]
        }
        return []
    }

    func render(_ answer: String?, of definition: Definition) -> AnswerRendering {
        var blocks: [AnswerRendering.Block] = [.value(answer ?? "(no answer)")]
        if let from = definition.range.from, let to = definition.range.to {
            blocks.append(.note("accepted: \(from) to \(to)"))
        }
        return AnswerRendering(blocks)
    }
}

extension StandInChoiceQuestion {
    /// What choice questions and answers report, each code declared once.
    enum Code: String, DiagnosticCode, CaseIterable {
        case notAList = "choice.not-a-list"
        case notAccepted = "choice.not-accepted"
        case unknownOption = "choice.unknown-option"
    }
}

extension StandInShortAnswerQuestion {
    /// What short-answer questions and answers report, each code declared once.
    enum Code: String, DiagnosticCode, CaseIterable {
        case answerNotString = "short-answer.answer-not-string"
        case notANumber = "short-answer.not-a-number"
        case outOfRange = "short-answer.out-of-range"
    }
}
