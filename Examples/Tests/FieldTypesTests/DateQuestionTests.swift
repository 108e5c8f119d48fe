import FieldTypes
import QuestionKit
import QuestionKitForms
import Testing

@Suite struct DateQuestionTests {
    @Test(arguments: [
        ("2024-02-29", true), ("2000-02-29", true), ("2100-02-29", false), ("2025-02-29", false),
        ("2026-04-30", true), ("2026-04-31", false), ("2026-12-31", true), ("0001-01-01", true),
    ])
    func realDaysFollowTheGregorianCalendar(text: String, exists: Bool) {
        switch CalendarDate.read(text) {
        case .date(let date): #expect(exists && date.description == text)
        case .nonexistent: #expect(!exists)
        case .malformed: Issue.record("\(text) read as malformed")
        }
    }

    @Test(arguments: ["2026-3-14", "14/03/2026", "2026-03-14T10:00", "20260314", "", "2026-０3-14", "+026-03-14"])
    func onlyYearMonthDayWithDashesIsADate(text: String) {
        #expect(CalendarDate.read(text) == .malformed)
    }

    @Test func whyADayDoesNotExist() {
        #expect(CalendarDate.read("2026-02-30") == .nonexistent("February 2026 has 28 days"))
        #expect(CalendarDate.read("2026-13-01") == .nonexistent("there is no month 13"))
        #expect(CalendarDate.read("2026-01-00") == .nonexistent("there is no day 0"))
        #expect(CalendarDate.read("0000-01-01") == .nonexistent("there is no year 0"))
    }

    @Test func datesCompareByDayAndPrintPadded() throws {
        let early = try #require(CalendarDate(year: 987, month: 1, day: 9))
        let late = try #require(CalendarDate(year: 2026, month: 1, day: 1))
        #expect(early < late)
        #expect(early.description == "0987-01-09")
        #expect(CalendarDate(year: 2026, month: 2, day: 29) == nil)
    }

    @Test func messagesQuoteTheValueAndSayHowToFixIt() throws {
        let diagnostics = try Self.diagnostics(
            #"{"answer-type": "date", "question": "Q", "earliest": "2026-3-4", "latest": "today"}"#)
        #expect(
            diagnostics.map(\.message) == [
                "'earliest' must be a date written yyyy-MM-dd, such as 2026-03-14, not '2026-3-4'",
                "'latest' must be a date written yyyy-MM-dd, such as 2026-03-14, not 'today'",
            ])
        #expect(
            diagnostics.map(\.hint) == [
                "Did you mean '2026-03-04'?",
                "Bounds are absolute dates, so that the template means the same on every day it is filled.",
            ])
    }

    @Test func flagsSayWhichBoundTheDateMisses() throws {
        let definition = DateDefinition(
            earliest: CalendarDate(year: 2026, month: 1, day: 1), latest: CalendarDate(year: 2026, month: 6, day: 30))
        let type = DateQuestion()
        let early = try #require(CalendarDate(year: 2025, month: 12, day: 31))
        let late = try #require(CalendarDate(year: 2026, month: 7, day: 1))
        #expect(
            type.flags(for: early, of: definition).map(\.message) == [
                "2025-12-31 is before the earliest accepted date 2026-01-01"
            ])
        #expect(
            type.flags(for: late, of: definition).map(\.message) == [
                "2026-07-01 is after the latest accepted date 2026-06-30"
            ])
    }

    @Test func rendersTheDateAndTheAcceptedDates() throws {
        let type = DateQuestion()
        let date = try #require(CalendarDate(year: 2026, month: 3, day: 14))
        let bounded = DateDefinition(earliest: CalendarDate(year: 2026, month: 1, day: 1))
        #expect(
            type.render(date, of: bounded)
                == AnswerRendering([.value("2026-03-14"), .note("accepted: on or after 2026-01-01")]))
        #expect(type.render(nil, of: DateDefinition()) == .noAnswer)
        #expect(type.encodeAnswer(date, for: bounded).jsonText == #""2026-03-14""#)
    }

    /// The diagnostics of one question read as a template reads it.
    static func diagnostics(_ json: String) throws -> [Diagnostic] {
        let registry = try FieldRegistry.make()
        let type = try #require(registry.type(for: "date"))
        return ExampleChecker(registry: registry).check(.invalid("", json), of: type).diagnostics
    }
}

extension JSONWriter.Value {
    /// The value as compact JSON text.
    var jsonText: String { JSONWriter.text(of: self, indent: 0) }
}
