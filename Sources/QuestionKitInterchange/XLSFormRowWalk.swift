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
        /// (`optionText`), or numbers.
        var choices: [XLSFormChoice]
        var numeric: Bool

        /// The option its type made of choice number `choice`: the element of its `answers`, when it wrote one for
        /// each choice; else the choice's text. Found when a condition asks (an array of them kept for every
        /// question was made and freed for each, mostly never asked).
        func optionText(_ choice: Int) -> JSONWriter.Value {
            if let answers = keys.first(where: { $0.0 == "answers" })?.1, case .array(let texts) = answers,
                texts.count == choices.count
            {
                return texts[choice]
            }
            return .string(choices[choice].text)
        }
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
    /// Columns not carried, in the order met: the column, its first cell (reported at its header), how many cells,
    /// how many of those (on groups and notes) have no question to be kept on, and the last text kept of it
    /// (`repeatedText`).
    private var uncarried: [(column: String, first: JSONNode, count: Int, unkept: Int, last: RepeatedText?)] = []
    /// Their positions in `uncarried` by column (as columns compare: canonical equivalence), and by the bytes of the
    /// first `uncarriedSpellingsLimit` (the same bytes are the same column): a String made of each cell's key and a
    /// hash of it cost 1,000 instructions a cell.
    private var uncarriedPositions: [String: Int] = [:]
    private var uncarriedSpellings = JSONKeySpellings([])
    private static let uncarriedSpellingsLimit = 256
    /// The last hint read (`repeatedText`).
    private var lastHint: RepeatedText?

    /// A cell read, and its text.
    typealias RepeatedText = (cell: JSONNode, text: String)

    /// Columns the converter itself carries, of every question row (made once: a set per row cost 4% of reading).
    let coreColumns: Set<String>
    /// `coreColumns` as bytes, so that a row's keys are told without a String or a hash each (`isCore`).
    private let coreSpellings: JSONKeySpellings
    /// Whether every one of `coreColumns` is ASCII (then an ASCII key that is none of their bytes is none of them).
    private let coreColumnsAreASCII: Bool
    /// The columns a group's row and a note's row carry (made once: a set per such row cost 1,300 instructions).
    private let groupRowColumns: Set<String>
    private let noteRowColumns: Set<String>
    /// The columns of `Cells`, in its order, looked up together in one walk of a row's members.
    private let cellSpellings: JSONKeySpellings
    /// The types read so far (but one-list selects, mostly each of another list), by the bytes of their cells
    /// (`rowType(of:)`): `knownTypes[i]` is the type of the cell spelled `knownTypeCells.all[i]`.
    private var knownTypeCells = JSONKeySpellings([])
    private var knownTypes: [RowType] = []
    /// The most types remembered (a form has a few dozen at most; any beyond are read at each row).
    private static let knownTypesLimit = 64
    /// The row types some registered type or the walk itself takes, for a "did you mean" on one no
    /// one takes (`select_on`, `integr`); made at the first such row.
    private var knownRowTypes: (list: String, candidates: Suggestion.Candidates)?

    /// Columns that only shape how a question is shown (looks, media, messages): notes, not warnings.
    static let descriptive: Set<String> = [
        "appearance", "constraint_message", "required_message", "guidance_hint", "image", "audio", "video",
        "big-image", "autoplay", "parameters", "media", "body", "intent",
    ]

    /// The columns an end of a group carries.
    private static let endColumns: Set<String> = ["type", "name"]

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
        // Each column once (`firstKeys`), told by the keys' bytes where they settle it (`stringValueIs`): a String made
        // of each row's label key cost 200 instructions a row.
        for member in Self.firstKeys(of: survey) where Self.mayBeLabelOrHint(member.keyNode) {
            let key = member.keyNode
            if key.stringValueIs("label") || key.stringValueHasPrefix("label::") {
                if !labels.contains(where: key.stringValueIs) { labels.append(member.key) }
            } else if key.stringValueHasPrefix("label") || key.stringValueHasPrefix("hint") {
                if !hints.contains(where: key.stringValueIs) { hints.insert(member.key) }
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
        groupRowColumns = ["type", "name", labelColumn, "relevant"]
        noteRowColumns = ["type", "name", labelColumn, hintColumn]
        cellSpellings = JSONKeySpellings(["type", "name", labelColumn, hintColumn, "required", "relevant"])
        lists = Self.lists(choices, language: language, problems: &problems)
        // Room for a name of every row at once: grown from empty, the names were hashed again at each growth. (Not
        // for `pending`: a question of every row reserved at once raised the peak of a 100,000-row form by 18 MB.)
        made.reserveCapacity(survey.count)
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

    /// The type of a row whose `type` cell is `cell` (`rowType(text)` of its text without surrounding spaces); nil
    /// for a cell that is no text, or blank. Told by the cell's bytes where they are its text: the same bytes are the
    /// same text, and so the same type, list name and all (a String made of each row's type, and a hash of it to find
    /// the type remembered, cost 1,100 instructions a row; most rows repeat a type: `text`, `integer`).
    private mutating func rowType(of cell: JSONNode) -> RowType? {
        let read =
            cell.withUnescapedUTF8 { bytes -> RowType? in
                if let position = knownTypeCells.position(of: bytes) { return knownTypes[position] }
                return Self.oneListSelect(utf8: bytes)
            } ?? nil
        if let read { return read }
        guard let cellText = cell.stringValue else { return nil }
        let text = cellText.trimmingSpaces
        guard !text.isEmpty else { return nil }
        if let select = Self.oneListSelect(text) { return select }
        let type = Self.rowType(text)
        // Remembered by the cell's text as it is (a cell with escapes is looked up by none: it is read at each row).
        if knownTypes.count < Self.knownTypesLimit, cell.withUnescapedUTF8({ _ in true }) == true {
            knownTypeCells = JSONKeySpellings(
                knownTypeCells.all.map { String(decoding: $0, as: UTF8.self) } + [cellText])
            knownTypes.append(type)
        }
        return type
    }

    /// The `choices` sheet's lists, by name, each choice's label in `language` (else the label
    /// without one, else the first); its other columns are reported once each, at their header.
    private static func lists(_ choices: JSONNode?, language: String, problems: inout ProblemCollector)
        -> [String: [XLSFormChoice]]
    {
        guard let choices else { return [:] }
        // Most sheets have no column but `list_name`, `name` and one label: read first as if the label columns were the
        // first row's (finding them on every row first cost a walk of each row's members), which they are when no row
        // has another column; read again with the label columns of every row when one has.
        if let first = choices.elements.first(where: { _ in true }),
            let lists = lists(
                choices, labelColumn: labelColumn(among: labelColumns(of: first.members), language: language),
                problems: &problems, onlyColumnsRead: true)
        {
            return lists
        }
        let labelColumn = labelColumn(among: labelColumns(of: firstKeys(of: choices)), language: language)
        return lists(choices, labelColumn: labelColumn, problems: &problems, onlyColumnsRead: false) ?? [:]
    }

    /// The label column read of the choices' `labels`: the one in `language`, else the one without a language, else
    /// the first.
    private static func labelColumn(among labels: [String], language: String) -> String {
        let wanted = language.isEmpty ? "label" : "label::" + language
        return labels.first { $0.lowercased() == wanted.lowercased() } ?? (labels.contains("label") ? "label" : nil)
            ?? labels.first ?? "label"
    }

    /// `lists(_:language:problems:)` read with `labelColumn`; when `onlyColumnsRead`, nil (and nothing reported) at
    /// the first row of another column: then a label column of a later row may be the one to read. (Rows of only
    /// the columns read hold no other label column, so the first row's label columns are all of them.)
    private static func lists(
        _ choices: JSONNode, labelColumn: String, problems: inout ProblemCollector, onlyColumnsRead: Bool
    ) -> [String: [XLSFormChoice]]? {
        // Rows without a list or a name, reported at the end when `onlyColumnsRead` (the only problems then).
        var incomplete: [JSONNode] = []
        let read = ["list_name", "name", labelColumn]
        let readSpellings = JSONKeySpellings(read)
        var reported = Set(read)
        let document = choices.document
        // The choices of one list are mostly one run of rows: gathered, then added to the list once (a look-up of
        // the list by name for every choice cost a hash of its name each). The runs are kept in order and the lists
        // made of them at the end, at their number: grown a list at a time, the table hashed every name again at each
        // growth (half of adding them).
        var runs: [(list: String, choices: [XLSFormChoice])] = []
        var run: (list: String, node: JSONNode)?
        var runChoices: [XLSFormChoice] = []
        var previousRun: [XLSFormChoice] = []
        var visits = 0  // added once: the counter is a task-local, read at each addition
        for row in choices.elements {
            visits += row.count
            // The three columns read, in one walk of the row's members (three look-ups walked them three times), as
            // entry indices (-1: none): a node made of each cell cost a retain and a release of the document.
            var cells: (list: Int, name: Int, label: Int, count: Int) = (-1, -1, -1, 0)
            document.forEachMember(named: readSpellings, inObjectAt: row.index) { position, value in
                switch position {
                case 0: cells.list = value
                case 1: cells.name = value
                default: cells.label = value
                }
                cells.count += 1
            }
            let listNode = JSONNode(document: document, index: cells.list)
            let nameNode = JSONNode(document: document, index: cells.name)
            if onlyColumnsRead && cells.count < row.count { return nil }
            guard cells.list >= 0, listNode.kind == .string, cells.name >= 0, nameNode.kind == .string else {
                if onlyColumnsRead {
                    incomplete.append(row)
                } else {
                    reportIncomplete(row, problems: &problems)
                }
                continue
            }
            // The same bytes are the same list: its name is made once a run, not once a choice.
            if run.map({ !$0.node.hasSameUnescapedText(as: listNode) }) ?? true {
                let list = trimmedText(of: listNode) ?? ""
                if run?.list != list {
                    if let (previous, _) = run {
                        previousRun = taken(&runChoices)
                        runs.append((previous, previousRun))
                    }
                    run = (list, listNode)
                }
            }
            // Lists repeat one another's choices (a scale, yes and no, a list for each question): a text of the same
            // bytes as the one of the choice at its place in the run before is that one's String, not made again.
            let model = runChoices.count < previousRun.count ? previousRun[runChoices.count] : nil
            let labelNode = cells.label >= 0 ? JSONNode(document: document, index: cells.label) : nil
            let name = reused(model?.name, for: nameNode) ?? trimmedText(of: nameNode) ?? ""
            let label = labelNode.flatMap { reused(model?.label, for: $0) ?? $0.stringValue }
            runChoices.append(XLSFormChoice(name: name, label: label, node: row))
            // The columns read are told by their bytes (as `stringEquals` tells them), with no string made for them.
            guard cells.count < row.count else { continue }
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
        if let (previous, _) = run { runs.append((previous, taken(&runChoices))) }
        for row in incomplete { reportIncomplete(row, problems: &problems) }
        WorkCounter.add(visits, to: .interchangeVisits)
        var lists: [String: [XLSFormChoice]] = [:]
        lists.reserveCapacity(runs.count)
        for (name, choices) in runs { add(choices, to: name, in: &lists) }
        return lists
    }

    /// A choice of no list or no name, reported.
    private static func reportIncomplete(_ row: JSONNode, problems: inout ProblemCollector) {
        problems.warning(
            XLSFormCode.choiceIncomplete, "a choice needs a list_name and a name; this one is not read", at: row)
    }

    /// The columns among the choices' `members` that hold a label (`label`, `label::English (en)`), in the order
    /// they appear.
    private static func labelColumns(of members: some Sequence<JSONMember>) -> [String] {
        var labels: [String] = []
        // Told by the keys' bytes where they settle it, as the survey's labels are (`init`).
        for member in members where mayBeLabelOrHint(member.keyNode) {
            let key = member.keyNode
            guard key.stringValueIs("label") || key.stringValueHasPrefix("label::") else { continue }
            if !labels.contains(where: key.stringValueIs) { labels.append(member.key) }
        }
        return labels
    }

    /// The members of `rows`' objects whose key no member before them has (the same bytes: the same key), in order:
    /// each column of a sheet once, for what is told of its key alone. A row of keys all seen (most rows) is told so
    /// in one walk of its members: a look at each member's key cost 100 instructions a member, and more for a label's.
    private static func firstKeys(of rows: JSONNode) -> [JSONMember] {
        var firsts: [JSONMember] = []
        var seen: [String] = []
        var seenSpellings = JSONKeySpellings([])
        let document = rows.document
        for row in rows.elements {
            var known = 0
            document.forEachMember(named: seenSpellings, inObjectAt: row.index) { _, _ in known += 1 }
            guard known < row.count else { continue }
            for member in row.members {
                let key = member.key
                guard !seen.contains(where: { $0.utf8.elementsEqual(key.utf8) }) else { continue }
                seen.append(key)
                firsts.append(member)
            }
            seenSpellings = JSONKeySpellings(seen)
        }
        return firsts
    }

    /// A run's `choices`, at their number, leaving `choices` empty with room for a run as long: a list's own array
    /// (a copy of a buffer kept from run to run cost a retain and a release of each choice, and sharing it kept
    /// every list at the longest run's size).
    private static func taken(_ choices: inout [XLSFormChoice]) -> [XLSFormChoice] {
        var run: [XLSFormChoice] = []
        swap(&run, &choices)
        choices.reserveCapacity(run.count)
        // A run longer than the one before grew its array: made at its size.
        return run.capacity > run.count + run.count / 2 ? run.withUnsafeBufferPointer { Array($0) } : run
    }

    /// Adds a run of `choices` to the list `name`: as the list, when it is new (adding to an empty list copied the run).
    private static func add(_ choices: [XLSFormChoice], to name: String, in lists: inout [String: [XLSFormChoice]]) {
        let append = { (list: inout [XLSFormChoice]) in
            if list.isEmpty { list = choices } else { list += choices }
        }
        append(&lists[name, default: []])
    }

    /// A string node's text, trimmed as `trimmingSpaces` trims it; nil for another kind. Most cells start and end
    /// with no blank, told by their bytes (`String.hasNothingToTrim`): a `trimmingSpaces` of their text cost 100
    /// instructions to find nothing.
    private static func trimmedText(of node: JSONNode) -> String? {
        let plain = node.withUnescapedUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last else { return false }
            return String.hasNothingToTrim(first: first, last: last)
        }
        return plain == true ? node.stringValue : node.stringValue?.trimmingSpaces
    }

    /// `text`, when it is a string `node`'s bytes (nil otherwise): a text made once for cells that repeat it. (A
    /// trimmed text of the same bytes as a cell is that cell's, trimmed.)
    private static func reused(_ text: String?, for node: JSONNode) -> String? {
        guard let text, node.hasUnescapedText(text) else { return nil }
        return text
    }

    /// The cells of a row's core columns, as `row[column]` finds them (a repeated column's last cell), found in one
    /// walk of its members: a look-up of each walked the members six times a row.
    struct Cells {
        var type: JSONNode?
        var name: JSONNode?
        var label: JSONNode?
        var hint: JSONNode?
        var required: JSONNode?
        var relevant: JSONNode?
        /// How many of the row's members are these cells (a repeated column's each): when all, no other is kept.
        var count = 0

        /// Whether `cell` is one of these cells (so a core column's, told without its key).
        func holds(_ cell: JSONNode) -> Bool {
            let index = cell.index
            return type?.index == index || name?.index == index || label?.index == index || hint?.index == index
                || required?.index == index || relevant?.index == index
        }
    }

    /// The core cells of `row`.
    private func cells(of row: JSONNode) -> Cells {
        // Found as entry indices, each cell's node made once: nodes stored as they were found, then returned, were
        // each retained and released twice more (170 instructions a row).
        var found = (type: -1, name: -1, label: -1, hint: -1, required: -1, relevant: -1)
        var count = 0
        let document = row.document
        document.forEachMember(named: cellSpellings, inObjectAt: row.index) { position, value in
            switch position {
            case 0: found.type = value
            case 1: found.name = value
            case 2: found.label = value
            case 3: found.hint = value
            case 4: found.required = value
            default: found.relevant = value
            }
            count += 1
        }
        let node = { (index: Int) in index < 0 ? nil : JSONNode(document: document, index: index) }
        return Cells(
            type: node(found.type), name: node(found.name), label: node(found.label), hint: node(found.hint),
            required: node(found.required), relevant: node(found.relevant), count: count)
    }

    /// A row's `type`, as pyxform reads it: the keyword in its current spelling, and a select's list.
    struct RowType {
        let keyword: String
        let listName: String?
        let orOther: Bool
        /// Whether the row is a question's (no group's, note's, calculation's or interview's): told once a type
        /// read, not by comparing the keyword with each of `ownKeywords` and hashing it at every row.
        let isQuestion: Bool

        init(keyword: String, listName: String? = nil, orOther: Bool = false, isQuestion: Bool? = nil) {
            self.keyword = keyword
            self.listName = listName
            self.orOther = orOther
            self.isQuestion =
                isQuestion
                ?? !(XLSFormRowWalk.ownKeywords.contains(keyword) || XLSFormRowWalk.metadata.contains(keyword))
        }
    }

    /// The keywords of the rows the walk takes itself (`walk`'s cases): groups, repeats, notes, calculations.
    static let ownKeywords: Set<String> = [
        "begin_group", "begin_repeat", "begin_loop", "end_group", "end_repeat", "end_loop", "note", "calculate",
        "hidden", "calculate_here",
    ]

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

    /// The select spellings of one word (each its own keyword): followed by one word, that word is the list.
    private static let oneWordSelects = selects.filter { $0.0.count == 1 }.map { (Array($0.1.utf8), $0.1) }

    /// `rowType(text)` of a select of one word and a list, both ASCII, one space between (`select_multiple q2`),
    /// told by its bytes; nil for any other text. Most select rows name a list of their own, so that
    /// remembering types (`knownTypes`) missed each, and splitting and lowercasing it into words
    /// cost 6,400 instructions a row.
    static func oneListSelect(_ text: String) -> RowType? {
        var text = text
        return text.withUTF8(oneListSelect(utf8:))
    }

    /// `oneListSelect` of the text whose UTF-8 is `bytes` (nil for a text with spaces around: `rowType` reads it).
    private static func oneListSelect(utf8 bytes: UnsafeBufferPointer<UInt8>) -> RowType? {
        // Every one-word select starts with an `s` or an `r` (`rank`): other types are told by their first byte.
        guard let first = bytes.first, first | 0x20 == UInt8(ascii: "s") || first | 0x20 == UInt8(ascii: "r")
        else { return nil }
        // One loop over the bytes: where the one space is, and none that is not ASCII or another separator.
        var space = -1
        for index in 0..<bytes.count {
            let byte = bytes[index]
            if byte >= 0x80 || byte == 0x09 || byte == 0x0A || byte == 0x0D { return nil }
            if byte == 0x20 {
                guard space < 0 else { return nil }
                space = index
            }
        }
        guard space > 0, space + 1 < bytes.count else { return nil }
        let list = UnsafeBufferPointer(rebasing: bytes[(space + 1)...])
        guard let keyword = oneWordSelects.first(where: { equalsLowercased($0.0, bytes[..<space]) }),
            !equalsLowercased(orOther, list[...])
        else { return nil }
        return RowType(keyword: keyword.1, listName: String(decoding: list, as: UTF8.self), isQuestion: true)
    }

    private static let orOther = Array("or_other".utf8)

    /// Whether the ASCII `bytes` lowercased are `lower`.
    private static func equalsLowercased(_ lower: [UInt8], _ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard lower.count == bytes.count else { return false }
        var offset = bytes.startIndex
        for byte in lower {
            let other = bytes[offset]
            guard byte == (other >= 0x41 && other <= 0x5A ? other + 0x20 : other) else { return false }
            offset += 1
        }
        return true
    }

    /// The select spellings a type whose first word is `word` may be: none when no select starts so.
    private static func selects(startingWith word: String) -> ArraySlice<([String], String)> {
        selectStarts.contains(word) ? selects[...] : []
    }

    mutating func walk(problems: inout ProblemCollector) {
        let (groupCells, endCells, noteCells) = (
            cellBits(groupRowColumns), cellBits(Self.endColumns), cellBits(noteRowColumns)
        )
        var sections: [(title: String?, row: JSONNode)] = []
        var notes: [(text: String, row: JSONNode)] = []
        var visits = 0  // added once: the counter is a task-local, read at each addition
        for row in survey.elements {
            counts.total += 1
            visits += row.count
            let cells = cells(of: row)
            guard let typeNode = cells.type, let type = rowType(of: typeNode) else {
                problems.warning(
                    XLSFormCode.rowWithoutType, "a row without a type is not read; kept under _xlsform", at: row)
                keepUnmade(row)
                continue
            }
            if type.isQuestion {
                question(row, cells, type: type, section: sections.last?.title, notes: &notes, problems: &problems)
                continue
            }
            switch type.keyword {
            case "begin_group", "begin_repeat", "begin_loop":
                flush(&notes, problems: &problems)
                counts.sections += 1
                if type.keyword != "begin_group" {
                    problems.warning(
                        XLSFormCode.repeatNotCarried,
                        "a repeat is not carried: its questions are asked once, as a section", at: typeNode)
                }
                if let relevant = cells.relevant {
                    problems.warning(
                        XLSFormCode.groupConditionNotCarried,
                        "the condition of a group is not carried: its questions are always asked", at: relevant)
                }
                noteColumns(of: row, carried: groupRowColumns, cells: groupCells)
                // A group without a label in the language read keeps its label without one, as written.
                let title = (cells.label ?? row["label"])?.stringValue ?? cells.name?.stringValue
                let outer = sections.last?.title
                sections.append((title.map { t in outer.map { "\($0) / \(t)" } ?? t } ?? outer, row))
            case "end_group", "end_repeat", "end_loop":
                flush(&notes, problems: &problems)
                counts.sections += 1
                noteColumns(of: row, carried: Self.endColumns, cells: endCells)
                if sections.popLast() == nil {
                    problems.warning(
                        XLSFormCode.groupEndUnmatched, "an end of a group or repeat that none begins", at: typeNode)
                }
            case "note":
                let text = [cells.label, cells.hint].compactMap { $0?.stringValue }.joined(separator: "\n\n")
                problems.report(
                    .note, XLSFormCode.noteAsHelp, "a note becomes the help text of the question after it",
                    at: typeNode)
                noteColumns(of: row, carried: noteRowColumns, cells: noteCells)
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
                question(row, cells, type: type, section: sections.last?.title, notes: &notes, problems: &problems)
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
        _ node: JSONNode, _ cells: Cells, type: RowType, section: String?, notes: inout [(text: String, row: JSONNode)],
        problems: inout ProblemCollector
    ) {
        let row = XLSFormRow(
            node: node, type: type.keyword, listName: type.listName, orOther: type.orOther,
            choices: type.listName.flatMap { lists[$0] } ?? [], labelColumn: labelColumn)
        let typeNode = cells.type ?? node
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
        let name = cells.name?.stringValue?.trimmingSpaces
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
                    at: cells.name ?? typeNode)
            })
        let label = cells.label?.stringValue  // read once: a label is mostly a String of its own, made at each read
        if label == nil {
            problems.report(
                .note, XLSFormCode.labelMissing, "the row has no label ('\(labelColumn)'); its name is the question",
                at: cells.name ?? typeNode)
        }
        let text = label ?? name ?? "Question \(pending.count + 1)"
        var kept = imported.kept
        // The carried columns compared as the set compares (canonical equivalence), by the key's bytes where they
        // settle it: no String made of the key and no hash of it, for a set mostly empty or of one column.
        let carried = imported.carriedColumns
        // A row of the core columns alone (most rows) has no other member to keep.
        if cells.count < node.count {
            for member in node.members
            where !cells.holds(member.value) && !isCore(member.keyNode)
                && (carried.isEmpty || !carried.contains(where: member.keyNode.stringValueIs))
            {
                let (key, position) = noteUncarried(member, kept: true)
                let value =
                    member.value.kind == .string
                    ? .string(Self.repeatedText(of: member.value, last: &uncarried[position].last))
                    : member.value.writerValue
                kept.append((key, value))
            }
        }
        if let required = cells.required, let value = required.stringValue?.trimmingSpaces.lowercased() {
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
        if let relevant = cells.relevant {
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
        // The notes before it, then its hint, as paragraphs: with no note (most questions), the hint as it is, with
        // no array made of it.
        var help = cells.hint.flatMap { $0.kind == .string ? Self.repeatedText(of: $0, last: &lastHint) : nil }
        if !notes.isEmpty {
            var paragraphs = notes.map(\.text).filter { !$0.isEmpty }
            if let hint = help { paragraphs.append(hint) }
            help = paragraphs.count < 2 ? paragraphs.first : paragraphs.joined(separator: "\n\n")
            notes = []
        }
        pending.append(
            Pending(
                row: node, identifier: identifier, text: text, keys: imported.keys, section: section, help: help,
                kept: kept, linkId: linkId, condition: condition, choices: row.choices,
                numeric: type.keyword == "integer" || type.keyword == "decimal"))
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
    /// `cells`: the positions in `cellSpellings` of `carried`'s columns, as bits (`cellBits`), which tell
    /// most keys by their bytes (a look at each of the set's columns cost 500 instructions a key).
    private mutating func noteColumns(of row: JSONNode, carried: Set<String>, cells: UInt8) {
        for member in row.members where !isCarried(member.keyNode, by: carried, cells: cells) {
            noteUncarried(member, kept: false)
        }
    }

    /// The positions in `cellSpellings` of `columns`, as bits (for `noteColumns`).
    private func cellBits(_ columns: Set<String>) -> UInt8 {
        var bits: UInt8 = 0
        for (position, spelling) in cellSpellings.all.enumerated()
        where position < 8 && columns.contains(String(decoding: spelling, as: UTF8.self)) {
            bits |= 1 << position
        }
        return bits
    }

    /// Whether `key` is one of `carried`, whose positions in `cellSpellings` are the bits of `cells`.
    private func isCarried(_ key: JSONNode, by carried: Set<String>, cells: UInt8) -> Bool {
        if let position = key.withUnescapedUTF8({ cellSpellings.position(of: $0) }) ?? nil,
            cells & (1 << position) != 0
        {
            return true
        }
        return carried.contains(where: key.stringValueIs)
    }

    /// Counts `member`'s cell in its column not carried; its key, as a String (the column's own, where the key's
    /// bytes are the column's: no String made for each cell), and the column's position in `uncarried`.
    @discardableResult
    private mutating func noteUncarried(_ member: JSONMember, kept: Bool) -> (key: String, position: Int) {
        let position: Int
        let key: String
        if let known = member.keyNode.withUnescapedUTF8({ uncarriedSpellings.position(of: $0) }) ?? nil {
            position = known
            key = uncarried[known].column
        } else {
            key = member.key
            if let known = uncarriedPositions[key] {
                position = known
            } else {
                position = uncarried.count
                uncarried.append((key, member.value, 0, 0, nil))
                uncarriedPositions[key] = position
                if position < Self.uncarriedSpellingsLimit {
                    uncarriedSpellings = JSONKeySpellings(uncarried.map(\.column))
                }
            }
        }
        uncarried[position].count += 1
        if !kept { uncarried[position].unkept += 1 }
        return (key, position)
    }

    /// The `stringValue` of the string `cell` (`""` for another kind): `last`'s text, when the cell's bytes are its
    /// cell's; else made, and kept as `last`. Many rows repeat a hint or a message word for word: one String then
    /// serves them all, with none made and freed for each (450 instructions a cell).
    private static func repeatedText(of cell: JSONNode, last: inout RepeatedText?) -> String {
        if let last, cell.hasSameUnescapedText(as: last.cell) { return last.text }
        let text = cell.stringValue ?? ""
        last = (cell, text)
        return text
    }

    /// Each column not carried, once, at its header: translations, shown-only columns (notes), others.
    private func reportUncarried(problems: inout ProblemCollector) {
        for (column, first, count, unkept, _) in uncarried {
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
