import QuestionKit

// A short answer is a FHIR `string` or `text` item, or, as a number, an `integer` or `decimal`
// item whose SDC `minValue`/`maxValue` extensions are its accepted range.
extension ShortAnswerQuestion {
    /// `string`, `text`, `integer`, `decimal`.
    public var fhirItemTypes: [String] { ["string", "text", "integer", "decimal"] }

    /// `numberInput` for `integer` and `decimal`, and the range from `minValue`/`maxValue`.
    public func questionKeys(from item: FHIRItem, problems: inout ProblemCollector) -> FHIRImport? {
        guard item.type == "integer" || item.type == "decimal" else { return FHIRImport(keys: []) }
        let bounds = [("from", FHIRItem.minValueURL), ("to", FHIRItem.maxValueURL)].map { key, url in
            (key, url, item.extensionValue(url: url))
        }
        let (keys, carried) = Self.numberKeys(
            bounds: bounds, code: Code.fhirBoundNotNumber, keptIn: "_fhir", problems: &problems)
        return FHIRImport(keys: keys, carriedExtensions: carried)
    }

    /// `numberInput` and an accepted range of the `bounds` (key, name, node) that are numbers; the
    /// names of those carried. A bound that is not a number is reported with `code`.
    private static func numberKeys(
        bounds: [(String, String, JSONNode?)], code: Code, keptIn: String, problems: inout ProblemCollector
    ) -> (keys: [(String, JSONWriter.Value)], carried: Set<String>) {
        var keys: [(String, JSONWriter.Value)] = [("numberInput", .bool(true))]
        // Room for every bound at once: a set grown from empty rehashed its first name.
        var carried = Set<String>(minimumCapacity: bounds.count)
        var range: [(String, JSONWriter.Value)] = []
        for (key, name, value) in bounds {
            guard let value else { continue }
            guard let number = value.numberValue else {
                problems.warning(
                    code, "a bound of a number answer must be a number, not \(value.quotedForMessage)",
                    at: value, hint: "The bound is kept in \(keptIn) and not checked.")
                continue
            }
            range.append((key, boundText(number)))
            carried.insert(name)
        }
        if !range.isEmpty { keys.append(("acceptedAnswer", .object(range))) }
        return (keys, carried)
    }

    /// A bound as the writer writes it (`35.0` is `35`), so that a round trip changes nothing.
    private static func boundText(_ number: Double) -> JSONWriter.Value {
        .string(JSONWriter.format(number))
    }

    /// `comment`, and `text` whose input is text or a number (`inputType` absent, `text`, `number`,
    /// `email`, `tel`, `url`); other inputs (`date`, `color` …) are left to the types that take them.
    public var surveyJSElementTypes: [String] { ["text", "comment"] }

    /// `comment`, and `text` elements with a text or number input.
    public func claims(_ element: SurveyJSElement) -> Bool {
        switch element.type {
        case "comment": return true
        case "text": return ["", "text", "number", "email", "tel", "url"].contains(element.inputType)
        default: return false
        }
    }

    /// `numberInput` for `inputType` number, and the range from `min`/`max`.
    public func questionKeys(from element: SurveyJSElement, problems: inout ProblemCollector) -> SurveyJSImport? {
        guard element.inputType == "number" else { return SurveyJSImport(keys: [], carriedMembers: ["inputType"]) }
        let bounds = [("from", "min"), ("to", "max")].map { key, name in (key, name, element[name]) }
        let (keys, carried) = Self.numberKeys(
            bounds: bounds, code: Code.surveyJSBoundNotNumber, keptIn: "_surveyjs", problems: &problems)
        return SurveyJSImport(keys: keys, carriedMembers: carried.union(["inputType"]))
    }

    /// `valueInteger` for a whole number answering an `integer` item, `valueDecimal` for a number
    /// answering an `integer` or `decimal` one, else `valueString`: the text as typed.
    public func fhirAnswers(
        of answer: String, for _: Definition, item: FHIRItem, at _: JSONNode, problems _: inout ProblemCollector
    ) -> [JSONWriter.Value]? {
        let text = String(TypedText.trimmed(answer))
        if item.type == "integer" || item.type == "decimal", let number = Double(text), number.isFinite {
            if let whole = Int(text) {
                return [.object([(item.type == "integer" ? "valueInteger" : "valueDecimal", .integer(whole))])]
            }
            return [.object([("valueDecimal", .number(number))])]
        }
        return [.object([("valueString", .string(answer))])]
    }

