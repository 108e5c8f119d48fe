import QuestionKit

/// A question answered by choosing options from a list: exactly one, any number, or at most N.
///
/// Reads `answers` (the options; blank strings are padding from the web editor, not options),
/// `max-answers` (1 one option, 0 or missing any number, N at most N) and `acceptedAnswer` (an
/// option or a list of options; missing, `""` or `"none"` means nothing to check).
public struct MultipleChoiceQuestion: QuestionType {
    /// `multiple-choice` (legacy `qid` "4"; `multipleChoiceQuestion` in the original app's key
    /// list): what it reads, its documentation and its examples.
    public var description: QuestionTypeDescription {
        QuestionTypeDescription(
            identifier: "multiple-choice", summary: "Choose one or more options from a list.",
            documentation: Self.documentation, legacyTypeCode: "4",
            originalValueNames: [
                OriginalValueName("multipleChoiceQuestion", key: .answerType, value: "multiple-choice")
            ],
            schemaProperties: Self.schemaProperties, rules: Self.rules, codes: Code.allCases, examples: Self.examples,
            answerExamples: Self.answerExamples)
    }
    /// Answers are the chosen options under `check-boxes`.
    public var answerKey: Key { Key.checkBoxes }

    /// The multiple-choice type, ready to register.
    public init() {}

    /// Reads the options, the selection limit and the accepted answer, reporting every problem.
    /// Returns nil only when there is no usable option list.
    public func parseDefinition(
        of question: QuestionJSON, problems: inout ProblemCollector
    ) -> MultipleChoiceDefinition? {
        let reading = read(question, problems: &problems)
        guard let optionKeys = reading.options, !optionKeys.isEmpty else { return nil }
        let document = question.node.document
        let options = optionKeys.map { $0.node(in: document).stringValue ?? "" }
        return MultipleChoiceDefinition(
            options: options, selectionLimit: reading.limit ?? .any,
            acceptedAnswer: reading.accepted.map { Set($0.map { options[$0] }) })
    }

}

extension MultipleChoiceQuestion: DefinitionChecking {
    /// Whether the question has a usable option list, reporting every problem as
    /// `parseDefinition` does, without a `String` per option.
    package func checkDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Bool {
        !(read(question, problems: &problems).options?.isEmpty ?? true)
    }
}

// MARK: - Reading

extension MultipleChoiceQuestion {
    private typealias Limit = MultipleChoiceDefinition.SelectionLimit

    /// What a question reads as, with every problem reported, before a `String` is made for an
    /// option: `parseDefinition` builds the definition from it, `checkDefinition` only asks it.
    private struct Reading {
        /// The options (blanks and repeats left out), each by its key; nil when there is no list.
        var options: [NodeComparisonKey]?
        /// The selection limit; nil when `max-answers` is invalid.
        var limit: Limit?
        /// The positions in `options` of the accepted options; nil when there is nothing to check.
        var accepted: Set<Int>?
    }

    private func read(_ question: QuestionJSON, problems: inout ProblemCollector) -> Reading {
        let options = readOptions(question, problems: &problems)
        let limit = readSelectionLimit(question, optionCount: options?.count, problems: &problems)
        let accepted = readAcceptedAnswer(question, options: options, limit: limit, problems: &problems)
        return Reading(options: options, limit: limit, accepted: accepted)
    }

