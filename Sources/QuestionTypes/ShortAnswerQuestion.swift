import QuestionKit

/// A question answered with free text, or with a number when `numberInput` is true.
///
/// `acceptedAnswer` gives the range a numeric answer should fall in, e.g. `{"from": "-20", "to": "95"}`.
/// Each bound is a number or a numeric string; `""` or a missing bound means no bound, and a
/// missing `acceptedAnswer`, `""` or `"none"` means no range at all.
public struct ShortAnswerQuestion: QuestionType {
    /// `short-answer` (`shortAnswerQuestion` in the original app's key list): reads `numberInput`
    /// beyond the shared keys, and `from` and `to` inside `acceptedAnswer`. The web editor left
    /// `answer-type` out of short-answer questions; `qid` "1" is enough.
    public var description: QuestionTypeDescription {
        QuestionTypeDescription(
            identifier: "short-answer",
            summary: "Free text, or a number (optionally within a range) when numberInput is true.",
            documentation: Self.documentation, legacyTypeCode: "1", infersTypeFromLegacyCode: true,
            keys: [Self.numberInput], nestedKeys: [Self.from, Self.to],
            originalValueNames: [OriginalValueName("shortAnswerQuestion", key: .answerType, value: "short-answer")],
            schemaProperties: Self.schemaProperties, rules: Self.rules, codes: Code.allCases, examples: Self.examples,
            answerExamples: Self.answerExamples)
    }

    /// The short-answer type, ready to register.
    public init() {}

    /// `numberInput`: whether the answer is a number rather than free text.
    public static let numberInput = Key(
        "numberInput", originalNames: ["numberInput"],
        summary: "true when the answer is a number (short answer); default false.")
    /// `from`, inside `acceptedAnswer`: the lowest accepted number.
    public static let from = Key("from", summary: "Lowest accepted number, inside acceptedAnswer (short answer).")
    /// `to`, inside `acceptedAnswer`: the highest accepted number.
    public static let to = Key("to", summary: "Highest accepted number, inside acceptedAnswer (short answer).")

    /// The most decimal places a technician could type in the original app.
    public static let maximumDecimalPlaces = 6

    /// What a short-answer question asks for.
    public struct Definition: Sendable, Hashable {
        /// Whether the answer must be a number (`numberInput` true) rather than free text.
        public var isNumeric: Bool
        /// The range a numeric answer should fall in; unbounded for text questions.
        public var acceptedRange: AcceptedRange

        /// A definition of a text or numeric question; by default with no accepted range.
        public init(isNumeric: Bool, acceptedRange: AcceptedRange = AcceptedRange()) {
            self.isNumeric = isNumeric
            self.acceptedRange = acceptedRange
        }

        /// Whether `value` is within the accepted range; always true when there is no range.
        public func isWithinRange(_ value: Double) -> Bool {
            acceptedRange.contains(value)
        }

        /// Whether a typed answer is within the accepted range, or nil when it is not a number
        /// (an optional minus, digits and an optional fraction, as in `DecimalText`).
        public func isWithinRange(answer: String) -> Bool? {
            DecimalText.parse(answer).map(isWithinRange)
        }
    }

    /// The numbers a numeric answer should lie between; either side may be open.
    public struct AcceptedRange: Sendable, Hashable {
        /// The lowest accepted value (`from`), or nil for no lower bound.
        public var lower: Double?
        /// The highest accepted value (`to`), or nil for no upper bound.
        public var upper: Double?
        /// `from` as written in the template (e.g. `"-20"`), or nil for no lower bound.
        public var lowerText: String?
        /// `to` as written in the template (e.g. `"95.5"`), or nil for no upper bound.
        public var upperText: String?

        /// A range from `lower` to `upper`; the texts default to the values written by Swift (`1.0`).
        public init(lower: Double? = nil, upper: Double? = nil, lowerText: String? = nil, upperText: String? = nil) {
            self.lower = lower
            self.upper = upper
            self.lowerText = lowerText ?? lower.map { "\($0)" }
            self.upperText = upperText ?? upper.map { "\($0)" }
        }

        /// Whether neither bound is given.
        public var isUnbounded: Bool { lower == nil && upper == nil }

