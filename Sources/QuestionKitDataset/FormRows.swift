import QuestionKit
import QuestionKitForms

/// The rows one completed form contributes to the three tables: a row per answer part in
/// `answers`, one row in `forms` (when the form could be read), a row per problem in `warnings`.
/// Flags, answered and asked are the engine's (`Question.flags(for:)`, `isAnswered`,
/// `FilledForm.isAsked`), the same that `review` shows.
struct FormRows: Sendable {
    let tables: DatasetTables
    /// Each registered type's identifier, by the type's Swift type: `description` is computed,
    /// and is read once here rather than once per question.
    let identifiers: [ObjectIdentifier: String]

    init(tables: DatasetTables, registry: QuestionTypeRegistry) {
        self.tables = tables
        var identifiers: [ObjectIdentifier: String] = [:]
        for (type, description) in zip(registry.types, registry.descriptions) {
            identifiers[ObjectIdentifier(Swift.type(of: type))] = description.identifier
        }
        self.identifiers = identifiers
    }

    /// The form's id: 16 hex digits of the FNV-1a hash of its path as found, the same on every
    /// export of the same file (a completed form carries no id of its own).
    static func formID(path: String) -> String { ContentHash.hex(ContentHash.fnv1a64(Array(path.utf8))) }

    /// Hands each row of the form read from `path` to `add`, table by table.
    func rows<Failure: Error>(
        of loaded: LoadedFile<FilledForm>, path: String,
        add: (DatasetTable, [DatasetValue]) throws(Failure) -> Void
    ) throws(Failure) {
        let formID = Self.formID(path: path)
        let problems = loaded.report.diagnostics
        if let form = loaded.value {
            let tally = try answerRows(of: form, formID: formID, path: path) { row throws(Failure) in
                try add(tables.answers, row)
            }
            try add(tables.forms, formRow(of: form, tally, formID: formID, path: path, warnings: problems.count))
        }
        for problem in problems {
            try add(tables.warnings, warningRow(problem, formID: formID, path: path))
        }
    }

    /// What the `forms` row counts, tallied while the answer rows are made: each question's flags
    /// and answered state are asked of its type once.
    private struct Tally {
        var answered = 0
        var notAsked = 0
        var flagged = 0
        var flags = 0
        var comments = 0
        var media = 0
    }

    private func answerRows<Failure: Error>(
        of form: FilledForm, formID: String, path: String, add: ([DatasetValue]) throws(Failure) -> Void
    ) throws(Failure) -> Tally {
        var tally = Tally()
        let template = form.template
        let linkIdKey = template.keys.spelling(of: .linkId)
        let head: [DatasetValue] = [.string(formID), text(template.title), text(template.revision)]
        let tail: [DatasetValue] =
            [text(form.technician), text(form.foreman)] + dates(of: form) + [.string(path)]
        for (position, question) in template.questions.enumerated() {
            let entry = form.entries.indices.contains(position) ? form.entries[position] : QuestionEntry()
            let flags = question.flags(for: entry)
            let answered = entry.answer.map(question.isAnswered) ?? false
            let asked = form.isAsked(position)
            tally.answered += answered ? 1 : 0
            tally.notAsked += asked ? 0 : 1
            tally.flagged += flags.isEmpty ? 0 : 1
            tally.flags += flags.count
            tally.comments += TypedText.isBlank(entry.comment) ? 0 : 1
            tally.media += entry.media.count
            var parts = entry.answer.map(question.answerRows) ?? []
            if parts.isEmpty { parts = [AnswerRow()] }
            let questionColumns: [DatasetValue] = [
                .int64(Int64(question.number)), text(question.node[linkIdKey]?.stringValue),
                .string(identifiers[ObjectIdentifier(type(of: question.type))] ?? "unknown"),
                text(question.section), .string(question.text),
            ]
            let context: [DatasetValue] = [
                .boolean(!flags.isEmpty), text(flags.isEmpty ? nil : flags.map(\.code).joined(separator: " ")),
                text(flags.isEmpty ? nil : flags.map(\.message).joined(separator: "; ")),
                text(entry.comment.isEmpty ? nil : entry.comment),
                .int64(Int64(entry.media.count)),
            ]
            for (number, part) in parts.enumerated() {
                // One array per row, its size known: the row is built in place, not by joining parts.
                var row: [DatasetValue] = []
                row.reserveCapacity(tables.answers.columns.count)
                row += head
                row += questionColumns
                // Value by value: an array literal added here would be an array allocated per row.
                row.append(.int64(Int64(number)))
                row.append(.boolean(asked))
                row.append(.boolean(answered))
                row.append(text(part.text))
                row.append(part.number.map(DatasetValue.double) ?? .null)
                row.append(part.boolean.map(DatasetValue.boolean) ?? .null)
                row.append(text(part.option))
                row.append(part.cellRow.map { .int64(Int64($0)) } ?? .null)
                row.append(part.cellColumn.map { .int64(Int64($0)) } ?? .null)
                for column in tables.typeColumns {
                    row.append(part.typed[column.name].flatMap { fits($0, column) } ?? .null)
                }
                row += context
                row += tail
                try add(row)
            }
        }
        return tally
    }

    /// `value` when it fits `column`'s type; a type's value of another type is left out (null).
    private func fits(_ value: DatasetValue, _ column: DatasetColumn) -> DatasetValue? {
        value.type == nil || value.type == column.type ? value : nil
    }

    private func formRow(of form: FilledForm, _ tally: Tally, formID: String, path: String, warnings: Int)
        -> [DatasetValue]
    {
        let template = form.template
        let metadata = JSONWriter.text(
            of: .object(template.metadata.map { ($0.key, .string($0.value)) }), indent: 0)
        return [
            .string(formID), text(template.title), text(template.revision), .string(metadata), text(form.technician),
            text(form.foreman), text(form.foremanComment),
        ] + dates(of: form) + [
            text(form.completedDate), text(form.submittedDate), .int64(Int64(template.questions.count)),
            .int64(Int64(tally.answered)), .int64(Int64(tally.notAsked)),
            .int64(Int64(tally.flagged)), .int64(Int64(tally.flags)), .int64(Int64(tally.comments)),
            .int64(Int64(tally.media)),
            .int64(Int64(warnings)), .string(path),
        ]
    }

    private func warningRow(_ problem: Diagnostic, formID: String, path: String) -> [DatasetValue] {
        let located = problem.position != nil
        return [
            .string(formID), .string(path), located ? .int64(Int64(problem.line)) : .null,
            located ? .int64(Int64(problem.column)) : .null, .string(problem.severity.rawValue),
            .string(problem.code), .string(problem.message), text(problem.pointer.isEmpty ? nil : problem.pointer),
        ]
    }

    /// The values of `DatasetTables.dateColumns`: completed and submitted, each a day and an instant.
    private func dates(of form: FilledForm) -> [DatasetValue] {
        FormDate(form.completedDate).values + FormDate(form.submittedDate).values
    }

    private func text(_ value: String?) -> DatasetValue { value.map(DatasetValue.string) ?? .null }
}
