/// How a question type's answers become rows of the `answers` table of `questionkit dataset`
/// (one row per answer, in long layout): which typed columns the type adds to the table, and the
/// rows of one answer.
///
/// Every row has the columns every type shares (the answer as text, as a number, the option, the
/// cell); a type may add typed columns of its own (`answer_date DATE` for a date type), filled
/// only in its rows. A type that does nothing here exports one row per answer: its stored value
/// as text (a string as it is, anything else as compact JSON), so an outside type exports with
/// no change to the core.
///
/// ```swift
/// extension DateQuestion {
///     var answerColumns: [DatasetColumn] { [DatasetColumn("answer_date", .date)] }
///     func answerRows(_ answer: CalendarDate, of _: DateDefinition) -> [AnswerRow] {
///         let day = DatasetValue.date(year: answer.year, month: answer.month, day: answer.day)
///         return [AnswerRow(text: answer.description, typed: ["answer_date": day])]
///     }
/// }
/// ```
public protocol DatasetHandling: AnswerHandling {
    /// The typed columns the type adds to `answers`, beyond the shared ones (`AnswerRow`'s
    /// members). Names are lowercase with underscores; a name another type declares with the
    /// same type is one shared column. Default: none.
    var answerColumns: [DatasetColumn] { get }

    /// The rows of `answer` in `answers`: one per chosen option, per filled cell, or one for the
    /// whole answer. At least one; an empty list is read as one row with no value. Default: one
    /// row holding `encodeAnswer` as text.
    func answerRows(_ answer: Answer, of definition: Definition) -> [AnswerRow]
}

extension DatasetHandling {
    /// None.
    public var answerColumns: [DatasetColumn] { [] }

    /// One row: the stored answer as text (a string as it is, anything else as compact JSON).
    public func answerRows(_ answer: Answer, of definition: Definition) -> [AnswerRow] {
        [AnswerRow(text: AnswerRow.text(of: encodeAnswer(answer, for: definition)))]
    }
}

/// One row of the `answers` table as a question type gives it: the answer's part this row holds.
/// The core adds the form's and the question's columns (form, template, question, flags,
/// comment, media …).
public struct AnswerRow: Sendable, Hashable {
    /// The answer (or this part of it) as text: `answer_text`.
    public var text: String?
    /// The answer as a number, where it is one: `answer_number`.
    public var number: Double?
    /// The answer as true or false, where it is one: `answer_boolean`.
    public var boolean: Bool?
    /// The option this row is for (a row per chosen option): `option`.
    public var option: String?
    /// The table cell this row is for, as a completed form numbers it (1-based, counting the
    /// header row and the label column): `cell_row`.
    public var cellRow: Int?
    /// The cell's column (see `cellRow`): `cell_column`.
    public var cellColumn: Int?
    /// Values of the type's own columns (`answerColumns`), by column name; a column left out is null.
    public var typed: [String: DatasetValue]

    /// A row with the given parts; what is left out is null.
    public init(
        text: String? = nil, number: Double? = nil, boolean: Bool? = nil, option: String? = nil,
        cellRow: Int? = nil, cellColumn: Int? = nil, typed: [String: DatasetValue] = [:]
    ) {
        self.text = text
        self.number = number
        self.boolean = boolean
        self.option = option
        self.cellRow = cellRow
        self.cellColumn = cellColumn
        self.typed = typed
    }

    /// A stored answer value as text: a string as it is, anything else as compact JSON.
    public static func text(of value: JSONWriter.Value) -> String {
        if case .string(let text) = value { return text }
        return JSONWriter.text(of: value, indent: 0)
    }
}