        /// Whether `value` is at least `lower` (if given) and at most `upper` (if given).
        /// A one-sided range means what it says: only `from` is "at least", only `to` "at most".
        public func contains(_ value: Double) -> Bool {
            guard !value.isNaN else { return false }
            if let lower, value < lower { return false }
            if let upper, value > upper { return false }
            return true
        }
    }

    /// Reads `numberInput` and the accepted range, reporting every problem. Always returns a
    /// definition: an unreadable value is reported and left at its default, and a text question
    /// has no range.
    public func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Definition? {
        let numberInput = readNumberInput(question, problems: &problems)
        let isNumeric = numberInput ?? false
        guard let accepted = readAcceptedAnswer(question, problems: &problems) else {
            return Definition(isNumeric: isNumeric)
        }
        // An unreadable numberInput was reported already; a second warning would only add noise.
        if numberInput == false, !accepted.range.isUnbounded {
            let key = question.spelling(of: Self.numberInput)
            problems.warning(
                Code.rangeIgnored,
                "'\(question.spelling(of: .acceptedAnswer))' gives a range, but this is a text question "
                    + "('\(key)' is not true), so the range is ignored",
                at: accepted.node,
                hint: "Set \"\(key)\": true to check answers against the range, or remove the range.")
        }
        return Definition(isNumeric: isNumeric, acceptedRange: isNumeric ? accepted.range : AcceptedRange())
    }

    // MARK: numberInput

    /// true or false; nil when the value is unreadable (reported).
    private func readNumberInput(_ question: QuestionJSON, problems: inout ProblemCollector) -> Bool? {
        guard let node = question[Self.numberInput], !node.isNull else { return false }
        if let flag = node.boolValue { return flag }
        let key = question.spelling(of: Self.numberInput)
        // A string means the boolean it spells, where the original app took any string for false (a
        // text question): the author meant a number (Format.md, "Decision: numberInput as a string
        // asks for a number").
        if let text = node.stringValue, let flag = Bool(text.lowercased()) {
            problems.warning(
                Code.numberInputString, "'\(key)' is the string '\(text)', not the boolean \(flag)",
                at: node,
                hint: "Write \"\(key)\": \(flag) without quotes (the original app read any string as false: "
                    + "a text question, its range never checked).")
            return flag
        }
        problems.error(
            Code.numberInputInvalid, "'\(key)' must be true or false, not \(node.quotedForMessage)",
            at: node,
            hint: "Write \"\(key)\": true for a number answer or \"\(key)\": false for free text.")
        return nil
    }

    // MARK: acceptedAnswer

    /// The range and the node it came from; nil when there is no range or it is unreadable (reported).
    private func readAcceptedAnswer(
        _ question: QuestionJSON, problems: inout ProblemCollector
    ) -> (range: AcceptedRange, node: JSONNode)? {
        guard let node = question[.acceptedAnswer], !node.isNull else { return nil }
        let key = question.spelling(of: .acceptedAnswer)
        let from = question.spelling(of: Self.from)
        let to = question.spelling(of: Self.to)
        if let text = node.stringValue, TypedText.isBlank(text) || text.lowercased() == "none" { return nil }
        guard node.kind == .object else {
            problems.error(
                Code.acceptedAnswerNotObject,
                "'\(key)' of a short-answer question must be a range {\"\(from)\": …, \"\(to)\": …}, \"\" or "
                    + "\"none\", not \(node.quotedForMessage)",
                at: node,
                hint: "Write \"\(key)\": {\"\(from)\": \"-20\", \"\(to)\": \"95\"}, or \"none\" for no range.")
            return nil
        }
        checkRangeKeys(node, known: [from, to], in: key, problems: &problems)
        let lower = readBound(node[from], named: from, problems: &problems)
        let upper = readBound(node[to], named: to, problems: &problems)
        if let lower, let upper, lower.value > upper.value {
            problems.error(
                Code.rangeInverted,
                "'\(from)' (\(lower.text)) is greater than '\(to)' (\(upper.text)): no answer can be in range",
                at: node, hint: "Swap the bounds: \"\(from)\": \"\(upper.text)\", \"\(to)\": \"\(lower.text)\".")
        }
        let range = AcceptedRange(
            lower: lower?.value, upper: upper?.value, lowerText: lower?.text, upperText: upper?.text)
        return (range, node)
    }

    private func checkRangeKeys(_ node: JSONNode, known: [String], in key: String, problems: inout ProblemCollector) {
        for member in node.members where !known.contains(member.key) {
            problems.warnUnknownKey(member, code: Code.unknownRangeKey, in: "'\(key)'", known: known)
        }
    }