    /// The text of the one answer: a string as it is, a number as written, a date, a coding's display.
    public func storedAnswer(fromFHIR values: [JSONNode], for _: Definition, problems: inout ProblemCollector)
        -> JSONWriter.Value?
    {
        guard let value = FHIRItem.singleAnswer(values, code: Code.fhirAnswerNotCarried, problems: &problems) else {
            return nil
        }
        guard let text = FHIRItem.optionText(of: value) else {
            problems.warning(
                Code.fhirAnswerNotCarried, "a \(value.memberKey ?? "value") answer is not a short answer", at: value)
            return nil
        }
        // A number as `fhirAnswers` writes it back (6.50 is 6.5, -0 is 0): a response read, written
        // and read again gives the same text (Fuzz/FHIRFuzz found 6.50 read, then written as 6.5).
        guard value.kind == .number else { return .string(text) }
        return .string(Self.writtenNumber(Self.writtenNumber(text)))
    }

    /// `text` as `fhirAnswers` writes a number: a whole number as an integer, else the shortest decimal.
    private static func writtenNumber(_ text: String) -> String {
        if let whole = Int(text) { return String(whole) }
        guard let number = Double(text), number.isFinite else { return text }
        return JSONWriter.text(of: .number(number), indent: 0)
    }

    /// `decimal` with the range as `minValue`/`maxValue` (`valueInteger` for whole bounds), or `string`.
    public func fhirItem(of definition: Definition, at node: JSONNode, problems: inout ProblemCollector)
        -> FHIRItemShape?
    {
        guard definition.isNumeric else { return FHIRItemShape(type: "string") }
        let range = definition.acceptedRange
        var extensions: [JSONWriter.Value] = []
        for (bound, url) in [(range.lower, FHIRItem.minValueURL), (range.upper, FHIRItem.maxValueURL)] {
            guard let bound else { continue }
            extensions.append(FHIRItem.extensionEntry(url, "valueDecimal", .number(bound)))
        }
        return FHIRItemShape(type: "decimal", members: extensions.isEmpty ? [] : [("extension", .array(extensions))])
    }

    /// `text`, `integer`, `decimal`.
    public var xlsFormTypes: [String] { Self.xlsFormTypeKeywords }

    // Made once: a literal in the getter was an array made and freed for each survey row read (the
    // default `claims` asks every type).
    private static let xlsFormTypeKeywords = ["text", "integer", "decimal"]

    /// `numberInput` for `integer` and `decimal`, and the accepted range from a `constraint` that is a
    /// simple range (`. >= 0`, `. <= 100`, `. >= 0 and . <= 100`). Any other constraint is reported
    /// (kept under `_xlsform` by the converter, not checked).
    public func questionKeys(from row: XLSFormRow, problems: inout ProblemCollector) -> XLSFormImport? {
        guard row.type == "integer" || row.type == "decimal" else { return XLSFormImport(keys: []) }
        let numberInput: (String, JSONWriter.Value) = ("numberInput", .bool(true))
        guard let constraint = row["constraint"], constraint.kind == .string else {
            return XLSFormImport(keys: [numberInput])
        }
        // Read where its bytes lie when they are its text: a String made of each constraint cost 340 instructions.
        let read = constraint.withUnescapedUTF8(Self.asciiRange(ofConstraint:)) ?? nil
        guard let bounds = read ?? constraint.stringValue.flatMap(Self.range(ofConstraint:)) else {
            problems.warning(
                Code.xlsFormConstraintNotCarried,
                "only a range ('. >= 0 and . <= 100') is carried as the accepted answer; this constraint is kept "
                    + "under _xlsform and not checked", at: constraint)
            return XLSFormImport(keys: [numberInput])
        }
        // Each array made at its size, with its members: reserved, then appended, cost an allocation more.
        let range: [(String, JSONWriter.Value)] =
            switch (bounds.lower, bounds.upper) {
            case (let lower?, let upper?): [("from", Self.boundText(lower)), ("to", Self.boundText(upper))]
            case (let lower?, nil): [("from", Self.boundText(lower))]
            case (nil, let upper?): [("to", Self.boundText(upper))]
            case (nil, nil): []
            }
        return XLSFormImport(
            keys: [numberInput, ("acceptedAnswer", .object(range))], carriedColumns: Self.constraintColumn)
    }

    /// The column a range carries (made once: a set made for each number row cost 700 instructions).
    private static let constraintColumn: Set<String> = ["constraint"]

    /// The bounds of `. >= a`, `. <= b` or both joined by `and` (either order); nil for anything else
    /// (a strict `<` is no inclusive range of a decimal).
    static func range(ofConstraint text: String) -> (lower: Double?, upper: Double?)? {
        var text = text
        if let read = text.withUTF8(asciiRange(ofConstraint:)) { return read }
        let words = XLSFormRow.words(text)
        var lower: Double?
        var upper: Double?
        var index = 0
        while index < words.count {
            if index > 0 {
                guard words[index].lowercased() == "and" else { return nil }
                index += 1
            }
            guard index + 2 < words.count, words[index] == ".", let number = Double(words[index + 2]),
                number.isFinite
            else { return nil }
            switch words[index + 1] {
            case ">=" where lower == nil: lower = number
            case "<=" where upper == nil: upper = number
            default: return nil
            }
            index += 3
        }
        guard lower != nil || upper != nil else { return nil }
        if let lower, let upper, lower > upper { return nil }
        return (lower, upper)
    }

