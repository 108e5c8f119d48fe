import QuestionKit

// The date in `questionkit dataset`'s `answers` table as a DATE, in a column of the type's own:
// an engine then filters and groups by day without parsing text. No change to the core.
extension DateQuestion {
    /// `answer_date`, a DATE.
    public var answerColumns: [DatasetColumn] { [DatasetColumn("answer_date", .date)] }

    /// One row: the date as `yyyy-MM-dd` text and as a DATE.
    public func answerRows(_ answer: CalendarDate, of _: DateDefinition) -> [AnswerRow] {
        let day = DatasetValue.date(year: answer.year, month: answer.month, day: answer.day)
        return [AnswerRow(text: answer.description, typed: ["answer_date": day])]
    }
}
