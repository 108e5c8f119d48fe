import QuestionKit

/// A question answered on a scale from 1 to N, e.g. the condition of a part from 1 (poor) to 5
/// (as new).
///
/// `scale` is N, from 2 to 10 (a number or a numeric string). `lowLabel` and `highLabel` name
/// the ends of the scale. An answer below `flagBelow` is flagged. The answer is an integer from
/// 1 to N, stored like a short answer, as text under `short-answer` (`"4"`).
public struct RatingQuestion: QuestionType {
    /// `rating`, the `answer-type` of these questions: the keys it reads besides the shared ones,
    /// its documentation and its examples.
    public var description: QuestionTypeDescription {
        QuestionTypeDescription(
            identifier: "rating",
            summary: "A rating on a scale of 1 to N (2 to 10) with labelled ends, flagged below a threshold.",
            documentation: Self.documentation, keys: [Self.scale, Self.lowLabel, Self.highLabel, Self.flagBelow],
            schemaProperties: Self.schemaProperties, rules: Self.rules, codes: Code.allCases, examples: Self.examples,
            answerExamples: Self.answerExamples)
    }
    /// The rating as text, under `short-answer` (see the guide for why no key of its own).
    public var answerKey: Key { .shortAnswer }

    public init() {}

    /// `scale`: the highest rating, N.
    public static let scale = Key("scale", summary: "The highest rating N, 2 to 10 (rating); ratings run from 1 to N.")
    /// `lowLabel`: what a rating of 1 means.
    public static let lowLabel = Key("lowLabel", summary: "What a rating of 1 means, e.g. \"Poor\" (rating).")
    /// `highLabel`: what a rating of N means.
    public static let highLabel = Key("highLabel", summary: "What a rating of N means, e.g. \"As new\" (rating).")
    /// `flagBelow`: ratings below it are flagged.
    public static let flagBelow = Key("flagBelow", summary: "Ratings below this number are flagged (rating).")

    /// The scales a rating may have.
    public static let scales = 2...10

    /// Reads the scale, the labels and the threshold, reporting every problem. Returns nil when
    /// the scale is missing or unusable: without it no answer can be read.
    public func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> RatingDefinition? {
        let scale = readScale(question, problems: &problems)
        let lowLabel = readLabel(question, Self.lowLabel, problems: &problems)
        let highLabel = readLabel(question, Self.highLabel, problems: &problems)
        let flagBelow = readFlagBelow(question, scale: scale, problems: &problems)
        guard let scale else { return nil }
        return RatingDefinition(scale: scale, lowLabel: lowLabel, highLabel: highLabel, flagBelow: flagBelow)
    }

    private func readScale(_ question: QuestionJSON, problems: inout ProblemCollector) -> Int? {
        let key = question.spelling(of: Self.scale)
        guard let node = question[Self.scale], !node.isNull else {
            problems.error(
                Code.scaleMissing, "a rating question needs '\(key)', the highest rating", at: question.node,
                hint: "Add \"\(key)\": 5 for ratings from 1 to 5 (any of \(Self.scales.lowerBound) to "
                    + "\(Self.scales.upperBound)).")
            return nil
        }
        guard let scale = node.integerValue, node.kind != .boolean else {
            problems.error(
                Code.scaleNotInteger, "'\(key)' must be a whole number, not \(node.quotedForMessage)", at: node,
                hint: "Write \"\(key)\": 5 for ratings from 1 to 5.")
            return nil
        }
        guard Self.scales.contains(scale) else {
            problems.error(
                Code.scaleOutOfRange,
                "'\(key)' is \(scale); it must be from \(Self.scales.lowerBound) to \(Self.scales.upperBound) "
                    + "(ratings run from 1 to '\(key)')",
                at: node, hint: "Use a scale of \(Self.scales.lowerBound) to \(Self.scales.upperBound), e.g. 5.")
            return nil
        }
        return scale
    }

    private func readLabel(_ question: QuestionJSON, _ label: Key, problems: inout ProblemCollector) -> String? {
        guard let node = question[label], !node.isNull else { return nil }
        guard let text = node.stringValue else {
            let key = question.spelling(of: label)
            problems.error(
                Code.labelNotString, "'\(key)' must be text, not \(node.quotedForMessage)", at: node,
                hint: "Write \"\(key)\": \"\(label == Self.lowLabel ? "Poor" : "As new")\".")
            return nil
        }
        return TypedText.isBlank(text) ? nil : String(TypedText.trimmed(text))
    }

