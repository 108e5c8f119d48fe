import QuestionKit

/// One pass over an XLSForm's survey rows, in order: groups and repeats become sections (nested
/// ones joined, `Outer / Inner`, as SurveyJS panels are), notes the help of the next question,
/// question rows questions of the type that claims them. Conditions are mapped afterwards
/// (`questionValues`), since `relevant` may name later questions.
struct XLSFormRowWalk {
    /// A question made, its condition not yet mapped.
    struct Pending {
        var row: JSONNode
        var identifier: String
        var text: String
        var keys: [(String, JSONWriter.Value)]
        var section: String?
        var help: String?
        var kept: [(String, JSONWriter.Value)]
        /// Nil for a name used before.
        var linkId: String?
        /// `relevant`, when it is a simple comparison (or several joined by one connective).
        var condition: (node: JSONNode, parsed: SimpleCondition)?
        /// What conditions on it compare with: its choices, as the options its type made of them
        /// (`answers`, one for each), or numbers.
        var choices: [XLSFormChoice]
        var optionTexts: [JSONWriter.Value]
        var numeric: Bool
    }

    let reader: XLSFormReader
    let survey: JSONNode
    /// Choice lists by name, in the language read.
    let lists: [String: [XLSFormChoice]]
    let labelColumn: String
    let hintColumn: String
    /// The language read (`""`: the columns without one).
    let language: String
    var pending: [Pending] = []
    /// Questions by name (the first of a duplicated one).
    var made: [String: Int] = [:]
    /// Rows no type made, kept whole.
    var unmade: [JSONWriter.Value] = []
    var counts = ImportCounts()
    /// Columns not carried, by name: the first cell (reported at its header), how many cells, and how
    /// many of those (on groups and notes) have no question to be kept on.
    private var uncarried: [String: (first: JSONNode, count: Int, unkept: Int)] = [:]
    private var uncarriedOrder: [String] = []

    /// Columns the converter itself carries, of every question row (made once: a set per row cost 4% of reading).
    let coreColumns: Set<String>
    /// `coreColumns` as bytes, so that a row's keys are told without a String or a hash each (`isCore`).
    private let coreSpellings: JSONKeySpellings
    /// Whether every one of `coreColumns` is ASCII (then an ASCII key that is none of their bytes is none of them).
    private let coreColumnsAreASCII: Bool
    /// The types read so far, by their ASCII text (`rowType` cost 3,500 instructions a select row, and most
    /// rows repeat a type: `text`, `select_one yes_no`).
    private var rowTypes: [String: RowType] = [:]
    /// The row types some registered type or the walk itself takes, for a "did you mean" on one no
    /// one takes (`select_on`, `integr`); made at the first such row.
    private var knownRowTypes: (list: String, candidates: Suggestion.Candidates)?

    /// Columns that only shape how a question is shown (looks, media, messages): notes, not warnings.
    static let descriptive: Set<String> = [
        "appearance", "constraint_message", "required_message", "guidance_hint", "image", "audio", "video",
        "big-image", "autoplay", "parameters", "media", "body", "intent",
    ]

    /// Types that record something about the interview (its time, device, user), not a question.
    static let metadata: Set<String> = [
        "start", "end", "today", "deviceid", "subscriberid", "simserial", "phonenumber", "username", "email",
        "audit", "start-geopoint", "background-audio", "uri:subscriberid", "uri:phonenumber", "uri:deviceid",
        "uri:username", "uri:email", "imei", "caseid",
    ]

