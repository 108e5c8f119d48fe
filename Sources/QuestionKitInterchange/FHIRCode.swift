import QuestionKit

/// What converting FHIR Questionnaires reports: each code declared once, used where it is raised
/// and listed in Docs/Formats/FHIR.md.
public enum FHIRCode: String, DiagnosticCode, CaseIterable {
    // Reading
    case notAnObject = "fhir.not-an-object"
    case notAQuestionnaire = "fhir.not-a-questionnaire"
    case responseNotSupported = "fhir.response-not-supported"
    case versionAssumed = "fhir.version-assumed"
    case versionMixed = "fhir.version-mixed"
    case metadataKept = "fhir.metadata-kept"
    case itemNotAnObject = "fhir.item-not-an-object"
    case itemTypeUnsupported = "fhir.item-type-unsupported"
    case itemAmbiguous = "fhir.item-ambiguous"
    case itemNotMade = "fhir.item-not-made"
    case textMissing = "fhir.text-missing"
    case groupRepeatsNotCarried = "fhir.group-repeats-not-carried"
    case groupFlattened = "fhir.group-flattened"
    case groupConditionNotCarried = "fhir.group-condition-not-carried"
    case groupConditionInherited = "fhir.group-condition-inherited"
    case nestedItemsFlattened = "fhir.nested-items-flattened"
    case displayAsHelp = "fhir.display-as-help"
    case displayNotCarried = "fhir.display-not-carried"
    case memberNotCarried = "fhir.member-not-carried"
    case initialNotCarried = "fhir.initial-not-carried"
    case valueSetNotCarried = "fhir.value-set-not-carried"
    case repeatsNotCarried = "fhir.repeats-not-carried"
    case expressionNotCarried = "fhir.expression-not-carried"
    case extensionNotRead = "fhir.extension-not-read"
    case conditionTargetNotMade = "fhir.condition-target-not-made"
    case conditionAnswerNotCarried = "fhir.condition-answer-not-carried"
    case conditionMalformed = "fhir.condition-malformed"
    case duplicateLinkId = "fhir.duplicate-link-id"
    case linkIdMissing = "fhir.link-id-missing"
    // Writing
    case questionNotWritten = "fhir.question-not-written"
    case memberNotInRelease = "fhir.member-not-in-release"
}
