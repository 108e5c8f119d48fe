import QuestionKit
import QuestionKitArchive
import QuestionKitForms

/// Writes a template of ours as an XLSForm (`survey`, `choices` and `settings` sheets), as `.xlsx` or as
/// pyxform's `.csv`, through the registered types (`InterchangeHandling.xlsFormRow`): sections become
/// groups, help the `hint`, conditions `relevant`, and what `_xlsform` kept is put back. A question
/// whose type has no row is reported on the template, never left out silently. The same template gives
/// the same bytes. See Docs/Formats/XLSForm.md.
public struct XLSFormWriter: Sendable {
    /// Reads the templates.
    public let reader: TemplateReader

    /// A writer of XLSForms from templates read by `reader`.
    public init(reader: TemplateReader) {
        self.reader = reader
    }

    /// How the sheets are put in a file.
    public enum Layout: String, Sendable, CaseIterable {
        /// An `.xlsx` workbook, as ODK users have it.
        case xlsx
        /// pyxform's `.csv`: each sheet's name on a line, its rows beneath after an empty first cell.
        case csv
    }

    /// What writing one template gave.
    public struct Result: Sendable {
        /// The file, or nil when the template has errors or the workbook cannot be written.
        public var output: [UInt8]?
        /// The template's problems and what could not be written, located in the template.
        public var diagnostics: [Diagnostic]
    }

    /// Writes the template in `bytes` in `layout`.
    public func write(_ bytes: [UInt8], layout: Layout) -> Result {
        write(JSONParser.parse(bytes, limits: reader.limits), layout: layout)
    }

    /// Writes the template parsed once by a caller that looked at it first (`convert` guesses its format),
    /// its own problems located with the `detail` its report shows: `convert`'s text shows no pointers and
    /// no fix-its, and resolving a pointer for each of 25,000 notes of a 100,000-question form cost 1.5%
    /// of writing it.
    package func write(_ parsed: JSONParseResult, layout: Layout, detail: ProblemCollector.Detail = .all) -> Result {
        let read = reader.read(parsed)
        guard let template = read.template, !read.diagnostics.containsErrors else {
            return Result(output: nil, diagnostics: read.diagnostics)
        }
        var problems = ProblemCollector(document: template.document)
        let sheets = self.sheets(of: template, problems: &problems)
        var output: [UInt8]?
        switch layout {
        case .csv: output = XLSFormTable.csv(sheets)
        case .xlsx:
            do {
                output = try XLSXWriter.write(cells: sheets.map { ($0.name, $0.rows) })
            } catch {
                problems.error(
                    XLSFormCode.workbookNotWritten, "the workbook cannot be written: \(error)",
                    at: template.document.root)
            }
        }
        var diagnostics = read.diagnostics
        problems.locate(detail: detail) { diagnostics.append($0) }
        return Result(output: output, diagnostics: diagnostics)
    }

    /// The sheets (`survey`, then `choices` when a question has choices, then `settings`), each its
    /// header's width and its header row and rows, each row only its cells that hold text.
    func sheets(of template: Template, problems: inout ProblemCollector)
        -> [(name: String, width: Int, rows: XLSXWriter.SparseRows)]
    {
        let root = template.document.root
        var form = XLSFormRows(template: template, registry: reader.registry, problems: &problems)
        form.writeSurvey(problems: &problems)
        let kept = root["_xlsform"]
        if let sheets = kept?["sheets"], sheets.count > 0 {
            problems.warning(
                XLSFormCode.keptValueNotWritten,
                "the other sheets kept under _xlsform.sheets (\(sheets.members.map { "'\($0.key)'" }.joined(separator: ", "))) "
                    + "are not written", at: sheets, hint: "Copy them from the source workbook if the form needs them.")
        }
        // The survey rows the reader did not make questions of (calculations, repeats …), after the others.
        for row in kept?["rows"]?.elements.map({ $0 }) ?? [] {
            form.survey.append(XLSFormRows.keptColumns(of: row, problems: &problems))
        }
        var settings: [(String, String)] = []
        if let title = template.title, !title.isEmpty {
            settings.append(("form_title", title))
            settings.append(("form_id", XLSFormRowShape.xmlName(of: title, maximumLength: 64) ?? "form"))
        }
        if let revision = template.revision, !revision.isEmpty { settings.append(("version", revision)) }
        if let keptSettings = kept?["settings"] {
            let keptColumns = XLSFormRows.keptColumns(of: keptSettings, problems: &problems)
            let keptNames = Set(keptColumns.map(\.0))
            settings = keptColumns + settings.filter { !keptNames.contains($0.0) }
        }
        var sheets = [form.survey.laidOut()]
        if !form.choices.isEmpty { sheets.append(form.choices.laidOut()) }
        if !settings.isEmpty {
            var table = XLSFormTable(name: "settings", leading: ["form_title", "form_id", "version"])
            table.append(settings)
            sheets.append(table.laidOut())
        }
        return sheets
    }
}