    /// The threshold; nil when absent, `""`, `"none"` or unusable (reported). Checked against
    /// the scale only when the scale is usable.
    private func readFlagBelow(_ question: QuestionJSON, scale: Int?, problems: inout ProblemCollector) -> Int? {
        guard let node = question[Self.flagBelow], !node.isNull else { return nil }
        if let text = node.stringValue.map(TypedText.comparisonKey), text.isEmpty || text == "none" { return nil }
        let key = question.spelling(of: Self.flagBelow)
        guard let threshold = node.integerValue, node.kind != .boolean else {
            problems.error(
                Code.flagBelowNotInteger, "'\(key)' must be a whole number, not \(node.quotedForMessage)",
                at: node, hint: "Write \"\(key)\": 3 to flag ratings of 1 and 2, or leave it out to flag nothing.")
            return nil
        }
        guard let scale else { return threshold }
        guard (1...scale).contains(threshold) else {
            problems.error(
                Code.flagBelowOutOfRange,
                "'\(key)' is \(threshold), outside the scale 1 to \(scale)"
                    + (threshold > scale ? ": every rating would be flagged" : ""),
                at: node, hint: "Use a threshold from 2 to \(scale), or leave '\(key)' out to flag nothing.")
            return nil
        }
        if threshold == 1 {
            problems.warning(
                Code.flagBelowNeverFlags, "'\(key)' is 1: no rating is below it, so nothing is flagged",
                at: node, hint: "Use 2 to flag ratings of 1, or remove '\(key)'.")
        }
        return threshold
    }
}

/// What a rating question reads into.
public struct RatingDefinition: Sendable, Hashable {
    /// The highest rating, N; ratings run from 1 to N.
    public var scale: Int
    /// What a rating of 1 means, if the template says.
    public var lowLabel: String?
    /// What a rating of N means, if the template says.
    public var highLabel: String?
    /// Ratings below this are flagged; nil flags nothing.
    public var flagBelow: Int?

    public init(scale: Int, lowLabel: String? = nil, highLabel: String? = nil, flagBelow: Int? = nil) {
        self.scale = scale
        self.lowLabel = lowLabel
        self.highLabel = highLabel
        self.flagBelow = flagBelow
    }

    /// "1 = Poor, 5 = As new", or nil when neither end is labelled.
    public var labelNote: String? {
        let ends = [lowLabel.map { "1 = \($0)" }, highLabel.map { "\(scale) = \($0)" }].compactMap { $0 }
        return ends.isEmpty ? nil : ends.joined(separator: ", ")
    }
}

// MARK: - Documentation and schema

extension RatingQuestion {
    /// The type's documentation page, above its fields and examples.
    static var documentation: String {
        """
        A rating on a scale from 1 to `scale` (2 to 10): the condition of a part, the cleanliness of \
        a room. `lowLabel` and `highLabel` say what the ends mean ("Poor", "As new"); they are shown \
        with the answer, which prints as a row of boxes, those up to the rating filled ("4 of 5" in the text \
        export).

        A rating below `flagBelow` is flagged (`rating.below-threshold`); without `flagBelow` nothing \
        is. The answer is a whole number (a JSON number or a numeric string), stored as text under \
        `short-answer`, as a short answer is.
        """
    }

    /// The rules `parseDefinition` and `parseAnswer` enforce.
    static var rules: [String] {
        [
            "`scale` is required: a whole number from 2 to 10 (a number or a numeric string).",
            "`lowLabel` and `highLabel` are text.",
            "`flagBelow` is a whole number from 1 to `scale`; 1 flags nothing (a warning).",
            "An answer is a whole number from 1 to `scale`.",
        ]
    }

