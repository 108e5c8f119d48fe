import QuestionKit

/// The formats `convert` reads and writes.
public enum InterchangeFormat: String, Sendable, CaseIterable {
    /// Ours: an MI template.
    case mi
    /// A FHIR Questionnaire (R4 or R5 JSON).
    case fhir
    /// A SurveyJS survey (JSON; read only).
    case surveyjs
    /// An XLSForm (`.xlsx`, or pyxform's `.csv`; written).
    case xlsform

    /// The format of `bytes`, from their content: a JSON object with `resourceType` is FHIR, one
    /// with `questions` (or `Questions`) ours, one with `pages` or `elements` SurveyJS; nil when it is
    /// not such an object.
    public static func guess(_ bytes: [UInt8]) -> InterchangeFormat? {
        guard let root = JSONParser.parse(bytes).document?.root, root.kind == .object else { return nil }
        if root["resourceType"] != nil { return .fhir }
        if root["questions"] != nil || root["Questions"] != nil { return .mi }
        return root["pages"] != nil || root["elements"] != nil ? .surveyjs : nil
    }
}