    /// `range(ofConstraint:)` of an ASCII text without a carriage return, read by its bytes where they lie (the
    /// words split as `XLSFormRow.words` splits them): a String and an array slot for each word cost 3,400
    /// instructions a constraint. `.some(nil)` for a text that is no range; nil for a text not ASCII.
    private static func asciiRange(ofConstraint bytes: UnsafeBufferPointer<UInt8>) -> (lower: Double?, upper: Double?)??
    {
        for byte in bytes where byte >= 0x80 || byte == 0x0D { return nil }
        var words = ASCIIWords(bytes: bytes)
        var lower: Double?
        var upper: Double?
        var first = true
        while var next = words.next() {
            if !first {
                guard next.count == 3, next[0] | 0x20 == 0x61, next[1] | 0x20 == 0x6E, next[2] | 0x20 == 0x64,
                    let after = words.next()
                else { return .some(nil) }
                next = after
            }
            first = false
            guard next.count == 1, next[0] == 0x2E, let op = words.next(), let operand = words.next(),
                op.count == 2, op[1] == 0x3D, let number = number(operand), number.isFinite
            else { return .some(nil) }
            if op[0] == 0x3E, lower == nil {
                lower = number
            } else if op[0] == 0x3C, upper == nil {
                upper = number
            } else {
                return .some(nil)
            }
        }
        guard lower != nil || upper != nil else { return .some(nil) }
        if let lower, let upper, lower > upper { return .some(nil) }
        return (lower, upper)
    }

    /// `Double(word)`, as Swift reads the word's text; a minus and up to 15 digits (most bounds: `0`, `-20`, `100`)
    /// summed in place, where the value is exact and the same (`-0` too): `Double(String)` cost 600 instructions a
    /// bound.
    private static func number(_ word: UnsafeBufferPointer<UInt8>) -> Double? {
        DecimalText.wholeNumber(word) ?? Double(String(decoding: word, as: UTF8.self))
    }

    // XLSForm

    /// `text`, or for a number `integer` when the range has bounds and all are whole (a note says that
    /// XLSForm then refuses a fraction) and `decimal` otherwise, the range as a `constraint`.
    public func xlsFormRow(of definition: Definition, at node: JSONNode, problems: inout ProblemCollector)
        -> XLSFormRowShape?
    {
        guard definition.isNumeric else { return XLSFormRowShape(type: "text") }
        let range = definition.acceptedRange
        // The bounds looked at in place: an array of them for each of a 100,000-question form's numbers was
        // made and freed for this test alone.
        let isWhole = { (bound: Double?) in bound.map { $0 == $0.rounded() && abs($0) < 1e15 } ?? true }
        let whole = (range.lower != nil || range.upper != nil) && isWhole(range.lower) && isWhole(range.upper)
        if whole, let numberInput = node["numberInput"] {
            problems.report(
                .note, Code.xlsFormWrittenAsInteger,
                "the accepted range has whole bounds: written as an XLSForm integer, which refuses a fraction",
                at: numberInput, hint: "A bound with a fraction (0.5) writes a decimal.")
        }
        // What `JSONWriter.text(of: .number(bound))` writes, without a writer and a value made for each bound.
        let (constraint, message): (String?, String?) =
            switch (range.lower.map(JSONWriter.format), range.upper.map(JSONWriter.format)) {
            case (let lower?, let upper?):
                (
                    XLSFormRowShape.joined(". >= ", lower, " and . <= ", upper),
                    XLSFormRowShape.joined("Between ", lower, " and ", upper)
                )
            case (let lower?, nil): (XLSFormRowShape.joined(". >= ", lower), XLSFormRowShape.joined("At least ", lower))
            case (nil, let upper?): (XLSFormRowShape.joined(". <= ", upper), XLSFormRowShape.joined("At most ", upper))
            case (nil, nil): (nil, nil)
            }
        var columns: [(String, String)] = []
        if let constraint, let message { columns = [("constraint", constraint), ("constraint_message", message)] }
        return XLSFormRowShape(type: whole ? "integer" : "decimal", columns: columns)
    }
}

/// The words of an ASCII text, split at spaces, tabs and line feeds (as `XLSFormRow.words` splits it), as
/// the bytes where they lie.
private struct ASCIIWords {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    /// The next word, or nil after the last.
    mutating func next() -> UnsafeBufferPointer<UInt8>? {
        while position < bytes.count && Self.isSpace(bytes[position]) { position += 1 }
        let start = position
        while position < bytes.count && !Self.isSpace(bytes[position]) { position += 1 }
        return position > start ? UnsafeBufferPointer(rebasing: bytes[start..<position]) : nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A }
}
