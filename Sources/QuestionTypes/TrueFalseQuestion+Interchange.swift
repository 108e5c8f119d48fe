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
        if definition.acceptedAnswer != nil, let accepted = node["acceptedAnswer"] {
            problems.warning(
                Code.fhirAcceptedAnswerNotWritten,
                "a FHIR item has no expected answer: the accepted answer \(accepted.quotedForMessage) is not written",
                at: accepted, hint: "Answers that differ will not be flagged by FHIR tools.")
        }
        return FHIRItemShape(type: "boolean")
    }

    /// `boolean`.
    public var surveyJSElementTypes: [String] { ["boolean"] }

    /// No keys of its own.
    public func questionKeys(from element: SurveyJSElement, problems: inout ProblemCollector) -> SurveyJSImport? {
        SurveyJSImport(keys: [])
    }
}
