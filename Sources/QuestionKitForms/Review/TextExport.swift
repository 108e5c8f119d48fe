import QuestionKit

/// A completed form as readable plain text (UTF-8): the header, then each question with its
/// answer, comment, media and flags. The output depends on the review alone, so it can be
/// compared with a recorded golden file.
///
/// ```text
/// Pump inspection
/// ===============
/// Revision: 2
/// MIDiscipline: Mechanical
/// Work performed by: jdoe   Date: Mar 4, 2019
/// Work leader review: mlee
///
/// Question 1 - Intake
/// Oil temperature
/// 52 °C
///   (accepted: 0 to 40)
/// Comment: measured twice
/// Media: Qid0, Qid0(2)
/// Flags: 52 is above the accepted maximum 40
/// ```
///
/// Answers are laid out from their `AnswerRendering`: a value as it is; a note indented, in
/// parentheses; a choice as one line per option, `[x]` chosen and `[ ]` not; a table as a grid
/// with `|` between columns and a rule under the header, check cells as `yes`/`no` (blank when
/// not set) and cells that must stay empty filled with `noCellMark` across the column, so they
/// cannot be mistaken for an empty cell. Columns are measured as a terminal shows them: "°C" takes
/// two columns, "温度" four (see `TextColumns`). Control characters and bidirectional overrides from
/// the form are shown escaped (`\u001B`, see ``TerminalText``); a tab is a space.
package enum TextExport {
    /// What fills a cell that must stay empty (a `noCells` cell), across the whole column.
    package static let noCellMark: Character = "░"

    /// The text of `review`, ending in a newline; no line ends in a space.
    package static func render(_ review: Review) -> String {
        var lines = header(review.header)
        for row in review.rows {
            if !lines.isEmpty { lines.append("") }
            lines += question(row)
        }
        return lines.map(TextColumns.trimmingTrailingSpaces).joined(separator: "\n") + "\n"
    }

    // MARK: Header

    static func header(_ header: ReviewHeader) -> [String] {
        var lines: [String] = []
        if let title = header.title, !TypedText.isBlank(title) {
            let title = TerminalText.line(title)
            lines += [title, String(repeating: "=", count: max(1, TextColumns.width(title)))]
        }
        if let revision = header.revision, !TypedText.isBlank(revision) { lines += labeled("Revision", revision) }
        for field in header.metadata where !TypedText.isBlank(field.value) {
            lines += labeled(field.key, field.value)
        }
        if header.technician != nil || header.completedDate != nil {
            let date = header.completedDate.map { "   Date: \(TerminalText.line($0))" } ?? ""
            lines.append("Work performed by: " + TerminalText.line(header.technician ?? "") + date)
        }
        if let foreman = header.foreman { lines += labeled("Work leader review", foreman) }
        if let comment = header.foremanComment, !TypedText.isBlank(comment) {
            lines += labeled("Foreman comment", comment)
        }
        if let date = header.submittedDate { lines += labeled("Submitted", date) }
        return lines
    }

    // MARK: Questions

    static func question(_ row: ReviewRow) -> [String] {
        var heading = "Question \(row.number)"
        if let section = row.section, !TypedText.isBlank(section) { heading += " - " + TerminalText.line(section) }
        var lines = [heading]
        lines += split(row.question)
        if let askedWhen = row.logic?.askedWhen { lines += split(askedWhen) }
        if let notAsked = row.logic?.notAsked {
            lines += split(notAsked)
            return lines
        }
        for block in row.rendering.blocks {
            lines += Self.block(block)
        }
        if !TypedText.isBlank(row.comment) { lines += labeled("Comment", row.comment) }
        if !row.media.isEmpty {
            lines.append("Media: " + TerminalText.line(row.media.map(\.name).joined(separator: ", ")))
        }
        if !row.flags.isEmpty { lines += labeled("Flags", ReviewPrinter.flagMessages(row)) }
        for warning in row.warningTexts { lines += labeled("Warning", warning) }
        return lines
    }

    static func block(_ block: AnswerRendering.Block) -> [String] {
        switch block {
        case .value(let text):
            return split(text)
        case .note(let text):
            return split("(" + text + ")").map { "  " + $0 }
        case .choices(let choices):
            return choices.map { ($0.isChosen ? "[x] " : "[ ] ") + TerminalText.line($0.label) }
        case .grid(let grid):
            return Self.grid(grid)
        case .drawing(let drawing):
            return split(drawing.textFallback)
        }
    }

    /// The grid: a header line, a rule, then one line per row, columns as wide as their widest cell.
    static func grid(_ grid: AnswerRendering.Grid) -> [String] {
        let columns = max(grid.header.count, (grid.rows.map(\.cells.count).max() ?? 0) + 1)
        let header = (0..<columns).map { grid.header.indices.contains($0) ? GridCell(grid.header[$0]) : .empty }
        let rows = grid.rows.map { row in
            [GridCell(row.label)]
                + (1..<columns).map { column in
                    row.cells.indices.contains(column - 1) ? GridCell(row.cells[column - 1]) : .empty
                }
        }
        let widths = (0..<columns).map { column in
            max(1, ([header] + rows).map { $0[column].width }.max() ?? 1)
        }
        func line(_ cells: [GridCell]) -> String {
            zip(cells, widths).map { $0.padded(to: $1) }.joined(separator: " | ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+-")
        return [line(header), rule] + rows.map(line)
    }

    /// A cell as laid out: text, or the mark of a cell that must stay empty.
    enum GridCell {
        case text(String)
        case noCell

        static let empty = GridCell.text("")

        init(_ text: String) {
            self = .text(TerminalText.line(text))
        }

        init(_ cell: AnswerRendering.Cell) {
            switch cell {
            case .text(let text): self.init(text)
            case .check(let value): self = .text(value.map { $0 ? "yes" : "no" } ?? "")
            case .noCell: self = .noCell
            }
        }

        /// The columns the cell needs; a cell that must stay empty needs two, to be seen.
        var width: Int {
            switch self {
            case .text(let text): TextColumns.width(text)
            case .noCell: 2
            }
        }

        func padded(to width: Int) -> String {
            switch self {
            case .text(let text): TextColumns.pad(text, to: width)
            case .noCell: String(repeating: TextExport.noCellMark, count: width)
            }
        }
    }

    // MARK: Lines

    /// `text` split into its lines, each as ``TerminalText/line(_:)`` shows it.
    static func split(_ text: String) -> [String] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { TerminalText.line(String($0)) }
    }

    /// "Label: text", further lines of `text` indented to line up under its first.
    static func labeled(_ label: String, _ text: String) -> [String] {
        let label = TerminalText.line(label)
        let lines = split(text)
        let indent = String(repeating: " ", count: TextColumns.width(label) + 2)
        return lines.enumerated().map { index, line in (index == 0 ? label + ": " : indent) + line }
    }
}
