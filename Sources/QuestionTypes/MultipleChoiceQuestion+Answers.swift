import QuestionKit

/// Answers to multiple-choice questions: the chosen options under `check-boxes`, in the order chosen.
///
/// An answer is a list of options (`["Worn", "Cracked"]`) or, as fixtures may write it, one option
/// (`"Worn"`). Options match ignoring case and surrounding spaces and are kept as the template
/// spells them; blank entries are not options and are left out. An empty list is a valid answer
/// that does not count as answered.
extension MultipleChoiceQuestion {
    /// The chosen options, in the order chosen, spelled as in the definition's `options`.
    public typealias Answer = [String]

    /// Reads the chosen options, reporting a value that is not an option or a list of options,
    /// options that do not exist, options chosen twice (a warning: they count once) and more
    /// options than the question allows. Returns nil when an error was reported.
    public func parseAnswer(
        _ value: JSONNode, for definition: MultipleChoiceDefinition, problems: inout ProblemCollector
    ) -> [String]? {
        let entries: [JSONNode]
        switch value.kind {
        case .string: entries = [value]
        case .array: entries = Array(value.elements)
        default:
            problems.error(
                Code.answerNotString,
                "the answer must be an option or a list of options, not \(value.quotedForMessage)", at: value,
                hint: "Write the chosen options as strings, e.g. [\(Self.quoted(definition.options.first))], "
                    + "or [] for none.")
            return nil
        }
        var chosen: [String] = []
        var isValid = true
        for entry in entries {
            // The web editor padded option lists with blanks; a blank entry chooses nothing.
            if entry.stringValue.map(TypedText.isBlank) == true { continue }
            guard let option = readOption(entry, of: definition, problems: &problems) else {
                isValid = false
                continue
            }
            if chosen.contains(option) {
                problems.warning(
                    Code.duplicateAnswer,
                    "the option '\(option)' is chosen more than once; it counts once", at: entry,
                    hint: "Remove the repeated \(entry.quotedForMessage).")
                continue
            }
            chosen.append(option)
        }
        if !definition.selectionLimit.allows(chosen.count) {
            isValid = false
            reportTooMany(chosen, at: value, limit: definition.selectionLimit, problems: &problems)
        }
        return isValid ? chosen : nil
    }

    /// Whether at least one option is chosen.
    public func isAnswered(_ answer: [String], for definition: MultipleChoiceDefinition) -> Bool {
        !answer.isEmpty
    }

    /// The chosen options as a list of strings, e.g. `["Worn", "Cracked"]`.
    public func encodeAnswer(_ answer: [String], for definition: MultipleChoiceDefinition) -> JSONWriter.Value {
        .array(answer.map { .string($0) })
    }

    /// `multiple-choice.not-accepted` when the chosen options, as a set and ignoring case, differ
    /// from the accepted ones (choosing nothing differs too); nothing when there is nothing to check.
    public func flags(for answer: [String], of definition: MultipleChoiceDefinition) -> [Flag] {
        guard let accepted = definition.acceptedOptions,
            Set(answer.map(TypedText.comparisonKey)) != Set(accepted.map(TypedText.comparisonKey))
        else { return [] }
        let chosen = answer.isEmpty ? "nothing" : Suggestion.quotedList(answer, conjunction: "and")
        return [
            Flag(
                code: Code.notAccepted,
                message: "chosen: \(chosen); expected: \(Suggestion.quotedList(accepted, conjunction: "and"))")
        ]
    }

    /// The accepted options, quoted.
    public func expectation(of definition: MultipleChoiceDefinition) -> String? {
        definition.acceptedOptions.map { Suggestion.quotedList($0, conjunction: "and") }
    }

    /// Every option, the chosen ones marked (as the original printed them, "- Selected"); a
    /// "(no answer)" value when nothing is chosen, and the accepted options when there are any.
    public func render(_ answer: [String]?, of definition: MultipleChoiceDefinition) -> AnswerRendering {
        let chosen = Set((answer ?? []).map(TypedText.comparisonKey))
        let choices = definition.options.map {
            AnswerRendering.Choice($0, isChosen: chosen.contains(TypedText.comparisonKey($0)))
        }
        var blocks: [AnswerRendering.Block] = [.choices(choices)]
        if chosen.isEmpty { blocks.append(.value("(no answer)")) }
        if let accepted = definition.acceptedOptions {
            blocks.append(.note("accepted: " + Suggestion.quotedList(accepted, conjunction: "and")))
        }
        return AnswerRendering(blocks)
    }

