import QuestionKit

// A multiple-choice question is a FHIR `choice` item (R5: `coding`) whose `answerOption`s are its
// options; `repeats` true is any number of answers (`max-answers` 0), false exactly one.
extension MultipleChoiceQuestion {
    /// `choice`, `open-choice` (R4) and `coding` (R5).
    public var fhirItemTypes: [String] { ["choice", "open-choice", "coding"] }

    /// `answers` from the options' texts and `max-answers` from `repeats`. Options held only by an
    /// `answerValueSet` make no question (there is nothing to choose from); free text besides the options
    /// (`open-choice`, R5 `optionsOrString`) and option codes are reported as not carried.
    public func questionKeys(from item: FHIRItem, problems: inout ProblemCollector) -> FHIRImport? {
        var texts: [JSONWriter.Value] = []
        var reportedCode = false
        for (text, value) in item.options {
            guard let text, !text.isEmpty else {
                problems.warning(
                    Code.fhirOptionNotCarried, "an answer option without text (\(value.quotedForMessage)) is left out",
                    at: value)
                continue
            }
            if !reportedCode, value.memberKey == "valueCoding" || item["answerOption"] == nil, value["code"] != nil {
                reportedCode = true
                problems.report(
                    .note, Code.fhirOptionCodesNotCarried,
                    "options are carried by their text; their codes and systems are not",
                    at: item["answerOption"] == nil ? item["answerValueSet"] ?? value : value,
                    hint: "Conditions on the options compare their texts.")
            }
            texts.append(.string(text))
        }
        Self.reportOptionMembers(of: item, problems: &problems)
        guard !texts.isEmpty else {
            problems.warning(
                Code.fhirNoOptions, "the item lists no answer options (an answerValueSet is not expanded)",
                at: item["answerValueSet"] ?? item.node, hint: "List the options as answerOption.")
            return nil
        }
        let constraint = item["answerConstraint"]
        if item.type == "open-choice" || (constraint.map { !$0.stringEquals("optionsOnly") } ?? false) {
            problems.warning(
                Code.fhirFreeTextNotCarried, "free text besides the options is not carried; only the options are",
                at: constraint ?? item["type"] ?? item.node)
        }
        let maxAnswers = item.repeats ? 0 : 1
        // Most items have no extension: what `fhirItem` keeps is looked for only where there are some.
        guard item["extension"] != nil else {
            return FHIRImport(
                keys: [("max-answers", .integer(maxAnswers)), ("answers", .array(texts))],
                carriedMembers: Self.fhirCarried(item))
        }
        var keys: [(String, JSONWriter.Value)] = [("max-answers", .integer(maxAnswers))]
        var carried: Set<String> = []
        // A repeating item's SDC maxOccurs is the limit; on a single answer (or given twice) it says
        // nothing sure and is left to be reported.
        let maxOccurs = item.extensionValues(url: FHIRItem.maxOccursURL)
        if item.repeats, maxOccurs.count == 1, let limit = maxOccurs[0].integerValue, limit > 1 {
            keys = [("max-answers", .integer(limit))]
            carried.insert(FHIRItem.maxOccursURL)
        }
        keys.append(("answers", .array(texts)))
        // What `fhirItem` kept: the accepted options, each among the options (else the extension is reported).
        let accepted = item.extensionValues(url: FHIRItem.acceptedAnswerURL).map(\.stringValue)
        if !accepted.isEmpty {
            let optionTexts = Set(texts.compactMap { if case .string(let text) = $0 { text } else { nil } })
            if accepted.allSatisfy({ $0.map(optionTexts.contains) == true }) {
                keys.append(("acceptedAnswer", .array(accepted.compactMap { $0.map(JSONWriter.Value.string) })))
                carried.insert(FHIRItem.acceptedAnswerURL)
            }
        }
        return FHIRImport(
            keys: keys, carriedMembers: Self.fhirCarried(item), carriedExtensions: carried)
    }