    private func readOptions(_ question: QuestionJSON, problems: inout ProblemCollector) -> [NodeComparisonKey]? {
        let key = question.spelling(of: .answers)
        guard let node = question[.answers] else {
            problems.error(
                Code.missingAnswers, "question \(question.number) has no '\(key)'", at: question.node,
                hint: "Add \"\(key)\": [\"Good\", \"Worn\", …] with the options to choose from.")
            return nil
        }
        guard node.kind == .array else {
            problems.error(
                Code.answersNotArray,
                "'\(key)' must be an array of option strings, not \(node.quotedForMessage)", at: node,
                hint: "Write each option as its own string: \"\(key)\": [\"Good\", \"Worn\", …].")
            return nil
        }
        var options: [NodeComparisonKey] = []
        // Sized once: growing from empty copied the keys (and retained each) on every doubling.
        options.reserveCapacity(node.count)
        var firstPosition = OptionIndex(expecting: node.count, in: node.document)
        var sawNonString = false
        var padding = OptionPadding()
        var lastRepeated: (position: Int, text: String)?
        for (offset, element) in node.elements.enumerated() {
            guard let option = NodeComparisonKey(element) else {
                sawNonString = true
                problems.error(
                    Code.optionNotString,
                    "option \(offset + 1) in '\(key)' must be a string, not \(element.quotedForMessage)", at: element,
                    hint: quotingHint(for: element))
                continue
            }
            // The web editor padded the list with blanks; they are not options.
            guard !option.isEmpty else {
                padding.recordBlank(element)
                continue
            }
            if let earlier = firstPosition.add(option, position: offset + 1) {
                let text = element.stringValue ?? ""
                // A list repeats one option many times as often as several: keep its text for the next repeat.
                let earlierText =
                    lastRepeated?.position == earlier.position
                    ? lastRepeated?.text ?? "" : earlier.key.node(in: node.document).stringValue ?? ""
                lastRepeated = (earlier.position, earlierText)
                problems.error(
                    Code.duplicateOption,
                    "option \(offset + 1) '\(text)' repeats option \(earlier.position) '\(earlierText)' "
                        + "(options are compared ignoring case and surrounding spaces)",
                    at: element, hint: "Remove the repeated option, or reword it so that every option differs.")
                continue
            }
            options.append(option)
            padding.recordOption(option, of: element, number: offset + 1)
        }
        if !options.isEmpty { padding.report(in: key, problems: &problems) }
        if options.isEmpty && !sawNonString {
            problems.error(
                Code.noOptions, "'\(key)' has no options; blank strings do not count", at: node,
                hint: "List the options to choose from, e.g. [\"Good\", \"Worn\", \"Cracked\"].")
        }
        return options
    }

    /// The limit `max-answers` sets; nil when it is invalid (and reported).
    private func readSelectionLimit(
        _ question: QuestionJSON, optionCount: Int?, problems: inout ProblemCollector
    ) -> Limit? {
        let key = question.spelling(of: .maxAnswers)
        guard let node = question[.maxAnswers], !node.isNull else { return .any }
        // An empty string is how the web editor left the field unset.
        if node.kind == .string, node.isBlankString { return .any }
        let hint = "Use 1 for one option, 0 for any number, or N for at most N options."
        guard let value = node.numericValue else {
            problems.error(
                Code.maxAnswersNotNumber,
                "'\(key)' must be a whole number such as 1 or \"2\", not \(node.quotedForMessage)", at: node, hint: hint
            )
            return nil
        }
        let shown = node.stringValue.map(TypedText.comparisonKey) ?? node.sourceText
        guard value >= 0 else {
            problems.error(
                Code.maxAnswersNegative, "'\(key)' is \(shown); it cannot be negative", at: node,
                hint: hint)
            return nil
        }
        guard value.rounded() == value else {
            problems.error(
                Code.maxAnswersNotInteger, "'\(key)' is \(shown); it must be a whole number",
                at: node, hint: hint)
            return nil
        }
        if let optionCount, optionCount > 0, value > Double(optionCount) {
            let noun = optionCount == 1 ? "is only 1 option" : "are only \(optionCount) options"
            problems.error(
                Code.maxAnswersExceedsOptions, "'\(key)' is \(shown) but there \(noun)", at: node,
                hint: "Lower '\(key)' to at most \(optionCount), use 0 for any number, or add the missing options.")
            return nil
        }
        return Int(exactly: value).flatMap { Limit(maxAnswers: $0) }
    }

    /// The positions in `options` of the options `acceptedAnswer` names; nil when there is nothing
    /// to check or the accepted answer is unusable (reported).
    private func readAcceptedAnswer(
        _ question: QuestionJSON, options: [NodeComparisonKey]?, limit: Limit?, problems: inout ProblemCollector
    ) -> Set<Int>? {
        let key = question.spelling(of: .acceptedAnswer)
        guard let node = question[.acceptedAnswer], !node.isNull else { return nil }
        let options = options ?? []
        let entries: [JSONNode]
        switch node.kind {
        case .string:
            guard let answer = NodeComparisonKey(node), !answer.isEmpty else { return nil }
            // "none" in any case checks nothing, as the original server compared it, even beside an option "None".
            if answer.equals("none", in: node.document) {
                let named = options.first { $0.equals("none", in: node.document) }
                if let option = named?.node(in: node.document).stringValue {
                    problems.report(
                        .note, Code.acceptedAnswerNoneIsOption,
                        "'\(key)' is '\(node.stringValue ?? "")', which means nothing to check, not the option '\(option)'",
                        at: node, hint: "Write [\"\(option)\"] to expect the option.")
                }
                return nil
            }
            entries = [node]
        case .array where node.count == 0:
            problems.error(
                Code.acceptedAnswerEmpty, "'\(key)' is an empty list, which no answer can match",
                at: node, hint: "List the expected options, or remove '\(key)' (or write \"none\") to check nothing.")
            return nil
        case .array:
            entries = Array(node.elements)
        default:
            problems.error(
                Code.acceptedAnswerNotString,
                "'\(key)' must be an option or a list of options, not \(node.quotedForMessage)", at: node,
                hint: "Write \"\(key)\": \"Good\" or [\"Good\", \"Worn\"], or \"none\" to check nothing.")
            return nil
        }
        let matched = matchAcceptedEntries(
            entries, key: key, against: options, in: node.document, problems: &problems)
        guard let accepted = matched else {
            return nil
        }
        if let maximum = limit?.maximum, accepted.count > maximum {
            let maxKey = question.spelling(of: .maxAnswers)
            problems.error(
                Code.acceptedAnswerExceedsMaxAnswers,
                "'\(key)' lists \(accepted.count) options but '\(maxKey)' allows at most \(maximum), "
                    + "so no answer could match it",
                at: node, hint: "Raise '\(maxKey)' to \(accepted.count), or list at most \(maximum) in '\(key)'.")
            return nil
        }
        return accepted
    }

