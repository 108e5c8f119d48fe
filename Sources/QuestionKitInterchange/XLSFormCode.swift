import QuestionKit

/// What converting XLSForms reports: each code declared once, used where it is raised and listed in
/// Docs/Formats/XLSForm.md.
public enum XLSFormCode: String, DiagnosticCode, CaseIterable {
    // Reading
    case notReadable = "xlsform.not-readable"
    case noSurveySheet = "xlsform.no-survey-sheet"
    case sheetNotCarried = "xlsform.sheet-not-carried"
    case settingsKept = "xlsform.settings-kept"
    case settingMisspelled = "xlsform.setting-misspelled"
    case rowWithoutType = "xlsform.row-without-type"
    case typeUnsupported = "xlsform.type-unsupported"
    case typeAmbiguous = "xlsform.type-ambiguous"
    case rowNotMade = "xlsform.row-not-made"
    case calculationNotCarried = "xlsform.calculation-not-carried"
    case metadataNotCarried = "xlsform.metadata-not-carried"
    case repeatNotCarried = "xlsform.repeat-not-carried"
    case groupConditionNotCarried = "xlsform.group-condition-not-carried"
    case groupNotClosed = "xlsform.group-not-closed"
    case groupEndUnmatched = "xlsform.group-end-unmatched"
    case noteAsHelp = "xlsform.note-as-help"
    case noteNotCarried = "xlsform.note-not-carried"
    case columnNotCarried = "xlsform.column-not-carried"
    case translationsNotCarried = "xlsform.translations-not-carried"
    case requiredNoted = "xlsform.required-noted"
    case requiredNotCarried = "xlsform.required-not-carried"
    case conditionNotCarried = "xlsform.condition-not-carried"
    case conditionTargetNotMade = "xlsform.condition-target-not-made"
    case nameMissing = "xlsform.name-missing"
    case duplicateName = "xlsform.duplicate-name"
    case labelMissing = "xlsform.label-missing"
    case choiceIncomplete = "xlsform.choice-incomplete"
    case choicesColumnNotCarried = "xlsform.choices-column-not-carried"

    // Writing
    case questionNotWritten = "xlsform.question-not-written"
    case helpImageNotWritten = "xlsform.help-image-not-written"
    case nameMade = "xlsform.name-made"
    case conditionNotWritten = "xlsform.condition-not-written"
    case keptValueNotWritten = "xlsform.kept-value-not-written"
    case characterReplaced = "xlsform.character-replaced"
    case workbookNotWritten = "xlsform.workbook-not-written"
}
