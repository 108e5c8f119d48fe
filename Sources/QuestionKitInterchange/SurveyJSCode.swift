import QuestionKit

/// What importing SurveyJS surveys reports: each code declared once, used where it is raised and
/// listed in Docs/Formats/SurveyJS.md.
public enum SurveyJSCode: String, DiagnosticCode, CaseIterable {
    case notAnObject = "surveyjs.not-an-object"
    case noElements = "surveyjs.no-elements"
    case metadataKept = "surveyjs.metadata-kept"
    case elementNotAnObject = "surveyjs.element-not-an-object"
    case elementTypeUnsupported = "surveyjs.element-type-unsupported"
    case elementAmbiguous = "surveyjs.element-ambiguous"
    case elementNotMade = "surveyjs.element-not-made"
    case htmlNotCarried = "surveyjs.html-not-carried"
    case expressionNotCarried = "surveyjs.expression-not-carried"
    case calculatedNotCarried = "surveyjs.calculated-not-carried"
    case validatorsNotCarried = "surveyjs.validators-not-carried"
    case memberNotCarried = "surveyjs.member-not-carried"
    case requiredNoted = "surveyjs.required-noted"
    case translationsNotCarried = "surveyjs.translations-not-carried"
    case nameMissing = "surveyjs.name-missing"
    case duplicateName = "surveyjs.duplicate-name"
    case panelFlattened = "surveyjs.panel-flattened"
    case containerConditionNotCarried = "surveyjs.container-condition-not-carried"
    case conditionNotCarried = "surveyjs.condition-not-carried"
    case conditionTargetNotMade = "surveyjs.condition-target-not-made"
    case conditionNotJoined = "surveyjs.condition-not-joined"
}