    /// As `render(_:of:)`, each chosen option as the completed form spelled it where that differs
    /// from the option: `good (read as Good)`, `" Worn" (read as Worn)`.
    public func render(_ answer: [String]?, storedAs stored: JSONNode, of definition: MultipleChoiceDefinition)
        -> AnswerRendering
    {
        let rendering = render(answer, of: definition).showingBlank(stored)
        let entries = stored.kind == .array ? Array(stored.elements) : [stored]
        var spelled: [String: String] = [:]
        for text in entries.compactMap(\.stringValue) {
            guard let option = definition.option(matching: text), spelled[option] == nil else { continue }
            spelled[option] = text
        }
        return rendering.showingChosen { spelled[$0] }
    }
}

// MARK: - Reading

extension MultipleChoiceQuestion {
    /// Where a question's option is named: in an answer, or as a condition's operand.
    enum OptionUse {
        case answer, condition
    }

    /// The option `entry` names (an answer's, or a condition's); nil (reported, with the codes of
    /// `use`) when it names none. A condition's misspelt option gets the nearest as a fix; an
    /// answer's does not (a fixture's answer is what was typed).
    func readOption(
        _ entry: JSONNode, of definition: MultipleChoiceDefinition, as use: OptionUse = .answer,
        problems: inout ProblemCollector
    ) -> String? {
        guard let text = entry.stringValue else {
            switch use {
            case .answer:
                problems.error(
                    Code.answerNotString,
                    "each chosen option must be a string, not \(entry.quotedForMessage)", at: entry,
                    hint: "Write the option as it is listed, e.g. \(Self.quoted(definition.options.first)).")
            case .condition:
                problems.error(
                    Code.conditionOperandNotString,
                    "a condition on a multiple-choice question names an option, not \(entry.quotedForMessage)",
                    at: entry, hint: "Write one of \(Suggestion.quotedList(definition.options)).")
            }
            return nil
        }
        if let option = definition.option(matching: text) { return option }
        let suggestion = Suggestion.nearest(to: TypedText.comparisonKey(text), in: definition.options)
        // Applied unasked only when one option is a single edit away; a farther one is only offered.
        let isNearMiss = use == .condition && Suggestion.Candidates(definition.options).nearMiss(to: text) != nil
        let fixes =
            use == .condition
            ? suggestion.map {
                [
                    NodeFix(
                        "Write '\($0)'", edits: [.replace(entry, json: JSONWriter.text(of: .string($0)))],
                        isSafe: isNearMiss)
                ]
            }
            : nil
        problems.error(
            use == .answer ? Code.unknownOption : Code.conditionUnknownOption,
            "'\(text)' is not one of the options \(Suggestion.quotedList(definition.options))", at: entry,
            hint: (suggestion.map { "Did you mean '\($0)'? " } ?? "")
                + "Choose options as listed (case does not matter).", fixes: fixes ?? [])
        return nil
    }

    private func reportTooMany(
        _ chosen: [String], at value: JSONNode, limit: MultipleChoiceDefinition.SelectionLimit,
        problems: inout ProblemCollector
    ) {
        let maximum = limit.maximum ?? chosen.count
        let allowed = maximum == 1 ? "only 1 may be chosen" : "at most \(maximum) may be chosen"
        problems.error(
            Code.tooManyAnswers,
            "\(chosen.count) options are chosen (\(Suggestion.quotedList(chosen, conjunction: "and"))), "
                + "but \(allowed)",
            at: value, hint: "Choose at most \(maximum) of them.")
    }

    private static func quoted(_ option: String?) -> String {
        "\"\(option ?? "Good")\""
    }
}

// MARK: - Examples

