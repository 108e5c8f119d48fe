import QuestionKit

/// A question answered with a calendar date, written `yyyy-MM-dd` (`"2026-03-14"`).
///
/// The question may give `earliest` and `latest`, absolute dates in the same format; `""` or a
/// missing key means no bound. An answer outside the bounds is flagged. Bounds are absolute on
/// purpose ("today" is not accepted): a template then means the same on every day it is filled.
///
/// The answer is stored like a short answer, as the typed text under `short-answer`.
public struct DateQuestion: QuestionType {
    /// `date`, the `answer-type` of these questions: the keys it reads besides the shared ones,
    /// its documentation and its examples.
    public var description: QuestionTypeDescription {
        QuestionTypeDescription(
            identifier: "date",
            summary: "A calendar date (yyyy-MM-dd), optionally between an earliest and a latest date.",
            documentation: Self.documentation, keys: [Self.earliest, Self.latest],
            schemaProperties: Self.schemaProperties, rules: Self.rules, codes: Code.allCases, examples: Self.examples,
            answerExamples: Self.answerExamples)
    }
    /// The date as typed, under `short-answer` (see the guide for why no key of its own).
    public var answerKey: Key { .shortAnswer }

    public init() {}

    /// `earliest`: the first accepted date; earlier answers are flagged.
    public static let earliest = Key(
        "earliest", summary: "First accepted date, yyyy-MM-dd (date); earlier answers are flagged.")
    /// `latest`: the last accepted date; later answers are flagged.
    public static let latest = Key(
        "latest", summary: "Last accepted date, yyyy-MM-dd (date); later answers are flagged.")

    /// Reads `earliest` and `latest`, reporting a bound that is not a `yyyy-MM-dd` date, a date
    /// that does not exist, and `earliest` after `latest`. Always returns a definition: a bad
    /// bound is reported and then left out.
    public func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> DateDefinition? {
        let earliestNode = question[Self.earliest]
        let latestNode = question[Self.latest]
        let earliest = readBound(earliestNode, named: question.spelling(of: Self.earliest), problems: &problems)
        let latest = readBound(latestNode, named: question.spelling(of: Self.latest), problems: &problems)
        if let earliest, let latest, let earliestNode, earliest > latest {
            let (first, last) = (question.spelling(of: Self.earliest), question.spelling(of: Self.latest))
            problems.error(
                Code.boundsInverted,
                "'\(first)' (\(earliest)) is after '\(last)' (\(latest)): no date can be accepted",
                at: earliestNode, hint: "Swap the dates: \"\(first)\": \"\(latest)\", \"\(last)\": \"\(earliest)\".")
            return DateDefinition()
        }
        return DateDefinition(earliest: earliest, latest: latest)
    }

    /// A bound's date; nil when absent, empty or unusable (reported).
    private func readBound(_ node: JSONNode?, named name: String, problems: inout ProblemCollector) -> CalendarDate? {
        guard let node, !node.isNull else { return nil }
        if let text = node.stringValue, TypedText.isBlank(text) { return nil }
        switch node.stringValue.map(CalendarDate.read) {
        case .date(let date)?:
            return date
        case .nonexistent(let reason)?:
            problems.error(
                Code.boundNonexistent, "'\(name)' is \(node.quotedForMessage), which is not a real date (\(reason))",
                at: node, hint: "Write a date that exists, such as \"2026-03-14\".")
        case .malformed?, nil:
            let isRelative = ["today", "now", "tomorrow", "yesterday"].contains(
                node.stringValue.map(TypedText.comparisonKey) ?? "")
            problems.error(
                Code.boundMalformed,
                "'\(name)' must be a date written yyyy-MM-dd, such as 2026-03-14, not \(node.quotedForMessage)",
                at: node,
                hint: isRelative
                    ? "Bounds are absolute dates, so that the template means the same on every day it is filled."
                    : Self.formatHint(for: node.stringValue, otherwise: "or \"\" for no bound"))
        }
        return nil
    }

