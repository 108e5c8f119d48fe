import QuestionKit

// A short answer is a FHIR `string` or `text` item, or, as a number, an `integer` or `decimal`
// item whose SDC `minValue`/`maxValue` extensions are its accepted range.
extension ShortAnswerQuestion {
    /// `string`, `text`, `integer`, `decimal`.
    public var fhirItemTypes: [String] { ["string", "text", "integer", "decimal"] }

    /// `numberInput` for `integer` and `decimal`, and the range from `minValue`/`maxValue`.
    public func questionKeys(from item: FHIRItem, problems: inout ProblemCollector) -> FHIRImport? {
        guard item.type == "integer" || item.type == "decimal" else { return FHIRImport(keys: []) }
        var keys: [(String, JSONWriter.Value)] = [("numberInput", .bool(true))]
        var carried: Set<String> = []
        var range: [(String, JSONWriter.Value)] = []
        for (key, url) in [("from", FHIRItem.minValueURL), ("to", FHIRItem.maxValueURL)] {
            guard let value = item.extensionValue(url: url) else { continue }
            guard let number = value.numberValue else {
                problems.warning(
                    Code.fhirBoundNotNumber,
                    "a bound of a number answer must be a number, not \(value.quotedForMessage)",
                    at: value, hint: "The bound is kept in _fhir and not checked.")
                continue
            }
            // As the writer writes it (`35.0` is `35`), so that a round trip changes nothing.
            range.append((key, .string(JSONWriter.text(of: .number(number), indent: 0))))
            carried.insert(url)
        }
        if !range.isEmpty { keys.append(("acceptedAnswer", .object(range))) }
        return FHIRImport(keys: keys, carriedExtensions: carried)
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
            let value: JSONWriter.Value = .number(bound)
            extensions.append(.object([("url", .string(url)), ("valueDecimal", value)]))
        }
        return FHIRItemShape(type: "decimal", members: extensions.isEmpty ? [] : [("extension", .array(extensions))])
    }
}