    /// The positions in `options` of the options the entries name; nil when an entry is not an
    /// option or the options are unknown.
    private func matchAcceptedEntries(
        _ entries: [JSONNode], key: String, against options: [NodeComparisonKey], in document: JSONDocument,
        problems: inout ProblemCollector
    ) -> Set<Int>? {
        var accepted: Set<Int> = []
        var allMatched = true
        for entry in entries {
            guard let answer = NodeComparisonKey(entry) else {
                allMatched = false
                problems.error(
                    Code.acceptedAnswerNotString,
                    "each option in '\(key)' must be a string, not \(entry.quotedForMessage)", at: entry,
                    hint: quotingHint(for: entry))
                continue
            }
            // Without a usable option list there is nothing to match against (already reported).
            guard !options.isEmpty else {
                allMatched = false
                continue
            }
            // A blank answer names no option (options are never blank).
            guard !answer.isEmpty, let position = options.firstIndex(where: { $0.equals(answer, in: document) }) else {
                allMatched = false
                let text = entry.stringValue ?? ""
                let optionTexts = options.map { $0.node(in: document).stringValue ?? "" }
                let suggestion = Suggestion.nearest(to: text, in: optionTexts)
                problems.error(
                    Code.unknownAcceptedAnswer,
                    "'\(key)' names '\(text)', which is not one of the options "
                        + Suggestion.quotedList(optionTexts),
                    at: entry,
                    hint: (suggestion.map { "Did you mean '\($0)'? " } ?? "")
                        + "Use the options as listed (case does not matter), or \"none\" to check nothing.")
                continue
            }
            if !accepted.insert(position).inserted {
                let option = options[position].node(in: document).stringValue ?? ""
                problems.warning(
                    Code.duplicateAcceptedAnswer, "'\(key)' names the option '\(option)' twice",
                    at: entry, hint: "Remove the repeated '\(entry.stringValue ?? "")'.")
            }
        }
        return allMatched ? accepted : nil
    }

    private func quotingHint(for node: JSONNode) -> String {
        switch node.kind {
        case .number, .boolean: "Write it in quotes: \"\(node.sourceText)\"."
        default: "Write each option as text, e.g. \"Good\"."
        }
    }
}

// MARK: - Examples

extension MultipleChoiceQuestion {
    /// Valid and invalid questions: the type's tests and documentation.
    static var examples: [QuestionExample] { Self.validExamples + Self.invalidExamples }

    private static let belt = #""question": "Condition of the drive belt""#
    private static let beltOptions = #""answers": ["Good", "Worn", "Cracked", "Replaced"]"#

