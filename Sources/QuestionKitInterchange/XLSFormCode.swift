import QuestionKit

/// What converting XLSForms reports: each code declared once, used where it is raised and listed in
/// Docs/Formats/XLSForm.md.
public enum XLSFormCode: String, DiagnosticCode, CaseIterable {
    // Writing
    case questionNotWritten = "xlsform.question-not-written"
    case helpImageNotWritten = "xlsform.help-image-not-written"
    case nameMade = "xlsform.name-made"
    case conditionNotWritten = "xlsform.condition-not-written"
    case keptValueNotWritten = "xlsform.kept-value-not-written"
    case characterReplaced = "xlsform.character-replaced"
    case workbookNotWritten = "xlsform.workbook-not-written"
}
