import QuestionKit

// A true/false question is a FHIR `boolean` item.
extension TrueFalseQuestion {
    /// `boolean`.
    public var fhirItemTypes: [String] { ["boolean"] }

    /// No keys of its own: a boolean item has no expected answer.
    public func questionKeys(from item: FHIRItem, problems: inout ProblemCollector) -> FHIRImport? {
        FHIRImport(keys: [])
    }

    /// A `boolean` item; an accepted answer has no place in FHIR and is reported.
    public func fhirItem(of definition: TrueFalseDefinition, at node: JSONNode, problems: inout ProblemCollector)
        -> FHIRItemShape?
    {
        Self.reportAcceptedAnswer(
            of: definition, at: node, code: Code.fhirAcceptedAnswerNotWritten, question: "a FHIR item", format: "FHIR",
            problems: &problems)
        return FHIRItemShape(type: "boolean")
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
        Self.reportAcceptedAnswer(
            of: definition, at: node, code: Code.xlsFormAcceptedAnswerNotWritten, question: "an XLSForm question",
            format: "XLSForm", problems: &problems)
        return XLSFormRowShape(type: "select_one", choices: .yesNo)
    }

    /// Reports the accepted answer of the question at `node`, which `format` (its questions being `question`)
    /// has no place for.
    private static func reportAcceptedAnswer(
        of definition: TrueFalseDefinition, at node: JSONNode, code: Code, question: String, format: String,
        problems: inout ProblemCollector
    ) {
        guard definition.acceptedAnswer != nil, let accepted = node["acceptedAnswer"] else { return }
        problems.warning(
            code, "\(question) has no expected answer: the accepted answer \(accepted.quotedForMessage) is not written",
            at: accepted, hint: "Answers that differ will not be flagged by \(format) tools.")
    }
}
