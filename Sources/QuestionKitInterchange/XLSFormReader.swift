import QuestionKit
import QuestionKitFiles
import QuestionKitForms

/// Reads an XLSForm (`.xlsx`/`.xlsm` workbook, or the `.csv` and `.md` texts pyxform accepts) into a
/// template of ours, through the registered types: each `survey` row is taken by the first type that
/// claims it (`InterchangeHandling`), its options from the `choices` sheet. Groups and repeats become
/// sections, notes the help of the question after them. Everything not carried is a located
/// diagnostic on the sheets' JSON (`XLSFormDocument`) and is kept under `_xlsform` (on the question,
/// or on the template). Import only. See Docs/Formats/XLSForm.md.
public struct XLSFormReader: Sendable {
    /// The question types that take rows.
    public let registry: QuestionTypeRegistry
    let types: ClaimingTypes

    /// A reader with the types of `registry`.
    public init(registry: QuestionTypeRegistry) {
        self.registry = registry
        types = ClaimingTypes(registry: registry)
    }

    /// What reading one form gave.
    public struct Result: Sendable {
        /// The template, or nil when the input is not a form that can be read: made when asked, of its text (`written`).
        public var template: JSONWriter.Value? {
            guard let written else { return nil }
            // A text beyond the limits it was read with has no document of them; the template is made all the same.
            let document =
                written.parsed.document
                ?? JSONParser.parse(written.bytes, limits: .init(maxBytes: Int(UInt32.max) - 2, maxDepth: .max))
                .document
            return document?.root.writerValue
        }
        /// The template's text as `convert` writes it (2-space indent, a final newline), and what
        /// `JSONParser.parse(_:limits:)` makes of it within the limits read with (`read(_:path:limits:)`). Written
        /// as the questions are made, with no tree of them: making and freeing one cost a sixth of reading a form.
        package var written: (bytes: [UInt8], parsed: JSONParseResult)?
        /// The problems, located at their cells (see `XLSFormDocument.locate`).
        public var diagnostics: [Diagnostic] { sheets.map { $0.locate(problems) } ?? problems }
        /// Where its survey rows went: every row is counted once.
        public var counts = ImportCounts()
        /// The problems on the sheets' JSON (`sheets`), not yet moved to their cells.
        var problems: [Diagnostic]
        /// The sheets as JSON, with the cell of each line.
        var sheets: XLSFormDocument?
        /// The row each of the template's questions came from, in order.
        var sources: [JSONNode] = []
    }

    /// Reads the form in `bytes`. `path`, the file it was read from, names a form whose settings give
    /// neither `form_title` nor `form_id`: pyxform titles such a form by its file's name (`formName`).
    public func read(_ bytes: [UInt8], path: String? = nil) -> Result {
        read(bytes, path: path, limits: .default)
    }

    /// `read(_:path:)`, the template's text recorded as a parse within `limits` would make it (`Result.written`).
    package func read(_ bytes: [UInt8], path: String?, limits: JSONParser.Limits) -> Result {
        let sheets: [XLSFormSheet]
        switch XLSFormSheets.read(bytes) {
        case .success(let read): sheets = read
        case .failure(let error):
            let diagnostic = Diagnostic(
                severity: .error, code: XLSFormCode.notReadable.rawValue,
                message: "not an XLSForm that can be read: \(error)")
            return Result(problems: [diagnostic])
        }
        guard let document = XLSFormDocument(sheets: sheets, isWorkbook: XLSFormSheets.source(of: bytes) == .workbook)
        else {
            let diagnostic = Diagnostic(
                severity: .error, code: XLSFormCode.notReadable.rawValue,
                message: "the form's cells exceed the limits of a document")
            return Result(problems: [diagnostic])
        }
        var problems = ProblemCollector(document: document.document)
        var result = Result(problems: [], sheets: document)
        let root = document.document.root
        guard let survey = root["survey"] else {
            problems.error(
                XLSFormCode.noSurveySheet,
                "an XLSForm has a sheet named 'survey' (found: "
                    + "\(sheets.map { "'\($0.name)'" }.joined(separator: ", ")))", at: root)
            result.problems = problems.diagnostics()
            return result
        }
        let settings = root["settings"]?.elements.first { _ in true }
        var walk = XLSFormRowWalk(
            reader: self, survey: survey, choices: root["choices"],
            defaultLanguage: settings?["default_language"]?.stringValue, problems: &problems)
        walk.walk(problems: &problems)
        var template = JSONFileWriter(limits: limits)
        template.openObject()
        if let title = title(settings, path: path) { template.member("Title", .string(title)) }
        template.key("questions")
        template.openArray()
        walk.writeQuestions(to: &template, problems: &problems)
        template.close()
        for (key, value) in kept(root, settings, walk, &problems) { template.member(key, value) }
        template.close()
        result.written = template.finish()
        result.sources = walk.pending.map(\.row)
        result.counts = walk.counts
        result.problems = problems.diagnostics()
        return result
    }

    /// `form_title`, else `form_id` (or pyxform's aliases of them), else the name of the form's file, as
    /// pyxform titles a form.
    private func title(_ settings: JSONNode?, path: String?) -> String? {
        settings.flatMap(XLSFormSettings.title(in:)) ?? path.flatMap(Self.formName)
    }

    /// The name pyxform gives the form in the file at `path`: the file's name without its folder and its
    /// last extension (`forms/water point.xlsx` is `water point`), as Python's `splitext` makes it (a
    /// leading dot is no extension: `.csv` is `.csv`); nil when that leaves no name.
    package static func formName(ofPath path: String) -> String? {
        let name = PathText.deletingExtension(of: PathText.lastComponent(of: path))
        return name.isEmpty ? nil : name
    }

    /// `_xlsform`: the settings not carried (noted), the other sheets (each noted), the rows not made.
    private func kept(
        _ root: JSONNode, _ settings: JSONNode?, _ walk: XLSFormRowWalk, _ problems: inout ProblemCollector
    ) -> [(String, JSONWriter.Value)] {
        var kept: [(String, JSONWriter.Value)] = []
        if let settings {
            XLSFormSettings.reportMisspelled(in: settings, problems: &problems)
            let members = settings.members.filter { !XLSFormSettings.titleColumns.contains($0.key) }
            if !members.isEmpty {
                problems.report(
                    .note, XLSFormCode.settingsKept,
                    "kept under _xlsform, not used: \(members.map { "'\($0.key)'" }.joined(separator: ", "))",
                    at: settings)
                kept.append(("settings", .object(members.map { ($0.key, $0.value.writerValue) })))
            }
        }
        var sheets: [(String, JSONWriter.Value)] = []
        for member in root.members where !["survey", "choices", "settings"].contains(member.key) {
            problems.report(
                .warning, XLSFormCode.sheetNotCarried, "the sheet '\(member.key)' is not read; kept under _xlsform",
                at: member.value, atKey: true)
            sheets.append((member.key, member.value.writerValue))
        }
        if !sheets.isEmpty { kept.append(("sheets", .object(sheets))) }
        if !walk.unmade.isEmpty { kept.append(("rows", .array(walk.unmade))) }
        return kept.isEmpty ? [] : [("_xlsform", .object(kept))]
    }

    /// The first type that claims `row`, reporting others that claim it too.
    func claimant(of row: XLSFormRow, problems: inout ProblemCollector) -> (any QuestionType, String)? {
        types.claimant({ $0.claims(row) }) { other, first in
            problems.report(
                .note, XLSFormCode.typeAmbiguous,
                "'\(other)' also takes \(row.type) rows; '\(first)' (registered first) takes this one",
                at: row["type"] ?? row.node)
        }
    }
}
