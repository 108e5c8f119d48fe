import QuestionKit

// A true/false question is a FHIR `boolean` item.
extension TrueFalseQuestion {
    /// `boolean`.
    public var fhirItemTypes: [String] { ["boolean"] }

    /// The accepted answer a Questionnaire written by `convert` keeps in QuestionKit's extension (a
    /// `valueBoolean`); none else: a boolean item has no expected answer.
    public func questionKeys(from item: FHIRItem, problems: inout ProblemCollector) -> FHIRImport? {
        let accepted = item.extensionValues(url: FHIRItem.acceptedAnswerURL)
        guard accepted.count == 1, let flag = accepted[0].boolValue else { return FHIRImport(keys: []) }
        return FHIRImport(
            keys: [("acceptedAnswer", .string(Self.spelling(of: flag)))],
            carriedExtensions: [FHIRItem.acceptedAnswerURL])
    }

    /// A `boolean` item. FHIR has no expected answer: an accepted answer is kept in QuestionKit's own
    /// extension (read back by `questionKeys`, ignored by other tools), and said so in a note.
    public func fhirItem(of definition: TrueFalseDefinition, at node: JSONNode, problems: inout ProblemCollector)
        -> FHIRItemShape?
    {
        guard let accepted = definition.acceptedAnswer else { return FHIRItemShape(type: "boolean") }
        FHIRItem.noteAcceptedAnswerKept(
            [Self.spelling(of: accepted)], at: node["acceptedAnswer"], code: Code.fhirAcceptedAnswerInExtension,
            problems: &problems)
        let kept = FHIRItem.extensionEntry(FHIRItem.acceptedAnswerURL, "valueBoolean", .bool(accepted))
        return FHIRItemShape(type: "boolean", members: [("extension", .array([kept]))])
    }

    /// `valueBoolean`.
    public func fhirAnswers(
        of answer: Bool, for _: TrueFalseDefinition, item _: FHIRItem, at _: JSONNode,
        problems _: inout ProblemCollector
    ) -> [JSONWriter.Value]? {
        [.object([("valueBoolean", .bool(answer))])]
    }

    /// `["Yes"]` or `["No"]` from `valueBoolean`; a coding's or a string's text as the word stored
    /// (read then as any stored word is: "True" is Yes, another word is kept and flagged).
    public func storedAnswer(
        fromFHIR values: [JSONNode], for _: TrueFalseDefinition, problems: inout ProblemCollector
    ) -> JSONWriter.Value? {
        guard let value = FHIRItem.singleAnswer(values, code: Code.fhirAnswerNotCarried, problems: &problems) else {
            return nil
        }
        if let flag = value.boolValue { return .array([.string(Self.spelling(of: flag))]) }
        guard let text = FHIRItem.optionText(of: value) else {
            problems.warning(
                Code.fhirAnswerNotCarried, "a \(value.memberKey ?? "value") answer is not a true/false answer",
                at: value)
            return nil
        }
        return .array([.string(text)])
    }

    /// `boolean`.
    public var surveyJSElementTypes: [String] { ["boolean"] }

    /// No keys of its own.
    public func questionKeys(from element: SurveyJSElement, problems: inout ProblemCollector) -> SurveyJSImport? {
        SurveyJSImport(keys: [])
    }

    // XLSForm

    /// `select_one` over the shared yes/no list; an accepted answer has no place in XLSForm and is reported.
    public func xlsFormRow(of definition: TrueFalseDefinition, at node: JSONNode, problems: inout ProblemCollector)
        -> XLSFormRowShape?
    {
        if definition.acceptedAnswer != nil, let accepted = node["acceptedAnswer"] {
            problems.warning(
                Code.xlsFormAcceptedAnswerNotWritten,
                "an XLSForm question has no expected answer: the accepted answer \(accepted.quotedForMessage) is not "
                    + "written",
                at: accepted, hint: "Answers that differ will not be flagged by XLSForm tools.")
        }
        return XLSFormRowShape(type: "select_one", choices: .yesNo)
    }
}