    /// "Did you mean '2026-03-04'?" for `2026-3-4`; else how to write a date, then `otherwise`.
    static func formatHint(for text: String?, otherwise: String) -> String {
        if let text, let date = CalendarDate.readLoosely(text) { return "Did you mean '\(date)'?" }
        return "Write the year, month and day with dashes, e.g. \"2026-03-14\", \(otherwise)."
    }
}

/// What a date question reads into: the dates an answer should lie between.
public struct DateDefinition: Sendable, Hashable {
    /// The first accepted date (`earliest`), or nil for no lower bound.
    public var earliest: CalendarDate?
    /// The last accepted date (`latest`), or nil for no upper bound.
    public var latest: CalendarDate?

    public init(earliest: CalendarDate? = nil, latest: CalendarDate? = nil) {
        self.earliest = earliest
        self.latest = latest
    }
}

// MARK: - Documentation and schema

extension DateQuestion {
    /// The type's documentation page, above its fields and examples.
    static var documentation: String {
        """
        A calendar date, written `yyyy-MM-dd` (`"2026-03-14"`): the day of a test, an installation or \
        an expiry.

        `earliest` and `latest` bound the accepted dates, both included; either may be left out or \
        `""`. Bounds are absolute dates, never "today", so a template means the same on every day \
        it is filled. An answer outside the bounds is flagged (`date.out-of-range`).

        The answer is stored as the typed text under `short-answer`, as a short answer is.
        """
    }

    /// The rules `parseDefinition` and `parseAnswer` enforce.
    static var rules: [String] {
        [
            "`earliest` and `latest` are dates written `yyyy-MM-dd`, or `\"\"` for no bound.",
            "A bound must be a real day: `2026-02-30` is an error.",
            "`earliest` may not be after `latest`.",
            "An answer is a real day written `yyyy-MM-dd`; surrounding spaces are ignored.",
        ]
    }

