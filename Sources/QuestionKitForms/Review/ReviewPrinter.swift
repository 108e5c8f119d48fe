import QuestionKit

/// Prints a review: the table a technician or foreman reads before finishing or submitting, and
/// the same review as JSON for `review --format json`.
package enum ReviewPrinter {
    /// The header (title and revision, who performed the work and when, the work leader and the
    /// foreman's comment), the review table, then the "Attention required" list, the foreman's
    /// edits after completion, and the warnings.
    ///
    /// One row per question — number, section, question, answer summary, comment and a `!` in the
    /// last column when the answer is flagged — in columns about 100 wide; a cell too long for its
    /// column wraps within it at spaces (a word wider than the column is broken), so every word is
    /// shown. Then the warnings about answers read from the form, located in it. Columns are
    /// measured as a terminal shows them (see `TextColumns`); control characters and bidirectional
    /// overrides from the form are shown escaped (see ``TerminalText``).
    package static func text(_ review: Review) -> String {
        var text = ""
        self.text(review) { text += $0 }
        return text
    }

    /// `text(_:)` handed to `write` in pieces, in order, each a few whole lines (about `pieceSize`
    /// bytes): a caller that writes each piece out holds one piece of the text, never all of it (the
    /// review of a 54 MB form is a text of hundreds of megabytes).
    package static func text(_ review: Review, write: (String) -> Void) {
        withoutActuallyEscaping(write) { write in
            var output = PieceWriter(write: write)
            text(review, into: &output)
        }
    }

    private static func text(_ review: Review, into output: inout PieceWriter) {
        let header = headerLines(review.header)
        for line in header { output.line(line) }
        if !header.isEmpty { output.line("") }
        table(review.rows, into: &output)
        output.line("")
        let flagged = review.flaggedRows
        if flagged.isEmpty {
            output.line("No flags.")
        } else {
            output.line("Attention required:")
            for row in flagged {
                output.line("  Question \(row.number): " + TerminalText.line(flagMessages(row)))
            }
        }
        // What the foreman changed after completion, so that a reader of the review sees that the
        // answers shown are not all the technician's (the record itself is in the form).
        let edited = review.rows.filter { !$0.edits.isEmpty }
        if !edited.isEmpty {
            output.line("")
            output.line("Edited by the foreman:")
            for row in edited {
                for edit in row.edits {
                    output.line("  Question \(row.number): " + TerminalText.line(edit.description))
                }
            }
        }
        let warned = review.rows.filter { !$0.warnings.isEmpty }
        if !warned.isEmpty {
            output.line("")
            output.line("Warnings:")
            for row in warned {
                for text in row.warningTexts { output.line("  Question \(row.number), " + TerminalText.line(text)) }
            }
        }
        output.finish()
    }

    /// The most bytes `text(_:write:)` gathers before handing them on (a row's lines are never split).
    package static let pieceSize = 1 << 16

    /// Lines gathered into pieces of about `pieceSize` bytes, trailing spaces trimmed.
    private struct PieceWriter {
        let write: (String) -> Void
        var piece = ""

        mutating func line(_ line: String) {
            piece += TextColumns.trimmingTrailingSpaces(line)
            piece += "\n"
        }

        /// Hands on the piece when it has grown to `pieceSize`; called between rows.
        mutating func flushIfFull() {
            if piece.utf8.count >= ReviewPrinter.pieceSize { finish() }
        }

        mutating func finish() {
            guard !piece.isEmpty else { return }
            write(piece)
            piece = ""
        }
    }

    /// The review as JSON (see `json(_:write:)` for it in pieces): `header` (title, revision, metadata in order, technician, dates,
    /// foreman, foreman comment; null when absent) and `rows` (number, section, question, answer as
    /// stored in a completed form or null, answerSummary, isAnswered, comment, media names, flags
    /// as `{code, message}`, and the warnings about the stored answer, located in the completed
    /// form, as `{line, column, pointer, code, message}`, and the foreman's edits after completion as
    /// `{foreman, date, changed}`, `changed` listing `answer`, `comment`, `media`).
    package static func json(_ review: Review) -> JSONWriter.Value {
        .object([
            ("header", header(review.header)),
            ("rows", .array(review.rows.map(row))),
            ("flaggedQuestions", .array(review.flaggedRows.map { .integer($0.number) })),
        ])
    }

    /// `JSONWriter.text(of: json(review))` handed to `write` in pieces of about `pieceSize` bytes,
    /// each a whole number of rows: the rows' values are made and written one at a time.
    package static func json(_ review: Review, write: (String) -> Void) {
        // Each value is written at its depth in the larger text (its line breaks indented there), as
        // UTF-8 bytes handed on as text a piece at a time.
        var piece: [UInt8] = []
        func append(_ text: String) { piece.append(contentsOf: text.utf8) }
        func hand() {
            write(String(decoding: piece, as: UTF8.self))
            piece.removeAll(keepingCapacity: true)
        }
        append("{\n  \"header\": ")
        JSONWriter.append(header(review.header), depth: 1, to: &piece)
        append(",\n  \"rows\": [")
        for (index, row) in review.rows.enumerated() {
            append(index > 0 ? ",\n    " : "\n    ")
            JSONWriter.append(self.row(row), depth: 2, to: &piece)
            if piece.count >= pieceSize { hand() }
        }
        append(review.rows.isEmpty ? "]" : "\n  ]")
        append(",\n  \"flaggedQuestions\": ")
        JSONWriter.append(.array(review.flaggedRows.map { .integer($0.number) }), depth: 1, to: &piece)
        append("\n}")
        hand()
    }

    // MARK: Text

    private static func headerLines(_ header: ReviewHeader) -> [String] {
        var lines: [String] = []
        if let title = header.title {
            lines.append(header.revision.map { "\(title) (revision \($0))" } ?? title)
        }
        if header.technician != nil || header.completedDate != nil {
            let date = header.completedDate.map { "   Date: \($0)" } ?? ""
            lines.append("Work performed by: " + (header.technician ?? "") + date)
        }
        if let foreman = header.foreman { lines.append("Work leader review: \(foreman)") }
        // The foreman's general comment, as the text export and the printed form show it.
        if let comment = header.foremanComment, !TypedText.isBlank(comment) {
            lines.append("Foreman comment: \(comment)")
        }
        return lines.map(TerminalText.line)
    }

    /// The most columns each column may take (numbers are never cut); with the gaps, a table is
    /// at most about 100 columns wide.
    private static let limits = [Int.max, 14, 30, 22, 16, 4]
    private static let gap = "  "

    private static func table(_ rows: [ReviewRow], into output: inout PieceWriter) {
        let heading = ["#", "Section", "Question", "Answer", "Comment", "Flag"]
        // Made twice (measured, then printed) rather than kept: all the cells at once would be
        // another copy of the form's text.
        func cells(_ row: ReviewRow) -> [String] {
            [
                String(row.number), row.section ?? "", row.question, row.answerSummary, row.comment,
                row.flags.isEmpty ? "" : "!",
            ].map(TerminalText.line)
        }
        var widths = heading.map(TextColumns.width)
        for row in rows {
            for (column, cell) in cells(row).enumerated() {
                widths[column] = max(widths[column], TextColumns.width(cell))
            }
        }
        widths = zip(widths, limits).map { min($0, $1) }
        // A cell longer than its column wraps within it: the row grows, every word is shown.
        func write(_ cells: [String]) {
            let wrapped = zip(cells, widths).map { TextColumns.wrap($0, to: $1) }
            let height = wrapped.map(\.count).max() ?? 1
            for index in 0..<height {
                output.line(
                    zip(wrapped, widths).map { cell, width in
                        TextColumns.pad(cell.indices.contains(index) ? cell[index] : "", to: width)
                    }.joined(separator: gap))
            }
        }
        write(heading)
        output.line(widths.map { String(repeating: "-", count: $0) }.joined(separator: gap))
        for row in rows {
            write(cells(row))
            // A question's conditions under it, and why it was not asked under its answer.
            if let logic = row.logic, logic.askedWhen != nil || logic.notAsked != nil {
                write(["", "", logic.askedWhen ?? "", logic.notAsked ?? "", "", ""].map(TerminalText.line))
            }
            output.flushIfFull()
        }
    }

    static func flagMessages(_ row: ReviewRow) -> String {
        row.flags.map(\.message).joined(separator: "; ")
    }

    // MARK: JSON

    private static func header(_ header: ReviewHeader) -> JSONWriter.Value {
        .object([
            ("title", optional(header.title)),
            ("revision", optional(header.revision)),
            ("metadata", .object(header.metadata.map { ($0.key, .string($0.value)) })),
            ("technician", optional(header.technician)),
            ("completedDate", optional(header.completedDate)),
            ("foreman", optional(header.foreman)),
            ("foremanComment", optional(header.foremanComment)),
            ("submittedDate", optional(header.submittedDate)),
        ])
    }

    private static func row(_ row: ReviewRow) -> JSONWriter.Value {
        .object(
            [
                ("number", .integer(row.number)),
                ("section", optional(row.section)),
                ("question", .string(row.question)),
                ("answer", row.answer ?? .null),
                ("answerSummary", .string(row.answerSummary)),
                ("isAnswered", .bool(row.isAnswered)),
                ("comment", .string(row.comment)),
                ("media", .array(row.media.map { .string($0.name) })),
                (
                    "flags",
                    .array(row.flags.map { .object([("code", .string($0.code)), ("message", .string($0.message))]) })
                ),
                ("warnings", .array(row.warnings.map(\.reviewJSON))),
                (
                    "foremanEdits",
                    .array(
                        row.edits.map { edit in
                            .object([
                                ("foreman", .string(edit.foreman)), ("date", .string(edit.date)),
                                ("changed", .array(edit.changes.map { .string("\($0)") })),
                            ])
                        })
                ),
            ] + logicMembers(row.logic))
    }

    /// `askedWhen` and `notAsked` (each a sentence, or null) for a template with logic; nothing
    /// for one without, whose review JSON stays as it was.
    private static func logicMembers(_ logic: ReviewRow.Logic?) -> [(String, JSONWriter.Value)] {
        guard let logic else { return [] }
        return [("askedWhen", optional(logic.askedWhen)), ("notAsked", optional(logic.notAsked))]
    }

    private static func optional(_ text: String?) -> JSONWriter.Value {
        text.map { .string($0) } ?? .null
    }
}