    init(
        reader: XLSFormReader, survey: JSONNode, choices: JSONNode?, defaultLanguage: String?,
        problems: inout ProblemCollector
    ) {
        self.reader = reader
        self.survey = survey
        var labels: [String] = []
        var hints: Set<String> = []
        for row in survey.elements {
            for member in row.members where Self.mayBeLabelOrHint(member.keyNode) {
                guard member.key.hasPrefix("label") || member.key.hasPrefix("hint") else { continue }
                if member.key == "label" || member.key.hasPrefix("label::") {
                    if !labels.contains(member.key) { labels.append(member.key) }
                } else {
                    hints.insert(member.key)
                }
            }
        }
        let wanted = defaultLanguage.map { "label::" + $0.trimmingSpaces }
        labelColumn =
            labels.first { $0.lowercased() == wanted?.lowercased() } ?? (labels.contains("label") ? "label" : nil)
            ?? labels.first ?? "label"
        let language = labelColumn == "label" ? "" : String(labelColumn.dropFirst("label::".count))
        self.language = language
        hintColumn = hints.first { $0.lowercased() == "hint::" + language.lowercased() } ?? "hint"
        coreColumns = ["type", "name", labelColumn, hintColumn, "required", "relevant"]
        coreSpellings = JSONKeySpellings(Array(coreColumns))
        coreColumnsAreASCII = coreColumns.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
        lists = Self.lists(choices, language: language, problems: &problems)
    }

    /// Whether a column's key may start with `label` or `hint`: told by its bytes where they are its text, so
    /// that the other cells of every row make no string.
    private static func mayBeLabelOrHint(_ key: JSONNode) -> Bool {
        key.withUnescapedUTF8 { bytes in
            // By its first bytes: a generic `starts(with:)` of a String's UTF-8 cost 130 instructions a cell.
            bytes.count >= 4
                && (bytes[0] == UInt8(ascii: "l") && bytes.count >= 5 && bytes[1] == UInt8(ascii: "a")
                    && bytes[2] == UInt8(ascii: "b") && bytes[3] == UInt8(ascii: "e") && bytes[4] == UInt8(ascii: "l")
                    || bytes[0] == UInt8(ascii: "h") && bytes[1] == UInt8(ascii: "i") && bytes[2] == UInt8(ascii: "n")
                        && bytes[3] == UInt8(ascii: "t"))
        } ?? true
    }

    /// Whether a row's key is one of `coreColumns` (as the set compares: canonical equivalence), told by its bytes
    /// where they settle it: the same bytes are the same column, and ASCII equals no other ASCII.
    private func isCore(_ key: JSONNode) -> Bool {
        if coreSpellings.contains(key) { return true }
        if coreColumnsAreASCII, key.withUnescapedUTF8({ $0.allSatisfy { $0 < 0x80 } }) == true { return false }
        return coreColumns.contains(key.stringValue ?? "")
    }

