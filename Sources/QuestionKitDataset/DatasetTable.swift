import QuestionKit
import QuestionKitForms

/// A table of a dataset, independent of the file format: its name and its columns. Rows are
/// streamed to a `TableSink` as one value per column, in the columns' order.
public struct DatasetTable: Sendable, Hashable {
    /// The table's name, also its folder in the dataset (`answers`).
    public var name: String
    /// The columns, in order.
    public var columns: [DatasetColumn]

    /// The table `name` with `columns`.
    public init(name: String, columns: [DatasetColumn]) {
        self.name = name
        self.columns = columns
    }

    /// The position of the column `name`; nil when there is none.
    public func position(of name: String) -> Int? { columns.firstIndex { $0.name == name } }
}

/// The three tables of `questionkit dataset`: `answers` (a row per answer, long layout), `forms`
/// (a row per form) and `warnings` (a row per problem met while reading). `answers` has the
/// columns every type shares, then the typed columns the registered types add (see
/// `DatasetHandling.answerColumns`).
public struct DatasetTables: Sendable {
    /// A row per answer part: a question's answer, each chosen option, each filled cell.
    public let answers: DatasetTable
    /// A row per form that could be read.
    public let forms: DatasetTable
    /// A row per problem met while reading.
    public let warnings: DatasetTable
    /// The columns the types add to `answers`, in registration order.
    public let typeColumns: [DatasetColumn]

    /// The tables, `answers` with the columns the types of `registry` add. A column declared by
    /// two types is one column when they agree on its type; otherwise the later type's is named
    /// `<identifier>_<name>` (with `-` as `_`), so that no type's values land in another's column.
    public init(registry: QuestionTypeRegistry) {
        var typeColumns: [DatasetColumn] = []
        var taken = Set(Self.sharedAnswerColumns.map(\.name))
        for type in registry.types {
            for column in type.answerColumns {
                if typeColumns.contains(column) { continue }
                var renamed = column
                if taken.contains(column.name) {
                    let prefix = type.description.identifier.replacingOccurrences(of: "-", with: "_")
                    renamed.name = prefix + "_" + column.name
                }
                guard !taken.contains(renamed.name) else { continue }
                taken.insert(renamed.name)
                typeColumns.append(renamed)
            }
        }
        self.typeColumns = typeColumns
        answers = DatasetTable(name: "answers", columns: Self.sharedAnswerColumns + typeColumns + Self.answerContext)
        forms = DatasetTable(name: "forms", columns: Self.formColumns)
        warnings = DatasetTable(name: "warnings", columns: Self.warningColumns)
    }

    /// The tables, in the order a form's rows are written.
    public var all: [DatasetTable] { [answers, forms, warnings] }

    /// The form and question columns of `answers`, then the parts of an answer every type may fill.
    static let sharedAnswerColumns: [DatasetColumn] = [
        DatasetColumn("form_id", .string, nullable: false),
        DatasetColumn("template_title", .string),
        DatasetColumn("template_revision", .string),
        DatasetColumn("question_number", .int64, nullable: false),
        DatasetColumn("link_id", .string),
        DatasetColumn("question_type", .string, nullable: false),
        DatasetColumn("section", .string),
        DatasetColumn("question", .string, nullable: false),
        DatasetColumn("answer_part", .int64, nullable: false),
        DatasetColumn("asked", .boolean, nullable: false),
        DatasetColumn("answered", .boolean, nullable: false),
        DatasetColumn("answer_text", .string),
        DatasetColumn("answer_number", .double),
        DatasetColumn("answer_boolean", .boolean),
        DatasetColumn("option", .string),
        DatasetColumn("cell_row", .int64),
        DatasetColumn("cell_column", .int64),
    ]

    /// What follows the answer in `answers`: flags, comment, media, and the form's people, dates and file.
    static let answerContext: [DatasetColumn] =
        [
            DatasetColumn("flagged", .boolean, nullable: false),
            DatasetColumn("flag_codes", .string),
            DatasetColumn("flag_messages", .string),
            DatasetColumn("comment", .string),
            DatasetColumn("media_count", .int64, nullable: false),
            DatasetColumn("technician", .string),
            DatasetColumn("foreman", .string),
        ] + dateColumns + [DatasetColumn("source_path", .string, nullable: false)]

    /// When the form was completed and submitted, as typed columns (see `FormDate`): the day, and
    /// the instant where the form has a time of day.
    static let dateColumns: [DatasetColumn] = [
        DatasetColumn("completed_date", .date), DatasetColumn("completed_at", .timestamp),
        DatasetColumn("submitted_date", .date), DatasetColumn("submitted_at", .timestamp),
    ]

    static let formColumns: [DatasetColumn] =
        [
            DatasetColumn("form_id", .string, nullable: false),
            DatasetColumn("template_title", .string),
            DatasetColumn("template_revision", .string),
            DatasetColumn("metadata", .string),
            DatasetColumn("technician", .string),
            DatasetColumn("foreman", .string),
            DatasetColumn("foreman_comment", .string),
        ] + dateColumns + [
            DatasetColumn("completed_as_stored", .string),
            DatasetColumn("submitted_as_stored", .string),
            DatasetColumn("questions", .int64, nullable: false),
            DatasetColumn("answered", .int64, nullable: false),
            DatasetColumn("not_asked", .int64, nullable: false),
            DatasetColumn("flagged_questions", .int64, nullable: false),
            DatasetColumn("flags", .int64, nullable: false),
            DatasetColumn("comments", .int64, nullable: false),
            DatasetColumn("media", .int64, nullable: false),
            DatasetColumn("warnings", .int64, nullable: false),
            DatasetColumn("source_path", .string, nullable: false),
        ]

    static let warningColumns: [DatasetColumn] = [
        DatasetColumn("form_id", .string, nullable: false),
        DatasetColumn("source_path", .string, nullable: false),
        DatasetColumn("line", .int64),
        DatasetColumn("column", .int64),
        DatasetColumn("severity", .string, nullable: false),
        DatasetColumn("code", .string, nullable: false),
        DatasetColumn("message", .string, nullable: false),
        DatasetColumn("pointer", .string),
    ]
}