    /// The keys, constrained exactly as far as `parseDefinition` reports errors (the bound of
    /// `flagBelow` depends on `scale`, which a schema cannot say simply).
    static var schemaProperties: [KeySchema] {
        let scale: [(String, JSONWriter.Value)] = [
            (
                "anyOf",
                .array([
                    .object(JSONSchema.integer + [("minimum", .integer(2)), ("maximum", .integer(10))]),
                    .object(JSONSchema.string + [("pattern", .string(#"^ *0*([2-9]|10)(\.0+)? *$"#))]),
                ])
            )
        ]
        let flagBelow: [(String, JSONWriter.Value)] = [
            (
                "anyOf",
                .array([
                    .object(JSONSchema.integer + [("minimum", .integer(1))]),
                    .object(JSONSchema.string + [("pattern", .string(#"^ *0*[1-9][0-9]*(\.0+)? *$"#))]),
                    .object(JSONSchema.string + [("pattern", .string(#"^\s*([Nn][Oo][Nn][Ee])?\s*$"#))]),
                    .object([("type", .string("null"))]),
                ])
            )
        ]
        let label = JSONSchema.types("string", "null")
        return [
            KeySchema(Self.scale, required: true, scale), KeySchema(Self.lowLabel, label),
            KeySchema(Self.highLabel, label), KeySchema(Self.flagBelow, flagBelow),
        ]
    }
}

// MARK: - Answers

extension RatingQuestion {
    /// The rating, 1…N.
    public typealias Answer = Int

    /// Reads a whole number from 1 to the scale, as a JSON number or a numeric string.
    public func parseAnswer(_ value: JSONNode, for definition: RatingDefinition, problems: inout ProblemCollector)
        -> Int?
    {
        let range = "1 to \(definition.scale)"
        guard let rating = value.integerValue, value.kind != .boolean else {
            problems.error(
                Code.answerNotInteger,
                "the answer must be a whole number from \(range), not \(value.quotedForMessage)", at: value,
                hint: value.stringValue.map(TypedText.isBlank) == true
                    ? "Leave the answer out when the question is not answered."
                    : "Write the rating as a number, e.g. \"\(definition.scale)\".")
            return nil
        }
        guard (1...definition.scale).contains(rating) else {
            problems.error(
                Code.answerOutOfRange, "the answer \(rating) is outside the scale \(range)", at: value,
                hint: definition.labelNote.map { "The scale: \($0)." } ?? "Choose a rating from \(range).")
            return nil
        }
        return rating
    }

    /// Always: every rating is an answer.
    public func isAnswered(_ answer: Int, for _: RatingDefinition) -> Bool { true }

    /// The rating as text (`"4"`), as a short answer is stored.
    public func encodeAnswer(_ answer: Int, for _: RatingDefinition) -> JSONWriter.Value {
        .string(String(answer))
    }

    /// `rating.below-threshold` when the rating is below `flagBelow`.
    public func flags(for answer: Int, of definition: RatingDefinition) -> [Flag] {
        guard let threshold = definition.flagBelow, answer < threshold else { return [] }
        return [
            Flag(
                code: Code.belowThreshold,
                message: "rated \(answer) of \(definition.scale), below the accepted minimum \(threshold)")
        ]
    }

    /// The rating as a row of boxes 1…N, those up to it filled (see `drawing(_:of:)`; text media
    /// print "4 of 5"), or "(no answer)"; then the labels of the ends and the accepted ratings as notes.
    public func render(_ answer: Int?, of definition: RatingDefinition) -> AnswerRendering {
        var blocks = answer.map { [.drawing(drawing($0, of: definition))] } ?? AnswerRendering.noAnswer.blocks
        if let note = definition.labelNote { blocks.append(.note(note)) }
        if let threshold = definition.flagBelow, threshold > 1 {
            blocks.append(.note("accepted: \(threshold) or more"))
        }
        return AnswerRendering(blocks)
    }
}

// MARK: - Examples

extension RatingQuestion {
    private static let condition = #"""
        {"answer-type": "rating", "question": "Condition of the impeller", "scale": 5,
         "lowLabel": "Poor", "highLabel": "As new", "flagBelow": 3}
        """#

    /// Valid and invalid questions: the type's tests and its documentation.
    static var examples: [QuestionExample] {
        [
            .valid("A five-point scale with labelled ends, flagged below 3", Self.condition),
            .valid(
                "A scale as a string, no labels, nothing flagged",
                #"{"answer-type": "rating", "question": "Cleanliness of the pump room", "scale": "10"}"#),
            .valid(
                "flagBelow 1 flags nothing",
                #"{"answer-type": "rating", "question": "Paint condition", "scale": 4, "flagBelow": 1}"#,
                warnings: [.warning(Code.flagBelowNeverFlags, at: "/flagBelow")]),
            .invalid(
                "No scale", #"{"answer-type": "rating", "question": "Condition of the impeller"}"#,
                .error(Code.scaleMissing, at: "")),
            .invalid(
                "A scale above 10",
                #"{"answer-type": "rating", "question": "Condition of the impeller", "scale": 100}"#,
                .error(Code.scaleOutOfRange, at: "/scale")),
            .invalid(
                "A scale of one",
                #"{"answer-type": "rating", "question": "Condition of the impeller", "scale": "1"}"#,
                .error(Code.scaleOutOfRange, at: "/scale")),
            .invalid(
                "A scale that is not a whole number",
                #"{"answer-type": "rating", "question": "Condition of the impeller", "scale": "five"}"#,
                .error(Code.scaleNotInteger, at: "/scale")),
            .invalid(
                "A threshold above the scale",
                #"{"answer-type": "rating", "question": "Condition of the impeller", "scale": 5, "flagBelow": 6}"#,
                .error(Code.flagBelowOutOfRange, at: "/flagBelow")),
            .invalid(
                "A threshold that is not a number, and a label that is not text",
                #"""
                {"answer-type": "rating", "question": "Condition of the impeller", "scale": 5,
                 "lowLabel": 1, "flagBelow": "low"}
                """#,
                .error(Code.labelNotString, at: "/lowLabel"),
                .error(Code.flagBelowNotInteger, at: "/flagBelow")),
        ]
    }

    /// Example answers: how ratings are read, and when they are flagged.
    static var answerExamples: [AnswerExample] {
        let unflagged = #"{"answer-type": "rating", "question": "Cleanliness of the pump room", "scale": 10}"#
        let below = [Code.belowThreshold]
        return [
            .valid("A rating at the threshold", question: Self.condition, answer: "3"),
            .valid("The top of the scale, as a string (as stored)", question: Self.condition, answer: #""5""#),
            .valid("Below the threshold: flagged", question: Self.condition, answer: #""2""#, flags: below),
            .valid("The bottom of the scale: flagged", question: Self.condition, answer: "1", flags: below),
            .valid("Without a threshold nothing is flagged", question: unflagged, answer: "1"),
            .invalid(
                "Above the scale", question: Self.condition, answer: "6", .error(Code.answerOutOfRange, at: "")),
            .invalid("Zero", question: Self.condition, answer: #""0""#, .error(Code.answerOutOfRange, at: "")),
            .invalid(
                "Not a whole number", question: Self.condition, answer: "3.5",
                .error(Code.answerNotInteger, at: "")),
            .invalid(
                "A label instead of a number", question: Self.condition, answer: #""Poor""#,
                .error(Code.answerNotInteger, at: "")),
            .invalid(
                "A list, as for a choice", question: Self.condition, answer: #"["4"]"#,
                .error(Code.answerNotInteger, at: "")),
            .invalid(
                "An empty answer", question: Self.condition, answer: #""""#,
                .error(Code.answerNotInteger, at: "")),
        ]
    }
}

// MARK: - Codes

extension RatingQuestion {
    /// What rating questions and answers report: each code declared once, used by the code that
    /// reports it and by the examples that expect it.
    public enum Code: String, DiagnosticCode, CaseIterable {
        case answerNotInteger = "rating.answer-not-integer"
        case answerOutOfRange = "rating.answer-out-of-range"
        case belowThreshold = "rating.below-threshold"
        case flagBelowNeverFlags = "rating.flag-below-never-flags"
        case flagBelowNotInteger = "rating.flag-below-not-integer"
        case flagBelowOutOfRange = "rating.flag-below-out-of-range"
        case labelNotString = "rating.label-not-string"
        case scaleMissing = "rating.scale-missing"
        case scaleNotInteger = "rating.scale-not-integer"
        case scaleOutOfRange = "rating.scale-out-of-range"
    }
}
