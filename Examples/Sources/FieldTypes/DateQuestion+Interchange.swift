import QuestionKit

// A date question is a FHIR `date` item (and takes `dateTime` items, asking for their day); the
// SDC `minValue`/`maxValue` extensions are its earliest and latest dates. Nothing in the core knows.
extension DateQuestion {
    /// `date` and `dateTime`.
    public var fhirItemTypes: [String] { ["date", "dateTime"] }

    /// `earliest` and `latest` from `minValue`/`maxValue` (`valueDate`); a bound that is not a
    /// date is left to the converter, which reports and keeps it.
    public func questionKeys(from item: FHIRItem, problems: inout ProblemCollector) -> FHIRImport? {
        var keys: [(String, JSONWriter.Value)] = []
        var carried: Set<String> = []
        for (key, url) in [(Self.earliest, FHIRItem.minValueURL), (Self.latest, FHIRItem.maxValueURL)] {
            guard let value = item.extensionValue(url: url), value.memberKey == "valueDate",
                let text = value.stringValue, case .date = CalendarDate.read(text)
            else { continue }
            keys.append((key.defaultSpelling, .string(text)))
            carried.insert(url)
        }
        return FHIRImport(keys: keys, carriedExtensions: carried)
    }

    /// A `date` item with its bounds as `minValue`/`maxValue`.
    public func fhirItem(of definition: DateDefinition, at node: JSONNode, problems: inout ProblemCollector)
        -> FHIRItemShape?
    {
        let bounds = [(definition.earliest, FHIRItem.minValueURL), (definition.latest, FHIRItem.maxValueURL)]
        let extensions: [JSONWriter.Value] = bounds.compactMap { bound, url in
            bound.map { .object([("url", .string(url)), ("valueDate", .string($0.description))]) }
        }
        return FHIRItemShape(type: "date", members: extensions.isEmpty ? [] : [("extension", .array(extensions))])
    }

    /// `valueDate`.
    public func fhirAnswers(
        of answer: CalendarDate, for _: DateDefinition, item _: FHIRItem, at _: JSONNode,
        problems _: inout ProblemCollector
    ) -> [JSONWriter.Value]? {
        [.object([("valueDate", .string(answer.description))])]
    }

    /// The day of a `valueDate` or `valueDateTime` (its time is reported, not carried), or a string's text.
    public func storedAnswer(fromFHIR values: [JSONNode], for _: DateDefinition, problems: inout ProblemCollector)
        -> JSONWriter.Value?
    {
        guard let value = FHIRItem.singleAnswer(values, code: Code.fhirAnswerNotCarried, problems: &problems),
            let text = value.stringValue
        else {
            if let value = values.first {
                problems.warning(Code.fhirAnswerNotCarried, "a date answer is text, not \(value.kind)", at: value)
            }
            return nil
        }
        if value.memberKey == "valueDateTime", text.count > 10 {
            problems.warning(
                Code.fhirAnswerNotCarried, "the time of \(value.quotedForMessage) is not carried (the day is)",
                at: value)
            return .string(String(text.prefix(10)))
        }
        return .string(text)
    }

    /// `text` elements whose `inputType` is `date`.
    public var surveyJSElementTypes: [String] { ["text"] }

    /// A `text` element with `inputType` date.
    public func claims(_ element: SurveyJSElement) -> Bool { element.type == "text" && element.inputType == "date" }

    /// `earliest` and `latest` from `min`/`max` when they are dates; others are left to the converter.
    public func questionKeys(from element: SurveyJSElement, problems: inout ProblemCollector) -> SurveyJSImport? {
        var keys: [(String, JSONWriter.Value)] = []
        var carried: Set<String> = ["inputType"]
        for (key, name) in [(Self.earliest, "min"), (Self.latest, "max")] {
            guard let text = element[name]?.stringValue, case .date = CalendarDate.read(text) else { continue }
            keys.append((key.defaultSpelling, .string(text)))
            carried.insert(name)
        }
        return SurveyJSImport(keys: keys, carriedMembers: carried)
    }

    /// `date`.
    public var xlsFormTypes: [String] { ["date"] }

    /// No keys of its own: a date constraint is left to the converter, which reports and keeps it.
    public func questionKeys(from row: XLSFormRow, problems: inout ProblemCollector) -> XLSFormImport? {
        XLSFormImport(keys: [])
    }

    /// A `date` row, its earliest and latest dates as a `constraint`.
    public func xlsFormRow(of definition: DateDefinition, at node: JSONNode, problems: inout ProblemCollector)
        -> XLSFormRowShape?
    {
        let bounds = [(">=", definition.earliest), ("<=", definition.latest)].compactMap { op, date in
            date.map { ". \(op) date('\($0.description)')" }
        }
        guard !bounds.isEmpty else { return XLSFormRowShape(type: "date") }
        let range = [definition.earliest.map { "from \($0)" }, definition.latest.map { "until \($0)" }]
        return XLSFormRowShape(
            type: "date",
            columns: [
                ("constraint", bounds.joined(separator: " and ")),
                ("constraint_message", "A date " + range.compactMap { $0 }.joined(separator: " ")),
            ])
    }
}
