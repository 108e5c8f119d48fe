import QuestionKit

// A short answer is stored as the typed text: `"short-answer": "42"`.
extension ShortAnswerQuestion {
    /// The typed text, exactly as entered; a numeric answer keeps its digits as written (`"-3.50"`).
    public typealias Answer = String

    /// Answers are the typed text under `short-answer`.
    public var answerKey: Key { .shortAnswer }

    /// Reads the typed text. A numeric question also takes a JSON number (fixtures may write `42`),
    /// kept as its literal text. Blank text is no answer, not an error. A numeric answer must be a
    /// decimal number as `DecimalText` reads it: an optional minus, digits and an optional fraction;
    /// more than `maximumDecimalPlaces` places is a warning.
    public func parseAnswer(
        _ value: JSONNode, for definition: Definition, problems: inout ProblemCollector
    ) -> String? {
        guard let text = value.stringValue ?? (definition.isNumeric ? value.numberText : nil) else {
            reportNotString(value, for: definition, problems: &problems)
            return nil
        }
        guard definition.isNumeric, !TypedText.isBlank(text) else { return text }
        guard let number = DecimalText.parse(text), number.isFinite else {
            reportNotANumber(value, text: text, problems: &problems)
            return nil
        }
        warnIfTooPrecise(
            text, at: value, code: Code.answerTooPrecise, subject: "the answer",
            problems: &problems)
        return text
    }

    /// Non-blank text counts as answered.
    public func isAnswered(_ answer: String, for definition: Definition) -> Bool {
        !TypedText.isBlank(answer)
    }

    /// The text as typed.
    public func encodeAnswer(_ answer: String, for definition: Definition) -> JSONWriter.Value {
        .string(answer)
    }

    /// `short-answer.out-of-range` when a numeric answer is below `from` or above `to`. A one-sided
    /// range means what it says (the original app inverted it). Text questions, blank answers and
    /// questions without a range raise nothing.
    public func flags(for answer: String, of definition: Definition) -> [Flag] {
        guard definition.isNumeric, let value = DecimalText.parse(answer) else { return [] }
        let range = definition.acceptedRange
        let shown = String(TypedText.trimmed(answer))
        if let lower = range.lower, value < lower {
            let bound = range.lowerText ?? "\(lower)"
            return [Flag(code: Code.outOfRange, message: "\(shown) is below the accepted minimum \(bound)")]
        }
        if let upper = range.upper, value > upper {
            let bound = range.upperText ?? "\(upper)"
            return [Flag(code: Code.outOfRange, message: "\(shown) is above the accepted maximum \(bound)")]
        }
        return []
    }

    /// For a numeric question with a range, the range ("a number from 0 to 75", "a number of at
    /// least 2.5"): a question answered only with a comment is then flagged; nil otherwise.
    public func expectation(of definition: Definition) -> String? {
        guard definition.isNumeric, let note = Self.rangeNote(definition.acceptedRange) else { return nil }
        let range = note.dropFirst("accepted: ".count)
        return "a number " + (range.hasPrefix("at ") ? "of " : "from ") + range
    }

    /// The text as typed (or "(no answer)"), in quotes when spaces begin or end it, a number then
    /// beside the number it is read as (`" 5 " (read as 5)`); then for a numeric question with a
    /// range the accepted range: "accepted: 0 to 75", "accepted: at least 2.5" or "accepted: at most 80".
    public func render(_ answer: String?, of definition: Definition) -> AnswerRendering {
        var blocks: [AnswerRendering.Block] = []
        if let answer, !TypedText.isBlank(answer) {
            let reading = definition.isNumeric ? String(TypedText.trimmed(answer)) : AnswerRendering.storedText(answer)
            blocks.append(.value(AnswerRendering.stored(answer, readAs: reading)))
        } else {
            blocks += AnswerRendering.noAnswer.blocks
        }
        if definition.isNumeric, let note = Self.rangeNote(definition.acceptedRange) {
            blocks.append(.note(note))
        }
        return AnswerRendering(blocks)
    }

    /// "accepted: …" for a range with at least one bound; nil for no range.
    static func rangeNote(_ range: AcceptedRange) -> String? {
        let lower = range.lower.map { range.lowerText ?? "\($0)" }
        let upper = range.upper.map { range.upperText ?? "\($0)" }
        switch (lower, upper) {
        case (let lower?, let upper?): return "accepted: \(lower) to \(upper)"
        case (let lower?, nil): return "accepted: at least \(lower)"
        case (nil, let upper?): return "accepted: at most \(upper)"
        case (nil, nil): return nil
        }
    }

    // MARK: Answer problems

    private func reportNotString(_ value: JSONNode, for definition: Definition, problems: inout ProblemCollector) {
        let expected = definition.isNumeric ? "a number or a string such as \"42\"" : "a string"
        let question = definition.isNumeric ? "a numeric question" : "a text question"
        let scalar = value.kind == .number || value.kind == .boolean
        let hint =
            definition.isNumeric
            ? "Write the number as typed, e.g. \"42\"."
            : scalar ? "Write it in quotes: \"\(value.sourceText)\"." : "Write the text, e.g. \"SN-4471\"."
        problems.error(
            Code.answerNotString,
            "the answer to \(question) must be \(expected), not \(value.quotedForMessage)", at: value, hint: hint)
    }