    /// What an `answerOption` holds besides its value is not carried (an option is its text):
    /// `initialSelected`, and extensions such as the SDC `ordinalValue` a score is summed from. Each
    /// member (each extension by its URL) is reported once per item, where it first stands, so that a
    /// scored nine-question form says so nine times, not once per option.
    private static func reportOptionMembers(of item: FHIRItem, problems: inout ProblemCollector) {
        guard let options = item["answerOption"] else { return }
        var reported: [String] = []
        // An option that is its value alone (the most) has one member: its members are not read.
        for entry in options.elements where entry.count > 1 {
            for member in entry.members where !member.key.hasPrefix("value") {
                let extensions = member.key == "extension" ? Array(member.value.elements) : [member.value]
                for node in extensions {
                    let url = member.key == "extension" ? node["url"]?.stringValue : nil
                    let name = url.map(FHIRItem.extensionName) ?? member.key
                    guard !reported.contains(name) else { continue }
                    reported.append(name)
                    let what = url == nil ? "'\(name)'" : "extension '\(name)'"
                    problems.report(
                        .warning, Code.fhirOptionMemberNotCarried,
                        "the answer options' \(what) is not carried (an option is its text)",
                        at: url == nil ? node : node["url"] ?? node, atKey: url == nil)
                }
            }
        }
    }

    /// A `choice` item with one `valueString` option per option; `repeats` unless one answer only, and
    /// a limit above one as the SDC `questionnaire-maxOccurs`. FHIR has no expected answer: the accepted
    /// options are kept in QuestionKit's own extension (read back by `questionKeys`, ignored by other
    /// tools), and said so in a note.
    public func fhirItem(
        of definition: MultipleChoiceDefinition, at node: JSONNode, problems: inout ProblemCollector
    ) -> FHIRItemShape? {
        var extensions: [JSONWriter.Value] = []
        if case .atMost(let limit) = definition.selectionLimit {
            extensions.append(FHIRItem.extensionEntry(FHIRItem.maxOccursURL, "valueInteger", .integer(limit)))
        }
        if let accepted = definition.acceptedOptions {
            FHIRItem.noteAcceptedAnswerKept(
                accepted, at: node["acceptedAnswer"], code: Code.fhirAcceptedAnswerInExtension, problems: &problems)
            for option in accepted {
                extensions.append(FHIRItem.extensionEntry(FHIRItem.acceptedAnswerURL, "valueString", .string(option)))
            }
        }
        let options = definition.options.map { JSONWriter.Value.object([("valueString", .string($0))]) }
        var members: [(String, JSONWriter.Value)] = []
        if !extensions.isEmpty { members.append(("extension", .array(extensions))) }
        if definition.selectionLimit != .single { members.append(("repeats", .bool(true))) }
        members.append(("answerOption", .array(options)))
        return FHIRItemShape(type: "choice", members: members)
    }

    /// One entry per option chosen, as the item lists the option (its `valueCoding` with code and
    /// system, its `valueString`); an option the item does not list as FHIRWriter writes one
    /// (`valueString`, R5 `valueCoding` with its text as `display`).
    public func fhirAnswers(
        of answer: [String], for _: MultipleChoiceDefinition, item: FHIRItem, at _: JSONNode,
        problems _: inout ProblemCollector
    ) -> [JSONWriter.Value]? {
        let options = item.options
        return answer.map { chosen in
            if let (_, node) = options.first(where: { $0.text == chosen }), let key = node.memberKey {
                return .object([(key, node.writerValue)])
            }
            return item.version == .r5
                ? .object([("valueCoding", .object([("display", .string(chosen))]))])
                : .object([("valueString", .string(chosen))])
        }
    }

    /// The options' texts (a coding's `display`, else its `code`; a string), in order, each spelled
    /// as the option it names (options compare ignoring case and surrounding spaces: a response's
    /// "SEAL" is the option "Seal", and written back as such); a value with no text is reported and
    /// left out.
    public func storedAnswer(
        fromFHIR values: [JSONNode], for definition: MultipleChoiceDefinition, problems: inout ProblemCollector
    ) -> JSONWriter.Value? {
        var texts: [JSONWriter.Value] = []
        for value in values {
            guard let text = FHIRItem.optionText(of: value), !text.isEmpty else {
                problems.warning(
                    Code.fhirAnswerNotCarried,
                    "an answer without an option's text (\(value.quotedForMessage)) is left out",
                    at: value)
                continue
            }
            texts.append(.string(definition.option(matching: text) ?? text))
        }
        return texts.isEmpty ? nil : .array(texts)
    }

    /// The item's members the options and the limit carry: the `answerValueSet` too when the options
    /// are those of the contained ValueSet it names (written back as `answerOption`).
    private static func fhirCarried(_ item: FHIRItem) -> Set<String> {
        var carried: Set<String> = ["answerOption", "repeats", "answerConstraint"]
        if item["answerOption"] == nil { carried.insert("answerValueSet") }
        return carried
    }

    /// `radiogroup`, `dropdown` (one answer), `checkbox`, `tagbox` (several).
    public var surveyJSElementTypes: [String] { ["radiogroup", "dropdown", "checkbox", "tagbox"] }