    /// Each bound: a string holding `yyyy-MM-dd` (or empty, or null for no bound).
    static var schemaProperties: [KeySchema] {
        let date: [(String, JSONWriter.Value)] =
            JSONSchema.types("string", "null") + [("pattern", .string(#"^\s*([0-9]{4}-[0-9]{2}-[0-9]{2})?\s*$"#))]
        return [KeySchema(Self.earliest, date), KeySchema(Self.latest, date)]
    }
}

// MARK: - Answers

extension DateQuestion {
    /// The date answered.
    public typealias Answer = CalendarDate

    /// Reads a `yyyy-MM-dd` string (surrounding spaces ignored), reporting anything else and dates
    /// that do not exist. An empty answer is an error: leave the answer out instead.
    public func parseAnswer(_ value: JSONNode, for _: DateDefinition, problems: inout ProblemCollector) -> CalendarDate?
    {
        switch value.stringValue.map(CalendarDate.read) {
        case .date(let date)?:
            return date
        case .nonexistent(let reason)?:
            problems.error(
                Code.answerNonexistent, "the answer \(value.quotedForMessage) is not a real date (\(reason))",
                at: value, hint: "Check the day and the month.")
        case .malformed?, nil:
            problems.error(
                Code.answerMalformed,
                "the answer must be a date written yyyy-MM-dd, such as 2026-03-14, not \(value.quotedForMessage)",
                at: value,
                hint: value.stringValue.map(TypedText.isBlank) == true
                    ? "Leave the answer out when the question is not answered."
                    : Self.formatHint(for: value.stringValue, otherwise: "as a string"))
        }
        return nil
    }

    /// Always: a date is an answer.
    public func isAnswered(_ answer: CalendarDate, for _: DateDefinition) -> Bool { true }

    /// The date as `yyyy-MM-dd` text, as a short answer is stored.
    public func encodeAnswer(_ answer: CalendarDate, for _: DateDefinition) -> JSONWriter.Value {
        .string(answer.description)
    }

    /// `date.out-of-range` when the date is before `earliest` or after `latest`.
    public func flags(for answer: CalendarDate, of definition: DateDefinition) -> [Flag] {
        if let earliest = definition.earliest, answer < earliest {
            return [
                Flag(code: Code.outOfRange, message: "\(answer) is before the earliest accepted date \(earliest)")
            ]
        }
        if let latest = definition.latest, answer > latest {
            return [Flag(code: Code.outOfRange, message: "\(answer) is after the latest accepted date \(latest)")]
        }
        return []
    }

    /// The date (or "(no answer)"), then the accepted dates when there are bounds:
    /// "accepted: 2026-03-01 to 2026-03-31", "accepted: on or after …" or "accepted: on or before …".
    public func render(_ answer: CalendarDate?, of definition: DateDefinition) -> AnswerRendering {
        var blocks = answer.map { [AnswerRendering.Block.value($0.description)] } ?? AnswerRendering.noAnswer.blocks
        switch (definition.earliest, definition.latest) {
        case (let earliest?, let latest?): blocks.append(.note("accepted: \(earliest) to \(latest)"))
        case (let earliest?, nil): blocks.append(.note("accepted: on or after \(earliest)"))
        case (nil, let latest?): blocks.append(.note("accepted: on or before \(latest)"))
        case (nil, nil): break
        }
        return AnswerRendering(blocks)
    }
}

// MARK: - Calendar dates

/// A day of the (proleptic Gregorian) calendar, without a time or a time zone: what `yyyy-MM-dd`
/// names. Comparing two dates compares the days.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, 1…9999.
    public let year: Int
    /// The month, 1…12.
    public let month: Int
    /// The day of the month, 1…28, 29, 30 or 31.
    public let day: Int

    /// The date, or nil when it does not exist (`2026, 2, 30`).
    public init?(year: Int, month: Int, day: Int) {
        guard Self.problem(year: year, month: month, day: day) == nil else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// What reading a date's text found.
    public enum Reading: Sendable, Hashable {
        /// A real date.
        case date(CalendarDate)
        /// `yyyy-MM-dd` in shape, but no such day; the reason, e.g. "February 2026 has 28 days".
        case nonexistent(String)
        /// Not `yyyy-MM-dd`.
        case malformed
    }

    /// Reads exactly `yyyy-MM-dd` (four, two and two digits), ignoring surrounding spaces.
    public static func read(_ text: String) -> Reading {
        let parts = TypedText.trimmed(text).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3,
            zip(parts, [4, 2, 2]).allSatisfy({ $0.utf8.count == $1 && $0.allSatisfy(\.isASCIIDigit) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return .malformed }
        if let problem = problem(year: year, month: month, day: day) { return .nonexistent(problem) }
        return CalendarDate(year: year, month: month, day: day).map(Reading.date) ?? .malformed
    }

    /// A real date written with one-digit months or days (`2026-3-4`), for "did you mean" hints.
    static func readLoosely(_ text: String) -> CalendarDate? {
        let parts = TypedText.trimmed(text).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].utf8.count == 4, (1...2).contains(parts[1].utf8.count),
            (1...2).contains(parts[2].utf8.count), parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        return CalendarDate(year: year, month: month, day: day)
    }

    /// Why the day does not exist, or nil when it does.
    static func problem(year: Int, month: Int, day: Int) -> String? {
        guard (1...9999).contains(year) else { return "there is no year \(year)" }
        guard (1...12).contains(month) else { return "there is no month \(month)" }
        let length = daysIn(month: month, year: year)
        guard (1...length).contains(day) else {
            return day < 1 ? "there is no day \(day)" : "\(monthNames[month - 1]) \(year) has \(length) days"
        }
        return nil
    }

    /// The number of days of `month` in `year` (leap years by the Gregorian rule).
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// `yyyy-MM-dd`.
    public var description: String {
        func padded(_ value: Int, to width: Int) -> String {
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        return "\(padded(year, to: 4))-\(padded(month, to: 2))-\(padded(day, to: 2))"
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

extension Character {
    /// Whether the character is one of the ASCII digits 0…9 (not other Unicode digits).
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

// MARK: - Examples

extension DateQuestion {
    /// Valid and invalid questions: the type's tests and its documentation.
    static var examples: [QuestionExample] {
        [
            .valid(
                "A date between two bounds",
                #"""
                {"answer-type": "date", "question": "Date of the last hydrostatic test",
                 "earliest": "2021-01-01", "latest": "2026-12-31"}
                """#),
            .valid("No bounds", #"{"answer-type": "date", "question": "Date the pump was installed"}"#),
            .valid(
                "Only a latest date; an empty earliest means no bound",
                #"""
                {"answer-type": "date", "question": "Extinguisher expiry date", "earliest": "", "latest": "2030-12-31"}
                """#),
            .valid(
                "A leap day is a real date",
                #"{"answer-type": "date", "question": "Commissioning date", "earliest": "2024-02-29"}"#),
            .invalid(
                "A bound in another format",
                #"{"answer-type": "date", "question": "Date of the last hydrostatic test", "earliest": "01/03/2026"}"#,
                .error(Code.boundMalformed, at: "/earliest")),
            .invalid(
                "A relative bound: dates are absolute",
                #"{"answer-type": "date", "question": "Date of inspection", "latest": "today"}"#,
                .error(Code.boundMalformed, at: "/latest")),
            .invalid(
                "A bound that is not a string",
                #"{"answer-type": "date", "question": "Date of inspection", "earliest": 20260301}"#,
                .error(Code.boundMalformed, at: "/earliest")),
            .invalid(
                "A bound that is not a real date",
                #"{"answer-type": "date", "question": "Date of inspection", "latest": "2026-02-30"}"#,
                .error(Code.boundNonexistent, at: "/latest")),
            .invalid(
                "earliest after latest",
                #"""
                {"answer-type": "date", "question": "Date of the last hydrostatic test",
                 "earliest": "2026-12-31", "latest": "2021-01-01"}
                """#,
                .error(Code.boundsInverted, at: "/earliest")),
        ]
    }

    /// Example answers: how dates are read, and when they are flagged.
    static var answerExamples: [AnswerExample] {
        let bounded = #"""
            {"answer-type": "date", "question": "Date of the last hydrostatic test",
             "earliest": "2021-01-01", "latest": "2026-12-31"}
            """#
        let unbounded = #"{"answer-type": "date", "question": "Date the pump was installed"}"#
        let flagged = [Code.outOfRange]
        return [
            .valid("A date within the bounds", question: bounded, answer: #""2024-06-15""#),
            .valid("A bound itself is accepted", question: bounded, answer: #""2021-01-01""#),
            .valid("Before earliest: flagged", question: bounded, answer: #""2020-12-31""#, flags: flagged),
            .valid("After latest: flagged", question: bounded, answer: #""2027-01-01""#, flags: flagged),
            .valid("Surrounding spaces are ignored", question: unbounded, answer: #"" 2019-05-02 ""#),
            .valid("Without bounds nothing is flagged", question: unbounded, answer: #""1987-11-30""#),
            .invalid(
                "Day before month", question: bounded, answer: #""15/06/2024""#,
                .error(Code.answerMalformed, at: "")),
            .invalid(
                "One-digit month and day", question: bounded, answer: #""2024-6-5""#,
                .error(Code.answerMalformed, at: "")),
            .invalid(
                "February 30th", question: bounded, answer: #""2026-02-30""#,
                .error(Code.answerNonexistent, at: "")),
            .invalid(
                "February 29th of a common year", question: bounded, answer: #""2025-02-29""#,
                .error(Code.answerNonexistent, at: "")),
            .invalid(
                "A month 13", question: bounded, answer: #""2024-13-01""#, .error(Code.answerNonexistent, at: "")),
            .invalid("A number", question: bounded, answer: "20240615", .error(Code.answerMalformed, at: "")),
            .invalid("An empty answer", question: bounded, answer: #""""#, .error(Code.answerMalformed, at: "")),
        ]
    }
}

// MARK: - Codes

extension DateQuestion {
    /// What date questions and answers report: each code declared once, used by the code that
    /// reports it and by the examples that expect it.
    public enum Code: String, DiagnosticCode, CaseIterable {
        case fhirAnswerNotCarried = "date.fhir-answer-not-carried"
        case answerMalformed = "date.answer-malformed"
        case answerNonexistent = "date.answer-nonexistent"
        case boundMalformed = "date.bound-malformed"
        case boundNonexistent = "date.bound-nonexistent"
        case boundsInverted = "date.bounds-inverted"
        case conditionOperandMalformed = "date.condition-operand-malformed"
        case outOfRange = "date.out-of-range"
    }
}