    private func reportNotANumber(_ value: JSONNode, text: String, problems: inout ProblemCollector) {
        let reason = DecimalText.parse(text) == nil ? "is not a number" : "is too large to be a number"
        // A decimal comma is the commonest slip ("82,5"); suggest the point when that is all that is wrong.
        let withPoint = text.replacingDecimalComma
        let suggestion = withPoint.flatMap { DecimalText.parse($0) == nil ? nil : "Did you mean '\($0)'? " }
        problems.error(
            Code.notANumber,
            "the answer \(value.quotedForMessage) \(reason); this question takes a decimal number such as 42, "
                + "-3.5 or 0.25",
            at: value,
            hint: (suggestion ?? "")
                + "Type the number alone: an optional minus, digits and an optional decimal point; "
                + "no units, exponent or thousands separators.")
    }
}

extension String {
    /// The text with its only comma replaced by a point, or nil when it has no comma or several.
    fileprivate var replacingDecimalComma: String? {
        let parts = split(separator: ",", omittingEmptySubsequences: false)
        return parts.count == 2 ? parts.joined(separator: ".") : nil
    }
}

extension ShortAnswerQuestion {
    /// Example answers: how text and numbers are read, and when a number is flagged as out of range.
    static var answerExamples: [AnswerExample] {
        let oil = Self.numericQuestion("Oil temperature after 10 minutes (°C)", range: #"{"from": "-20", "to": "95"}"#)
        let insulation = Self.numericQuestion("Insulation resistance (MΩ)", range: #"{"from": 1, "to": ""}"#)
        let vibration = Self.numericQuestion("Vibration velocity (mm/s)", range: #"{"to": 4.5}"#)
        let hours = Self.numericQuestion("Running hours", range: #""none""#)
        let serial = #"{"answer-type": "short-answer", "question": "Pump serial number"}"#
        let grade = #"""
            {"answer-type": "short-answer", "question": "Gearbox oil grade",
             "acceptedAnswer": {"from": "68", "to": "220"}}
            """#
        return [
            .valid("A number within the range", question: oil, answer: #""82""#),
            .valid("A bound itself is within the range", question: oil, answer: #""95""#),
            .valid("Above the range: flagged", question: oil, answer: #""104""#, flags: [Code.outOfRange]),
            .valid(
                "A negative temperature below the range: flagged", question: oil, answer: #""-25""#,
                flags: [Code.outOfRange]),
            .valid("A negative temperature within the range", question: oil, answer: #""-12.5""#),
            .valid("A number written as a JSON number keeps its text", question: oil, answer: "82.50"),
            .valid(
                "Only from (at least 1): a smaller value is flagged", question: insulation, answer: #""0.4""#,
                flags: [Code.outOfRange]),
            .valid("Only from (at least 1): a large value is not flagged", question: insulation, answer: #""2000""#),
            .valid(
                "Only to (at most 4.5): a larger value is flagged", question: vibration, answer: #""7.1""#,
                flags: [Code.outOfRange]),
            .valid("Only to (at most 4.5): a small value is not flagged", question: vibration, answer: #""0.8""#),
            .valid("A numeric question without a range is never flagged", question: hours, answer: #""123456""#),
            .valid("Free text", question: serial, answer: #""SN-4471-B""#),
            .valid("A range on a text question is ignored: no flag", question: grade, answer: #""460""#),
            .valid("Empty text is no answer", question: serial, answer: #""""#, isAnswered: false),
            .valid(
                "Spaces on a numeric question are no answer, not an error", question: oil, answer: #""   ""#,
                isAnswered: false),
            AnswerExample(
                title: "More than six decimal places", question: vibration, answer: #""0.1234567""#,
                expected: [.warning(Code.answerTooPrecise, at: "")], isAnswered: true),
            .invalid(
                "A word for a number", question: oil, answer: #""forty""#, .error(Code.notANumber, at: "")),
            .invalid(
                "A lone point (the original's number field let it through; it holds no reading)", question: oil,
                answer: #"".""#, .error(Code.notANumber, at: "")),
            .invalid(
                "A unit after the number", question: oil, answer: #""82 °C""#,
                .error(Code.notANumber, at: "")),
            .invalid(
                "A decimal comma", question: oil, answer: #""82,5""#, .error(Code.notANumber, at: "")),
            .invalid(
                "A JSON number with an exponent", question: oil, answer: "1e2",
                .error(Code.notANumber, at: "")),
            .invalid(
                "A boolean", question: oil, answer: "true", .error(Code.answerNotString, at: "")),
            .invalid(
                "A JSON number for a text question", question: serial, answer: "4471",
                .error(Code.answerNotString, at: "")),
            .invalid(
                "An array of text", question: serial, answer: #"["SN-4471-B"]"#,
                .error(Code.answerNotString, at: "")),
        ]
    }

    /// A numeric question with `acceptedAnswer` set to `range` (JSON).
    private static func numericQuestion(_ text: String, range: String) -> String {
        #"{"answer-type": "short-answer", "question": "\#(text)", "numberInput": true, "acceptedAnswer": \#(range)}"#
    }
}