    /// `answers` from the choices' texts; `max-answers` 1 for a radiogroup or dropdown, else
    /// `maxSelectedChoices` (0, any number, when absent). Choices loaded from elsewhere
    /// (`choicesByUrl`, `choicesFromQuestion`) make no question.
    public func questionKeys(from element: SurveyJSElement, problems: inout ProblemCollector) -> SurveyJSImport? {
        var texts: [JSONWriter.Value] = []
        for (text, node) in element.choices {
            guard let text, !text.isEmpty else {
                problems.warning(
                    Code.surveyJSChoiceNotCarried, "a choice without text (\(node.quotedForMessage)) is left out",
                    at: node)
                continue
            }
            texts.append(.string(text))
        }
        guard !texts.isEmpty else {
            problems.warning(
                Code.surveyJSNoChoices, "the element lists no choices (choices loaded from elsewhere are not read)",
                at: element["choicesByUrl"] ?? element["choicesFromQuestion"] ?? element["type"] ?? element.node,
                hint: "List the options as choices.")
            return nil
        }
        var limit = 1
        var carried: Set<String> = ["choices"]
        if element.type == "checkbox" || element.type == "tagbox" {
            limit = 0
            if let max = element["maxSelectedChoices"], let value = max.numberValue, value >= 1,
                value == value.rounded(), value < Double(Int32.max)
            {
                limit = Int(value)
                carried.insert("maxSelectedChoices")
            }
        }
        return SurveyJSImport(
            keys: [("max-answers", .integer(limit)), ("answers", .array(texts))], carriedMembers: carried)
    }

    /// `select_one` (one answer) and `select_multiple` (any number).
    public var xlsFormTypes: [String] { Self.xlsFormTypeKeywords }

    // Made once: a literal in the getter was an array made and freed for each survey row read (the
    // default `claims` asks every type).
    private static let xlsFormTypeKeywords = ["select_one", "select_multiple"]

    /// `answers` from the list's choices (a choice's label, else its name) and `max-answers`; the list
    /// name and the choices' names are kept (`_xlsform`: `list_name`, `choice_names`) so that the row
    /// can be written back. A list the `choices` sheet lacks (or one from a file) makes no question; an
    /// `or_other` free text is not carried.
    public func questionKeys(from row: XLSFormRow, problems: inout ProblemCollector) -> XLSFormImport? {
        guard !row.choices.isEmpty else {
            problems.warning(
                Code.xlsFormNoChoices,
                "the choice list \(row.listName.map { "'\($0)'" } ?? "(none named)") has no choices on the choices sheet",
                at: row["type"] ?? row.node, hint: "List its choices on the choices sheet.")
            return nil
        }
        if row.orOther {
            problems.warning(
                Code.xlsFormOtherNotCarried, "the free-text 'other' answer (or_other) is not carried; only the list is",
                at: row["type"] ?? row.node)
        }
        let choices = row.choices
        let texts = Self.distinctASCIITexts(of: choices) ?? Self.optionTexts(of: choices, problems: &problems)
        return XLSFormImport(
            keys: [("max-answers", .integer(row.type == "select_one" ? 1 : 0)), ("answers", .array(texts))],
            kept: [
                ("list_name", .string(row.listName ?? "")),
                ("choice_names", .array(choices.map { .string($0.name) })),
            ])
    }

    /// The options of `choices`: their texts. Options of ours differ (ignoring case and surrounding spaces);
    /// choices of one list may share a label (told apart by a choice_filter): a repeated one is written with its
    /// name.
    private static func optionTexts(of choices: [XLSFormChoice], problems: inout ProblemCollector)
        -> [JSONWriter.Value]
    {
        var seen = OptionKeys(capacity: choices.count)
        var texts: [JSONWriter.Value] = []
        texts.reserveCapacity(choices.count)
        for choice in choices {
            var text = choice.text
            if !seen.insert(Self.optionKey(text)) {
                text += " (\(choice.name))"
                _ = seen.insert(Self.optionKey(text))
                problems.warning(
                    Code.xlsFormLabelRepeated,
                    "the label '\(choice.text)' is used before in the list: this option is '\(text)'",
                    at: choice.node["name"] ?? choice.node)
            }
            texts.append(.string(text))
        }
        return texts
    }