    private static let validExamples: [QuestionExample] = [
        .valid(
            "Single choice with an accepted answer",
            #"""
            {"answer-type": "multiple-choice", "qid": "4", "section": "Conveyor", \#(belt),
             \#(beltOptions), "max-answers": 1, "acceptedAnswer": "Good"}
            """#),
        .valid(
            "At most two options, max-answers as a string, accepted answer as a list",
            #"""
            {"answer-type": "multiple-choice", "question": "Which filters were replaced?",
             "answers": ["Air filter", "Oil filter", "Fuel filter", "Cabin filter"],
             "max-answers": "2", "acceptedAnswer": ["air filter", "Oil filter"]}
            """#),
        .valid(
            "Blank padding from the web editor is not an option (a note; validate --fix keeps it)",
            #"""
            {"answer-type": "multiple-choice", "question": "Hydraulic hose condition",
             "answers": ["No leaks", "Weeping", "Leaking", "", ""], "max-answers": 0, "acceptedAnswer": "none"}
            """#,
            warnings: [.note(Code.blankOptions, at: "/answers/3")]),
        .valid(
            "Spaces around an option are not part of it (a note; validate --fix removes them)",
            #"""
            {"answer-type": "multiple-choice", "question": "Hydraulic hose condition",
             "answers": ["No leaks", " Weeping ", "Leaking"], "acceptedAnswer": "weeping"}
            """#,
            warnings: [.note(Code.optionSpaces, at: "/answers/1")]),
        .valid(
            "Any number of options when max-answers is missing",
            #"""
            {"answer-type": "multiple-choice", "question": "Guards checked",
             "answers": ["Chain guard", "Belt guard", "Fan guard"], "acceptedAnswer": ""}
            """#),
        .valid(
            "An option called None, accepted as a list",
            #"""
            {"answer-type": "multiple-choice", "question": "Leaks found at the pump",
             "answers": ["None", "Minor", "Major"], "max-answers": 1, "acceptedAnswer": ["None"]}
            """#),
        .valid(
            "\"none\" checks nothing, even beside an option called None (a note)",
            #"""
            {"answer-type": "multiple-choice", "question": "Leaks found at the pump",
             "answers": ["None", "Minor", "Major"], "max-answers": 1, "acceptedAnswer": "none"}
            """#,
            warnings: [.note(Code.acceptedAnswerNoneIsOption, at: "/acceptedAnswer")]),
        .valid(
            "A repeated accepted option",
            #"{"answer-type": "multiple-choice", \#(belt), \#(beltOptions), "#
                + #""max-answers": 0, "acceptedAnswer": ["Worn", "worn"]}"#,
            warnings: [.warning(Code.duplicateAcceptedAnswer, at: "/acceptedAnswer/1")]),
        .invalid(
            "A misspelled key is an error reported by the core, with the rename as its fix",
            #"{"answer-type": "multiple-choice", \#(belt), \#(beltOptions), "max-answer": 1}"#,
            .error(QuestionCode.unknownKey, at: "/max-answer")),
    ]

    private static let invalidExamples: [QuestionExample] = optionExamples + limitExamples + acceptedExamples

    private static func question(_ members: String) -> String {
        #"{"answer-type": "multiple-choice", \#(belt), "# + members + "}"
    }

    private static let optionExamples: [QuestionExample] = [
        .invalid(
            "No answers", question(#""max-answers": 1"#),
            .error(Code.missingAnswers, at: "")),
        .invalid(
            "Options in one string", question(#""answers": "Good, Worn, Cracked""#),
            .error(Code.answersNotArray, at: "/answers")),
        .invalid(
            "An option that is not a string", question(#""answers": ["Good", 2, "Worn"]"#),
            .error(Code.optionNotString, at: "/answers/1")),
        .invalid(
            "Only blank options", question(#""answers": ["", " ", "", "", ""]"#),
            .error(Code.noOptions, at: "/answers")),
        .invalid(
            "Options that differ only in case and spaces", question(#""answers": ["Good", "Worn", " good"]"#),
            .error(Code.duplicateOption, at: "/answers/2")),
    ]

    private static let limitExamples: [QuestionExample] = [
        .invalid(
            "Negative max-answers", question(#"\#(beltOptions), "max-answers": -1"#),
            .error(Code.maxAnswersNegative, at: "/max-answers")),
        .invalid(
            "max-answers in words", question(#"\#(beltOptions), "max-answers": "two""#),
            .error(Code.maxAnswersNotNumber, at: "/max-answers")),
        .invalid(
            "max-answers as a boolean", question(#"\#(beltOptions), "max-answers": true"#),
            .error(Code.maxAnswersNotNumber, at: "/max-answers")),
        .invalid(
            "max-answers as an object", question(#"\#(beltOptions), "max-answers": {}"#),
            .error(Code.maxAnswersNotNumber, at: "/max-answers")),
        .invalid(
            "Fractional max-answers", question(#"\#(beltOptions), "max-answers": 1.5"#),
            .error(Code.maxAnswersNotInteger, at: "/max-answers")),
        .invalid(
            "max-answers above the number of options", question(#"\#(beltOptions), "max-answers": "7""#),
            .error(Code.maxAnswersExceedsOptions, at: "/max-answers")),
    ]

    private static let acceptedExamples: [QuestionExample] = [
        .invalid(
            "An accepted answer that is not an option", question(#"\#(beltOptions), "acceptedAnswer": "Frayed""#),
            .error(Code.unknownAcceptedAnswer, at: "/acceptedAnswer")),
        .invalid(
            "A misspelled option in an accepted list",
            question(#"\#(beltOptions), "max-answers": 2, "acceptedAnswer": ["Worn", "Craked"]"#),
            .error(Code.unknownAcceptedAnswer, at: "/acceptedAnswer/1")),
        .invalid(
            "An accepted answer that is a number", question(#"\#(beltOptions), "acceptedAnswer": 1"#),
            .error(Code.acceptedAnswerNotString, at: "/acceptedAnswer")),
        .invalid(
            "A number in an accepted list", question(#"\#(beltOptions), "acceptedAnswer": ["Good", 2]"#),
            .error(Code.acceptedAnswerNotString, at: "/acceptedAnswer/1")),
        .invalid(
            "An empty accepted list", question(#"\#(beltOptions), "acceptedAnswer": []"#),
            .error(Code.acceptedAnswerEmpty, at: "/acceptedAnswer")),
        .invalid(
            "More accepted options than max-answers allows",
            question(#"\#(beltOptions), "max-answers": 1, "acceptedAnswer": ["Worn", "Cracked"]"#),
            .error(Code.acceptedAnswerExceedsMaxAnswers, at: "/acceptedAnswer")),
    ]
}

// MARK: - Codes

extension MultipleChoiceQuestion {
    /// What multiple-choice questions and answers report: each code declared once, used by the code that
    /// reports it and by the examples that expect it.
    public enum Code: String, DiagnosticCode, CaseIterable {
        case fhirAcceptedAnswerInExtension = "multiple-choice.fhir-accepted-answer-in-extension"
        case fhirFreeTextNotCarried = "multiple-choice.fhir-free-text-not-carried"
        case fhirNoOptions = "multiple-choice.fhir-no-options"
        case fhirOptionCodesNotCarried = "multiple-choice.fhir-option-codes-not-carried"
        case fhirOptionNotCarried = "multiple-choice.fhir-option-not-carried"
        case fhirOptionMemberNotCarried = "multiple-choice.fhir-option-member-not-carried"
        case surveyJSNoChoices = "multiple-choice.surveyjs-no-choices"
        case surveyJSChoiceNotCarried = "multiple-choice.surveyjs-choice-not-carried"
        case xlsFormNoChoices = "multiple-choice.xlsform-no-choices"
        case xlsFormOtherNotCarried = "multiple-choice.xlsform-other-not-carried"
        case xlsFormLabelRepeated = "multiple-choice.xlsform-label-repeated"
        case xlsFormAcceptedAnswerNotWritten = "multiple-choice.xlsform-accepted-answer-not-written"
        case acceptedAnswerEmpty = "multiple-choice.accepted-answer-empty"
        case acceptedAnswerExceedsMaxAnswers = "multiple-choice.accepted-answer-exceeds-max-answers"
        case acceptedAnswerNoneIsOption = "multiple-choice.accepted-answer-none-is-option"
        case acceptedAnswerNotString = "multiple-choice.accepted-answer-not-string"
        case answerNotString = "multiple-choice.answer-not-string"
        case answersNotArray = "multiple-choice.answers-not-array"
        case blankOptions = "multiple-choice.blank-options"
        case conditionOperandNotString = "multiple-choice.condition-operand-not-string"
        case conditionUnknownOption = "multiple-choice.condition-unknown-option"
        case fhirAnswerNotCarried = "multiple-choice.fhir-answer-not-carried"
        case duplicateAcceptedAnswer = "multiple-choice.duplicate-accepted-answer"
        case duplicateAnswer = "multiple-choice.duplicate-answer"
        case duplicateOption = "multiple-choice.duplicate-option"
        case maxAnswersExceedsOptions = "multiple-choice.max-answers-exceeds-options"
        case maxAnswersNegative = "multiple-choice.max-answers-negative"
        case maxAnswersNotInteger = "multiple-choice.max-answers-not-integer"
        case maxAnswersNotNumber = "multiple-choice.max-answers-not-number"
        case missingAnswers = "multiple-choice.missing-answers"
        case noOptions = "multiple-choice.no-options"
        case notAccepted = "multiple-choice.not-accepted"
        case optionNotString = "multiple-choice.option-not-string"
        case optionSpaces = "multiple-choice.option-spaces"
        case tooManyAnswers = "multiple-choice.too-many-answers"
        case unknownAcceptedAnswer = "multiple-choice.unknown-accepted-answer"
        case unknownOption = "multiple-choice.unknown-option"
    }
}
