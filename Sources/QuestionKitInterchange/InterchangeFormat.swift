import QuestionKit
import QuestionKitArchive

/// The formats `convert` reads and writes.
public enum InterchangeFormat: String, Sendable, CaseIterable {
    /// Ours: an MI template.
    case mi
    /// A FHIR Questionnaire (R4 or R5 JSON).
    case fhir
    /// A SurveyJS survey (JSON; read only).
    case surveyjs
    /// An XLSForm: an `.xlsx` workbook, or the `.csv`/`.md` text pyxform accepts (read; `.xlsx` and
    /// `.csv` written).
    case xlsform

    /// The format of `bytes`, from their content: a JSON object with `resourceType` is FHIR, one
    /// with `questions` (or `Questions`) ours unless they are SurveyJS's (each with `type` and
    /// `name`), one with `pages` or `elements` SurveyJS; a zip
    /// archive with `xl/workbook.xml`, or a text that is no JSON and starts a `survey` sheet (a CSV
    /// row or Markdown table row whose first cell is `survey`), an XLSForm; nil otherwise.
    public static func guess(_ bytes: [UInt8]) -> InterchangeFormat? {
        guess(bytes, parsed: nil)
    }

    /// `guess`, with the parse of `bytes` when a caller made it already (it reads the document next).
    package static func guess(_ bytes: [UInt8], parsed: JSONParseResult?) -> InterchangeFormat? {
        if isArchive(bytes) {
            let archive = try? ZipArchive(bytes)
            return archive?.entry(named: "xl/workbook.xml") != nil ? .xlsform : nil
        }
        guard let root = (parsed ?? JSONParser.parse(bytes)).document?.root else {
            return startsSurveySheet(bytes) ? .xlsform : nil
        }
        return guess(root: root)
    }

    /// The format of a JSON document whose root is `root`, as `guess(_:)` tells it.
    public static func guess(root: JSONNode) -> InterchangeFormat? {
        guard root.kind == .object else { return nil }
        if root["resourceType"] != nil { return .fhir }
        if let questions = root["questions"] ?? root["Questions"] {
            return isSurveyJSQuestionList(questions) ? .surveyjs : .mi
        }
        return root["pages"] != nil || root["elements"] != nil ? .surveyjs : nil
    }

    /// Whether a root `questions` list is SurveyJS's older form (`{"questions": [{"type": "text",
    /// "name": "q"}]}`, as survey-library's own examples write it) rather than ours: every entry an
    /// object with a string `type` and `name`, none with our `question` or `answer-type`.
    private static func isSurveyJSQuestionList(_ questions: JSONNode) -> Bool {
        guard questions.kind == .array, questions.count > 0 else { return false }
        return questions.elements.allSatisfy { entry in
            entry.kind == .object && entry["type"]?.stringValue != nil && entry["name"]?.stringValue != nil
                && entry["question"] == nil && entry["answer-type"] == nil
        }
    }

    /// Whether `bytes` start a zip archive (an `.xlsx` workbook): a file with no text lines to show, whose
    /// diagnostics name their cells instead.
    public static func isArchive(_ bytes: [UInt8]) -> Bool { bytes.starts(with: [0x50, 0x4B]) }

    /// The format a file's name says: `.xlsx`, `.xlsm` (workbooks), `.csv` and `.md` are XLSForms;
    /// nil for others (JSON is told by its content).
    public static func guess(path: String) -> InterchangeFormat? {
        let lower = path.lowercased()
        return [".xlsx", ".xlsm", ".csv", ".md"].contains { lower.hasSuffix($0) } ? .xlsform : nil
    }

    /// Whether a line of `bytes` starts the `survey` sheet: `survey`, `"survey"` or `| survey |`
    /// (any case) as its first cell.
    private static func startsSurveySheet(_ bytes: [UInt8]) -> Bool {
        for line in bytes.split(omittingEmptySubsequences: true, whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
            let text = String(decoding: line, as: UTF8.self).trimmingSpaces
            let table = text.hasPrefix("|")
            let cells = text.split(separator: table ? "|" : ",", omittingEmptySubsequences: false)
            guard cells.count > (table ? 1 : 0) else { continue }
            let cell = String(cells[table ? 1 : 0]).trimmingSpaces.lowercased()
            if cell == "survey" || cell == "\"survey\"" { return true }
        }
        return false
    }
}