    /// A bound's value and text; nil when absent, empty or not a number (reported).
    private func readBound(
        _ node: JSONNode?, named name: String, problems: inout ProblemCollector
    ) -> (value: Double, text: String)? {
        guard let node, !node.isNull else { return nil }
        let string = node.stringValue
        if let string, TypedText.isBlank(string) { return nil }
        guard let value = node.numericValue, value.isFinite, let text = string ?? node.numberText else {
            problems.error(
                Code.boundNotNumber, "'\(name)' must be a number, not \(node.quotedForMessage)", at: node,
                hint: "Write a decimal number such as \"-20\" or \"95.5\" (no units), or \"\" for no bound.")
            return nil
        }
        warnIfTooPrecise(
            text, at: node, code: Code.boundTooPrecise, subject: "'\(name)'",
            problems: &problems)
        return (value, text)
    }

    /// Warns when a number has more decimal places than the original app let technicians type.
    func warnIfTooPrecise(
        _ text: String, at node: JSONNode, code: Code, subject: @autoclosure () -> String,
        problems: inout ProblemCollector
    ) {
        let places = Self.decimalPlaces(of: text)
        guard places > Self.maximumDecimalPlaces else { return }
        // Made only for a warning: every bound of every question passes here.
        let subject = subject()
        problems.warning(
            code,
            "\(subject) (\(text)) has \(places) decimal places; technicians can type at most "
                + "\(Self.maximumDecimalPlaces)",
            at: node, hint: "Round \(subject) to at most \(Self.maximumDecimalPlaces) decimal places.")
    }

    /// Significant decimal places of a number literal (`"1.50"` has 1, `2.5e-7` has 8).
    static func decimalPlaces(of literal: String) -> Int {
        var fractionDigits = 0
        var trailingZeros = 0
        var inFraction = false
        for (offset, byte) in literal.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "."):
                inFraction = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                let exponent = Int(String(decoding: literal.utf8.dropFirst(offset + 1), as: UTF8.self)) ?? 0
                return max(0, fractionDigits - trailingZeros - exponent)
            case UInt8(ascii: "0")...UInt8(ascii: "9") where inFraction:
                fractionDigits += 1
                trailingZeros = byte == UInt8(ascii: "0") ? trailingZeros + 1 : 0
            default:
                continue
            }
        }
        return max(0, fractionDigits - trailingZeros)
    }

}

// `validate` checks its questions through a copy of `parseDefinition` specialized for it: written
// out, since the protocol's default is not specialized here (each call then looked up the metadata
// of its optional result).
extension ShortAnswerQuestion: DefinitionChecking {
    package func checkDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Bool {
        parseDefinition(of: question, problems: &problems) != nil
    }
}