extension MultipleChoiceQuestion {
    /// Example answers: how answers are read, when they count as answered, and what is flagged.
    static var answerExamples: [AnswerExample] { Self.validAnswerExamples + Self.invalidAnswerExamples }

    private static let singleChoice = #"""
        {"answer-type": "multiple-choice", "question": "Condition of the drive belt",
         "answers": ["Good", "Worn", "Cracked", "Replaced", ""], "max-answers": 1, "acceptedAnswer": "Good"}
        """#
    private static let filters = #"""
        {"answer-type": "multiple-choice", "question": "Which filters were replaced?",
         "answers": ["Air filter", "Oil filter", "Fuel filter", "Cabin filter"],
         "max-answers": "2", "acceptedAnswer": ["Air filter", "Oil filter"]}
        """#
    private static let guards = #"""
        {"answer-type": "multiple-choice", "question": "Guards checked",
         "answers": ["Chain guard", "Belt guard", "Fan guard"]}
        """#
    private static let hose = #"""
        {"answer-type": "multiple-choice", "question": "Hydraulic hose condition",
         "answers": ["No leaks", "Weeping", "Leaking"], "max-answers": 0, "acceptedAnswer": "none"}
        """#
    private static let notAccepted = [Code.notAccepted]

    private static let validAnswerExamples: [AnswerExample] = [
        .valid("The accepted option is not flagged", question: singleChoice, answer: #"["Good"]"#),
        .valid(
            "Another option is flagged", question: singleChoice, answer: #"["Worn"]"#, flags: notAccepted),
        .valid(
            "One option as a string, in another case and with spaces", question: singleChoice,
            answer: #"" good ""#),
        .valid(
            "The accepted set in another order and case is not flagged", question: filters,
            answer: #"["OIL FILTER", "air filter"]"#),
        .valid(
            "Part of the accepted set is flagged", question: filters, answer: #"["Oil filter"]"#,
            flags: notAccepted),
        .valid(
            "Another set of the same size is flagged", question: filters,
            answer: #"["Air filter", "Fuel filter"]"#, flags: notAccepted),
        .valid(
            "Nothing chosen is not answered, and is flagged when an answer is expected", question: filters,
            answer: "[]", isAnswered: false, flags: notAccepted),
        .valid(
            "Blank entries are not options", question: guards, answer: #"["", " "]"#, isAnswered: false),
        .valid(
            "Nothing is flagged when acceptedAnswer is missing", question: guards,
            answer: #"["Fan guard", "Chain guard"]"#),
        .valid("Nothing is flagged when acceptedAnswer is \"none\"", question: hose, answer: #"["Leaking"]"#),
        AnswerExample(
            title: "\"NONE\" checks nothing, even beside an option called None",
            question: #"{"answer-type": "multiple-choice", "question": "Leaks", "answers": ["None", "Minor"], "#
                + #""acceptedAnswer": "NONE"}"#,
            answer: #"["Minor"]"#, expected: [], isAnswered: true),
        AnswerExample(
            title: "An option chosen twice counts once", question: guards,
            answer: #"["Belt guard", "belt guard "]"#,
            expected: [.warning(Code.duplicateAnswer, at: "/1")], isAnswered: true),
    ]

    private static let invalidAnswerExamples: [AnswerExample] = [
        .invalid(
            "A number instead of an option", question: singleChoice, answer: "1",
            .error(Code.answerNotString, at: "")),
        .invalid(
            "A number in the list", question: guards, answer: #"["Fan guard", 2]"#,
            .error(Code.answerNotString, at: "/1")),
        .invalid(
            "An option that does not exist", question: singleChoice, answer: #"["Frayed"]"#,
            .error(Code.unknownOption, at: "/0")),
        .invalid(
            "A misspelled option as a string", question: singleChoice, answer: #""Craked""#,
            .error(Code.unknownOption, at: "")),
        .invalid(
            "Two options for a single-choice question", question: singleChoice, answer: #"["Good", "Worn"]"#,
            .error(Code.tooManyAnswers, at: "")),
        .invalid(
            "More options than max-answers allows", question: filters,
            answer: #"["Air filter", "Oil filter", "Fuel filter"]"#,
            .error(Code.tooManyAnswers, at: "")),
    ]
}