    /// `optionTexts(of:problems:)` of a short list of ASCII texts none of which repeats another (most lists: a
    /// few choices, `Yes`/`No`), told with no String made: each text's bytes as `optionKey` compares them (ASCII
    /// lowercased, spaces around trimmed), hashed with their length, and no two hashes equal. Nil for anything
    /// else (a text not ASCII, a list longer than `fewChoices`, two equal hashes: a repeat, or rarely a clash),
    /// which `optionTexts(of:problems:)` reads exactly. Lowercasing each text for the comparison cost about half
    /// of reading a select row.
    private static func distinctASCIITexts(of choices: [XLSFormChoice]) -> [JSONWriter.Value]? {
        guard choices.count <= fewChoices else { return nil }
        var texts: [JSONWriter.Value] = []
        texts.reserveCapacity(choices.count)
        let distinct = withUnsafeTemporaryAllocation(of: UInt64.self, capacity: choices.count) { seen in
            for position in choices.indices {
                let text = choices[position].text
                guard let key = asciiOptionHash(text), !seen[..<position].contains(key) else { return false }
                seen[position] = key
                texts.append(.string(text))
            }
            return true
        }
        return distinct ? texts : nil
    }

    /// The longest list `distinctASCIITexts` compares pair by pair.
    private static var fewChoices: Int { 32 }

    /// An FNV-1a hash of the length and the bytes of `optionKey(text)` when `text` is ASCII (there `optionKey`
    /// lowercases A-Z alone, and trims spaces alone); nil for a text not ASCII.
    private static func asciiOptionHash(_ text: String) -> UInt64? {
        let hash = text.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
            var start = 0
            var end = bytes.count
            while start < end && bytes[start] == 0x20 { start += 1 }
            while end > start && bytes[end - 1] == 0x20 { end -= 1 }
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(end - start)
            for index in start..<end {
                let byte = bytes[index]
                guard byte < 0x80 else { return nil }
                let lower = byte &- 0x41 < 26 ? byte | 0x20 : byte
                hash = (hash ^ UInt64(lower)) &* 0x100_0000_01B3
            }
            return hash
        }
        return hash ?? nil
    }

    /// An option as options are compared: ignoring case and surrounding spaces.
    private static func optionKey(_ text: String) -> String {
        let lower = text.lowercased()
        // Most options start and end with no space: nothing to trim, no String made of scalars.
        if let first = lower.utf8.first, let last = lower.utf8.last, first != 0x20, last != 0x20 { return lower }
        // By indices: a String made of reversed scalar views cost 20,000 instructions an option.
        let scalars = lower.unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " }), let last = scalars.lastIndex(where: { $0 != " " })
        else { return "" }
        return String(scalars[first...last])
    }

    // XLSForm

    /// `select_one` (one answer) or `select_multiple` over a list of the options (choice names made of
    /// their texts); a limit above one is the constraint `count-selected(.) <= N`. An accepted answer
    /// has no place in XLSForm and is reported.
    public func xlsFormRow(
        of definition: MultipleChoiceDefinition, at node: JSONNode, problems: inout ProblemCollector
    ) -> XLSFormRowShape? {
        if definition.acceptedAnswer != nil, let accepted = node["acceptedAnswer"] {
            problems.warning(
                Code.xlsFormAcceptedAnswerNotWritten,
                "an XLSForm question has no expected answer: the accepted answer is not written", at: accepted,
                hint: "Answers that differ will not be flagged by XLSForm tools.")
        }
        var columns: [(String, String)] = []
        if case .atMost(let limit) = definition.selectionLimit {
            columns = [
                ("constraint", "count-selected(.) <= \(limit)"), ("constraint_message", "At most \(limit) answers"),
            ]
        }
        return XLSFormRowShape(
            type: definition.selectionLimit == .single ? "select_one" : "select_multiple", columns: columns,
            choices: XLSFormRowShape.ChoiceList(labels: definition.options))
    }
}

/// The option keys of one list seen so far, as a `Set<String>` tells them (String equality): a short list (most
/// have a few choices) is searched in order, with no hash of each key; a long one is hashed.
private struct OptionKeys {
    private var few: [String] = []
    private var many: Set<String>?

    init(capacity: Int) {
        if capacity > 16 { many = Set(minimumCapacity: capacity) } else { few.reserveCapacity(capacity * 2) }
    }

    /// Adds `key`; whether it was not there.
    mutating func insert(_ key: String) -> Bool {
        if var set = many {
            many = nil  // the set's one reference, so that inserting does not copy it
            defer { many = set }
            return set.insert(key).inserted
        }
        if few.contains(key) { return false }
        few.append(key)
        return true
    }
}