    /// `rowType(text)`, remembered for an ASCII text (where equal texts are equal bytes, so the remembered list
    /// name is the row's own).
    private mutating func rowType(ofTrimmed text: String) -> RowType {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return Self.rowType(text) }
        if let known = rowTypes[text] { return known }
        let type = Self.rowType(text)
        rowTypes[text] = type
        return type
    }

    /// The `choices` sheet's lists, by name, each choice's label in `language` (else the label
    /// without one, else the first); its other columns are reported once each, at their header.
    private static func lists(_ choices: JSONNode?, language: String, problems: inout ProblemCollector)
        -> [String: [XLSFormChoice]]
    {
        guard let choices else { return [:] }
        var labels: [String] = []
        for row in choices.elements {
            for member in row.members
            where mayBeLabelOrHint(member.keyNode) && (member.key == "label" || member.key.hasPrefix("label::")) {
                if !labels.contains(member.key) { labels.append(member.key) }
            }
        }
        let wanted = language.isEmpty ? "label" : "label::" + language
        let labelColumn =
            labels.first { $0.lowercased() == wanted.lowercased() } ?? (labels.contains("label") ? "label" : nil)
            ?? labels.first ?? "label"
        var lists: [String: [XLSFormChoice]] = [:]
        let read = ["list_name", "name", labelColumn]
        let readSpellings = JSONKeySpellings(read)
        var reported = Set(read)
        // The choices of one list are mostly one run of rows: gathered, then added to the list once (a look-up of
        // the list by name for every choice cost a hash of its name each).
        var run: (list: String, choices: [XLSFormChoice])?
        var visits = 0  // added once: the counter is a task-local, read at each addition
        for row in choices.elements {
            visits += row.count
            guard let list = row["list_name"]?.stringValue?.trimmingSpaces, let name = row["name"]?.stringValue
            else {
                problems.warning(
                    XLSFormCode.choiceIncomplete, "a choice needs a list_name and a name; this one is not read",
                    at: row)
                continue
            }
            let choice = XLSFormChoice(name: name.trimmingSpaces, label: row[labelColumn]?.stringValue, node: row)
            if run?.list == list {
                run?.choices.append(choice)
            } else {
                if let (previous, choices) = run { lists[previous, default: []] += choices }
                run = (list, [choice])
            }
            // The columns read are told by their bytes (as `stringEquals` tells them), with no string made for them.
            for member in row.members
            where !readSpellings.contains(member.keyNode) && reported.insert(member.key).inserted {
                let translation = member.key == "label" || member.key.hasPrefix("label::")
                problems.report(
                    translation ? .warning : .note,
                    translation ? XLSFormCode.translationsNotCarried : XLSFormCode.choicesColumnNotCarried,
                    translation
                        ? "the choices' column '\(member.key)' (another language) is not carried: one language "
                            + "('\(labelColumn)') is read"
                        : "the choices' column '\(member.key)' is not carried", at: member.value, atKey: true)
            }
        }
        if let (previous, choices) = run { lists[previous, default: []] += choices }
        WorkCounter.add(visits, to: .interchangeVisits)
        return lists
    }

    /// A row's `type`, as pyxform reads it: the keyword in its current spelling, and a select's list.
    struct RowType {
        var keyword: String
        var listName: String?
        var orOther = false
    }

    /// The select keywords, as words, older spellings first where one starts another.
    private static let selects: [([String], String)] = [
        ("select_one_from_file", "select_one_from_file"), ("select_multiple_from_file", "select_multiple_from_file"),
        ("select_one_external", "select_one_external"), ("select one external", "select_one_external"),
        ("select one from", "select_one"), ("select_one", "select_one"), ("select one", "select_one"),
        ("select all that apply from", "select_multiple"), ("select all that apply", "select_multiple"),
        ("select multiple from", "select_multiple"), ("select_multiple", "select_multiple"),
        ("select multiple", "select_multiple"), ("rank", "rank"),
    ].map { spelling, keyword in (spelling.split(separator: " ").map(String.init), keyword) }

    /// The first words of the select spellings: a type starting with no other is no select.
    private static let selectStarts = Set(selects.map { $0.0[0] })

    /// Other keywords' older spellings.
    private static let aliases: [String: String] = [
        "string": "text", "int": "integer", "trigger": "acknowledge", "phone number": "phonenumber",
        "begin group": "begin_group", "end group": "end_group", "begin repeat": "begin_repeat",
        "end repeat": "end_repeat", "begin loop": "begin_loop", "end loop": "end_loop", "datetime": "dateTime",
        "select_one_from_file": "select_one_from_file", "geo point": "geopoint", "calculation": "calculate",
    ]

    static func rowType(_ text: String) -> RowType {
        // Most rows' type is one ASCII word (`text`, `integer`, `end_group`): read without splitting it.
        if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
            let lower = text.lowercased()
            if !selectStarts.contains(lower) && lower != "begin_loop" {
                return RowType(keyword: aliases[lower] ?? lower)
            }
        }
        let words = XLSFormRow.words(text)
        let lower = words.map { $0.lowercased() }
        for (parts, keyword) in selects(startingWith: lower.first ?? "") {
            guard lower.starts(with: parts) else { continue }
            var rest = Array(words.dropFirst(parts.count))
            var orOther = false
            if rest.last?.lowercased() == "or_other" {
                rest.removeLast()
                orOther = true
            } else if rest.count >= 3, rest.suffix(3).map({ $0.lowercased() }) == ["or", "specify", "other"] {
                rest.removeLast(3)
                orOther = true
            }
            return RowType(keyword: keyword, listName: rest.first, orOther: orOther)
        }
        if lower.starts(with: ["begin", "loop"]) || lower.starts(with: ["begin_loop"]) {
            return RowType(keyword: "begin_loop")
        }
        let joined = lower.joined(separator: " ")
        return RowType(keyword: aliases[joined] ?? (joined.utf8.contains(0x20) ? joined.replacingSpaces : joined))
    }

    /// The select spellings a type whose first word is `word` may be: none when no select starts so.
    private static func selects(startingWith word: String) -> ArraySlice<([String], String)> {
        selectStarts.contains(word) ? selects[...] : []
    }

    mutating func walk(problems: inout ProblemCollector) {
        var sections: [(title: String?, row: JSONNode)] = []
        var notes: [(text: String, row: JSONNode)] = []
        var visits = 0  // added once: the counter is a task-local, read at each addition
        for row in survey.elements {
            counts.total += 1
            visits += row.count
            guard let typeNode = row["type"], let typeText = typeNode.stringValue?.trimmingSpaces, !typeText.isEmpty
            else {
                problems.warning(
                    XLSFormCode.rowWithoutType, "a row without a type is not read; kept under _xlsform", at: row)
                keepUnmade(row)
                continue
            }
            let type = rowType(ofTrimmed: typeText)
            switch type.keyword {
            case "begin_group", "begin_repeat", "begin_loop":
                flush(&notes, problems: &problems)
                counts.sections += 1
                if type.keyword != "begin_group" {
                    problems.warning(
                        XLSFormCode.repeatNotCarried,
                        "a repeat is not carried: its questions are asked once, as a section", at: typeNode)
                }
                if let relevant = row["relevant"] {
                    problems.warning(
                        XLSFormCode.groupConditionNotCarried,
                        "the condition of a group is not carried: its questions are always asked", at: relevant)
                }
                noteColumns(of: row, carried: ["type", "name", labelColumn, "relevant"])
                // A group without a label in the language read keeps its label without one, as written.
                let title = (row[labelColumn] ?? row["label"])?.stringValue ?? row["name"]?.stringValue
                let outer = sections.last?.title
                sections.append((title.map { t in outer.map { "\($0) / \(t)" } ?? t } ?? outer, row))
            case "end_group", "end_repeat", "end_loop":
                flush(&notes, problems: &problems)
                counts.sections += 1
                noteColumns(of: row, carried: ["type", "name"])
                if sections.popLast() == nil {
                    problems.warning(
                        XLSFormCode.groupEndUnmatched, "an end of a group or repeat that none begins", at: typeNode)
                }
            case "note":
                let text = [row[labelColumn], row[hintColumn]].compactMap { $0?.stringValue }.joined(separator: "\n\n")
                problems.report(
                    .note, XLSFormCode.noteAsHelp, "a note becomes the help text of the question after it",
                    at: typeNode)
                noteColumns(of: row, carried: ["type", "name", labelColumn, hintColumn])
                notes.append((text, row))
                counts.help += 1
            case "calculate", "hidden", "calculate_here":
                problems.warning(
                    XLSFormCode.calculationNotCarried,
                    "a calculation is not evaluated; kept under _xlsform", at: row["calculation"] ?? typeNode)
                keepUnmade(row)
            case let keyword where Self.metadata.contains(keyword):
                problems.report(
                    .note, XLSFormCode.metadataNotCarried,
                    "'\(keyword)' records the interview, it asks nothing; kept under _xlsform", at: typeNode)
                keepUnmade(row)
            default:
                question(row, type: type, section: sections.last?.title, notes: &notes, problems: &problems)
            }
        }
        WorkCounter.add(visits, to: .interchangeVisits)
        flush(&notes, problems: &problems)
        for open in sections.reversed() {
            problems.warning(
                XLSFormCode.groupNotClosed, "this group or repeat is not closed: it runs to the end",
                at: open.row["type"] ?? open.row)
        }
        reportUncarried(problems: &problems)
    }

    /// The registered types' row types, listed, and with the walk's own keywords as candidates for a
    /// misspelled type.
    private func rowTypesTaken() -> (list: String, candidates: Suggestion.Candidates) {
        let taken = Set(reader.registry.types.flatMap(\.xlsFormTypes)).sorted()
        let own = ["begin_group", "end_group", "begin_repeat", "end_repeat", "note", "calculate"]
        return (taken.joined(separator: ", "), Suggestion.Candidates(taken + own + Self.metadata.sorted()))
    }

    private mutating func question(
        _ node: JSONNode, type: RowType, section: String?, notes: inout [(text: String, row: JSONNode)],
        problems: inout ProblemCollector
    ) {
        let row = XLSFormRow(
            node: node, type: type.keyword, listName: type.listName, orOther: type.orOther,
            choices: type.listName.flatMap { lists[$0] } ?? [], labelColumn: labelColumn)
        let typeNode = node["type"] ?? node
        guard let (questionType, identifier) = reader.claimant(of: row, problems: &problems) else {
            let known = knownRowTypes ?? rowTypesTaken()
            knownRowTypes = known
            problems.warning(
                XLSFormCode.typeUnsupported,
                "no registered question type takes '\(type.keyword)' rows (taken: \(known.list)); kept under _xlsform",
                at: typeNode, hint: known.candidates.nearest(to: type.keyword).map { "Did you mean '\($0)'?" })
            keepUnmade(node)
            return
        }
        guard let imported = questionType.questionKeys(from: row, problems: &problems) else {
            problems.warning(
                XLSFormCode.rowNotMade, "'\(identifier)' could not make a question of this row; kept under _xlsform",
                at: typeNode)
            keepUnmade(node)
            return
        }
        counts.questions += 1
        let name = node["name"]?.stringValue?.trimmingSpaces
        let number = pending.count + 1
        let linkId = ImportedQuestion.linkId(
            name: name, index: number - 1, made: &made,
            missing: {
                problems.warning(
                    XLSFormCode.nameMissing,
                    "a row without a name cannot be referred to; it is named q\(number)", at: typeNode)
            },
            duplicate: { name in
                problems.warning(
                    XLSFormCode.duplicateName,
                    "the name '\(name)' is used before: this question gets no linkId and conditions refer to the first",
                    at: node["name"] ?? typeNode)
            })
        let label = row.label  // read once: a label is mostly a String of its own, made at each read
        if label == nil {
            problems.report(
                .note, XLSFormCode.labelMissing, "the row has no label ('\(labelColumn)'); its name is the question",
                at: node["name"] ?? typeNode)
        }
        let text = label ?? name ?? "Question \(pending.count + 1)"
        var kept = imported.kept
        for member in node.members where !isCore(member.keyNode) && !imported.carriedColumns.contains(member.key) {
            kept.append((member.key, member.value.writerValue))
            noteUncarried(member.key, member.value, kept: true)
        }
        if let required = node["required"], let value = required.stringValue?.trimmingSpaces.lowercased() {
            switch value {
            case "yes", "true", "true()", "1":
                problems.report(
                    .note, XLSFormCode.requiredNoted,
                    "required: every question of ours must be answered or commented", at: required)
            case "no", "false", "false()", "0", "":
                break
            default:
                problems.warning(
                    XLSFormCode.requiredNotCarried,
                    "a required expression is not evaluated: every question of ours must be answered or commented; "
                        + "kept under _xlsform", at: required)
                kept.append(("required", required.writerValue))
            }
        }
        var condition: (JSONNode, SimpleCondition)?
        if let relevant = node["relevant"] {
            if let parsed = relevant.stringValue.flatMap(XLSFormCondition.parse) {
                condition = (relevant, parsed)
            } else {
                problems.warning(
                    XLSFormCode.conditionNotCarried,
                    "only comparisons of a question with a value (${q} = 'x', selected(${q}, 'x'), ${q} > 5), joined "
                        + "by one 'and' or one 'or', are carried; kept under _xlsform", at: relevant)
                kept.append(("relevant", relevant.writerValue))
            }
        }
        var help = notes.isEmpty ? [] : notes.map(\.text).filter { !$0.isEmpty }
        notes = []
        if let hint = node[hintColumn]?.stringValue { help.append(hint) }
        pending.append(
            Pending(
                row: node, identifier: identifier, text: text, keys: imported.keys, section: section,
                help: help.isEmpty ? nil : help.joined(separator: "\n\n"), kept: kept, linkId: linkId,
                condition: condition, choices: row.choices, optionTexts: Self.optionTexts(imported, row.choices),
                numeric: type.keyword == "integer" || type.keyword == "decimal"))
    }

    /// The options a type made of `choices`: its `answers`, when it wrote one for each choice; else their texts.
    private static func optionTexts(_ imported: XLSFormImport, _ choices: [XLSFormChoice]) -> [JSONWriter.Value] {
        if let answers = imported.keys.first(where: { $0.0 == "answers" })?.1, case .array(let texts) = answers,
            texts.count == choices.count
        {
            return texts
        }
        return choices.map { .string($0.text) }
    }

    /// Notes before the end of their group or form, with no question after them to help: reported, kept.
    private mutating func flush(_ notes: inout [(text: String, row: JSONNode)], problems: inout ProblemCollector) {
        for note in notes {
            problems.warning(
                XLSFormCode.noteNotCarried, "no question follows this note in its group; kept under _xlsform",
                at: note.row["type"] ?? note.row)
            counts.help -= 1
            keepUnmade(note.row)
        }
        notes = []
    }

    /// Notes the columns of a group's or note's row other than `carried`.
    private mutating func noteColumns(of row: JSONNode, carried: Set<String>) {
        for member in row.members where !carried.contains(member.key) {
            noteUncarried(member.key, member.value, kept: false)
        }
    }

    private mutating func noteUncarried(_ column: String, _ cell: JSONNode, kept: Bool) {
        let seen = uncarried[column] ?? (cell, 0, 0)
        if seen.count == 0 { uncarriedOrder.append(column) }
        uncarried[column] = (seen.first, seen.count + 1, seen.unkept + (kept ? 0 : 1))
    }

    /// Each column not carried, once, at its header: translations, shown-only columns (notes), others.
    private func reportUncarried(problems: inout ProblemCollector) {
        for column in uncarriedOrder {
            guard let (first, count, unkept) = uncarried[column] else { continue }
            let base = String(column.prefix { $0 != ":" })
            var cells = count == 1 ? "1 cell" : "\(count) cells"
            if unkept > 0 { cells += ", \(unkept) on groups or notes, not kept" }
            if (base == "label" || base == "hint") && column != labelColumn && column != hintColumn {
                problems.report(
                    .warning, XLSFormCode.translationsNotCarried,
                    "the column '\(column)' (another language, \(cells)) is not carried: one language "
                        + "('\(labelColumn)') is read; kept under _xlsform on its questions", at: first, atKey: true)
            } else {
                problems.report(
                    Self.descriptive.contains(base) ? .note : .warning, XLSFormCode.columnNotCarried,
                    "the column '\(column)' (\(cells)) is not carried; kept under _xlsform on its questions",
                    at: first, atKey: true)
            }
        }
    }

    private mutating func keepUnmade(_ row: JSONNode) {
        unmade.append(row.writerValue)
        counts.reported += 1
    }
}

extension String {
    /// Spaces as underscores (`begin group` is `begin_group`).
    fileprivate var replacingSpaces: String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == " " ? "_" : $0 }))
    }
}