extension ShortAnswerQuestion {
    /// Valid and invalid questions: the type's tests and documentation.
    static var examples: [QuestionExample] {
        [
            .valid(
                "A number within a range (bounds as strings)",
                #"""
                {"answer-type": "short-answer", "question": "Oil temperature after 10 minutes (°C)",
                 "numberInput": true, "acceptedAnswer": {"from": "-20", "to": "95"}}
                """#),
            .valid(
                "Free text, no range",
                #"""
                {"answer-type": "short-answer", "question": "Pump serial number", "acceptedAnswer": "none"}
                """#),
            .valid(
                "Only a lower bound, as a JSON number: at least 1",
                #"""
                {"answer-type": "short-answer", "question": "Insulation resistance (MΩ)", "numberInput": true,
                 "acceptedAnswer": {"from": 1, "to": ""}}
                """#),
            .valid(
                "Only an upper bound, as a JSON number: at most 4.5",
                #"""
                {"answer-type": "short-answer", "question": "Vibration velocity (mm/s)", "numberInput": true,
                 "acceptedAnswer": {"to": 4.5}}
                """#),
            .valid(
                "Web editor filler: empty bounds and options on a text question",
                #"""
                {"answer-type": "short-answer", "qid": "1", "question": "Describe any leaks found",
                 "answers": ["", "", "", "", ""], "numberInput": false, "acceptedAnswer": {"from": "", "to": ""}}
                """#),
            .valid(
                "Raw web-editor output: no answer-type, qid 1",
                #"""
                {"qid": "1", "question": "Pump serial number"}
                """#, warnings: [.warning(QuestionCode.answerTypeInferred, at: "")]),
            .valid(
                "numberInput written as a string",
                #"""
                {"answer-type": "short-answer", "question": "Belt tension (N)", "numberInput": "true",
                 "acceptedAnswer": {"from": "350", "to": "450"}}
                """#, warnings: [.warning(Code.numberInputString, at: "/numberInput")]),
            .invalid(
                "numberInput neither true nor false",
                #"""
                {"answer-type": "short-answer", "question": "Belt tension (N)", "numberInput": "yes"}
                """#, .error(Code.numberInputInvalid, at: "/numberInput")),
            .invalid(
                "acceptedAnswer is not a range",
                #"""
                {"answer-type": "short-answer", "question": "Coolant level (%)", "numberInput": true,
                 "acceptedAnswer": "40-60"}
                """#, .error(Code.acceptedAnswerNotObject, at: "/acceptedAnswer")),
            .invalid(
                "Bounds that are not numbers",
                #"""
                {"answer-type": "short-answer", "question": "Oil pressure (bar)", "numberInput": true,
                 "acceptedAnswer": {"from": "ten", "to": true}}
                """#,
                .error(Code.boundNotNumber, at: "/acceptedAnswer/from"),
                .error(Code.boundNotNumber, at: "/acceptedAnswer/to")),
            .invalid(
                "from greater than to",
                #"""
                {"answer-type": "short-answer", "question": "Oil temperature after 10 minutes (°C)",
                 "numberInput": true, "acceptedAnswer": {"from": "95", "to": -20}}
                """#, .error(Code.rangeInverted, at: "/acceptedAnswer")),
            .valid(
                "A range on a text question is ignored",
                #"""
                {"answer-type": "short-answer", "question": "Gearbox oil grade",
                 "acceptedAnswer": {"from": "68", "to": "220"}}
                """#, warnings: [.warning(Code.rangeIgnored, at: "/acceptedAnswer")]),
            .invalid(
                "A misspelled bound key (an error: the bound it means is missing)",
                #"""
                {"answer-type": "short-answer", "question": "Supply voltage (V)", "numberInput": true,
                 "acceptedAnswer": {"form": "380", "to": "420"}}
                """#, .error(Code.unknownRangeKey, at: "/acceptedAnswer/form")),
            .valid(
                "A bound with more than six decimal places",
                #"""
                {"answer-type": "short-answer", "question": "Shaft run-out (mm)", "numberInput": true,
                 "acceptedAnswer": {"from": "0", "to": 0.0000125}}
                """#, warnings: [.warning(Code.boundTooPrecise, at: "/acceptedAnswer/to")]),
        ]
    }
}

// MARK: - Codes

extension ShortAnswerQuestion {
    /// What short-answer questions and answers report: each code declared once, used by the code that
    /// reports it and by the examples that expect it.
    public enum Code: String, DiagnosticCode, CaseIterable {
        case fhirBoundNotNumber = "short-answer.fhir-bound-not-number"
        case fhirAnswerNotCarried = "short-answer.fhir-answer-not-carried"
        case surveyJSBoundNotNumber = "short-answer.surveyjs-bound-not-number"
        case xlsFormConstraintNotCarried = "short-answer.xlsform-constraint-not-carried"
        case xlsFormWrittenAsInteger = "short-answer.xlsform-written-as-integer"
        case acceptedAnswerNotObject = "short-answer.accepted-answer-not-object"
        case answerNotString = "short-answer.answer-not-string"
        case answerTooPrecise = "short-answer.answer-too-precise"
        case boundNotNumber = "short-answer.bound-not-number"
        case boundTooPrecise = "short-answer.bound-too-precise"
        case conditionOperandNotNumber = "short-answer.condition-operand-not-number"
        case conditionOperandNotString = "short-answer.condition-operand-not-string"
        case notANumber = "short-answer.not-a-number"
        case numberInputInvalid = "short-answer.number-input-invalid"
        case numberInputString = "short-answer.number-input-string"
        case outOfRange = "short-answer.out-of-range"
        case rangeIgnored = "short-answer.range-ignored"
        case rangeInverted = "short-answer.range-inverted"
        case unknownRangeKey = "short-answer.unknown-range-key"
    }
}
