import QuestionKit
import QuestionKitArchive
import QuestionKitForms

/// The rows of an XLSForm being written from a template: each question's survey row (its type's shape,
/// its name, label, hint and `relevant`), the groups of its sections, and the choice lists, named
/// uniquely. Names are the questions' `linkId`s where XLSForm takes them, else made up (`q3`).
struct XLSFormRows {
    /// The survey columns XLSForm users expect first, in this order.
    static let surveyColumns = [
        "type", "name", "label", "hint", "required", "relevant", "constraint", "constraint_message", "appearance",
    ]

    /// What a question became: its row's name, shape (nil: not written) and list name.
    struct Written {
        var name: String
        var shape: XLSFormRowShape?
        var listName: String?
        /// What the reader kept of the source's row (`_xlsform`), looked up once for the question.
        var kept: JSONNode?
    }

    let template: Template
    let registry: QuestionTypeRegistry
    /// The columns of the labels and hints written: `label` and `hint`, or, when the kept settings name a
    /// `default_language` (the source read its labels from that language's column), `label::LANGUAGE` and
    /// `hint::LANGUAGE`, so that the labels are read from where they are written.
    let labelColumn: String
    let hintColumn: String
    private(set) var written: [Written] = []
    /// The written question of each linkId (the first, when one is given twice).
    private(set) var byLinkId: [String: Int] = [:]
    /// The `survey` sheet: the questions' rows and their sections' groups (the writer adds the rows kept).
    var survey: XLSFormTable
    /// The `choices` sheet: each list's choices, a list written once.
    var choices: XLSFormTable
    private var names = Set<String>()
    /// The places in `survey` of the columns every question's row fills (`XLSFormTable.column(named:)`).
    private let typePlace: Int
    private let namePlace: Int
    private let labelPlace: Int
    private let hintPlace: Int
    private let relevantPlace: Int

    init(template: Template, registry: QuestionTypeRegistry, problems: inout ProblemCollector) {
        self.template = template
        self.registry = registry
        let language = template.document.root["_xlsform"]?["settings"]?["default_language"]?.stringValue
        labelColumn = language.map { "label::" + $0 } ?? "label"
        hintColumn = language.map { "hint::" + $0 } ?? "hint"
        survey = XLSFormTable(
            name: "survey", leading: Self.leadingColumns(label: labelColumn, hint: hintColumn),
            required: ["type", "name", labelColumn])
        choices = XLSFormTable(name: "choices", leading: ["list_name", "name", labelColumn])
        typePlace = survey.column(named: "type")
        namePlace = survey.column(named: "name")
        labelPlace = survey.column(named: labelColumn)
        hintPlace = survey.column(named: hintColumn)
        relevantPlace = survey.column(named: "relevant")
        let choiceColumns = (
            list: choices.column(named: "list_name"), name: choices.column(named: "name"),
            label: choices.column(named: labelColumn)
        )
        // Sized once: a 100,000-question form grew these tables a dozen times each.
        let count = template.questions.count
        names.reserveCapacity(count + count / 4)
        byLinkId.reserveCapacity(count)
        written.reserveCapacity(count)
        survey.reserveCapacity(rows: count + count / 4, cells: 6 * count)
        // LinkIds first, so that a made name never takes one.
        var linkIds: [String?] = []
        linkIds.reserveCapacity(count)
        // The questions are looked at in place (`questions[index]`): a loop over them copied each one (its
        // type and definition existentials), a tenth of making the rows, in each loop.
        let questions = template.questions
        for index in questions.indices {
            let linkId = questions[index].node["linkId"]?.stringValue
            if let linkId, Self.isName(linkId), names.insert(linkId).inserted {
                linkIds.append(linkId)
            } else {
                linkIds.append(nil)
            }
        }
        var lists: [String: [XLSFormRowShape.Choice]] = [:]
        var listNames = Set<String>()
        lists.reserveCapacity(count / 4)
        listNames.reserveCapacity(count / 4)
        for index in questions.indices {
            let linkId = linkIds[index]
            let node = questions[index].node
            let name = linkId ?? XLSFormRowShape.unique("q\(questions[index].number)", in: &names)
            if linkId == nil, let given = node["linkId"] {
                problems.report(
                    .note, XLSFormCode.nameMade,
                    "\(given.quotedForMessage) is not an XLSForm name (or is given twice): the question is named '\(name)'",
                    at: given,
                    hint: "An XLSForm name starts with a letter or '_' and holds letters, digits, '_', '-', '.'.")
            }
            if let linkId = linkId ?? node["linkId"]?.stringValue {
                // The first question of a linkId kept, in one look-up: `default:`'s modify accessor puts the
                // index in only where none is (a look-up, then an insert, hashed each linkId twice).
                byLinkId[linkId, default: written.count] += 0
            }
            var row = questions[index].type.erasedXLSFormRow(
                of: questions[index].definition, at: node, problems: &problems)
            // What the reader kept of the source's list: its name and its choices' names.
            let kept = node["_xlsform"]
            if let keptNames = kept?["choice_names"], var list = row?.choices {
                Self.putBack(keptNames, into: &list, problems: &problems)
                row?.choices = list
            }
            var listName: String?
            if let list = row?.choices {
                let keptListName = kept?["list_name"]?.stringValue.flatMap { Self.isName($0) ? $0 : nil }
                let shared = keptListName ?? list.sharedName
                let base = shared ?? name
                if shared != nil, lists[base] == list.choices {
                    listName = base
                } else {
                    let unique = XLSFormRowShape.unique(base, in: &listNames)
                    lists[unique] = list.choices
                    listName = unique
                    for choice in list.choices {
                        choices.append(columnAt: choiceColumns.list, value: unique)
                        choices.append(columnAt: choiceColumns.name, value: choice.name)
                        choices.append(
                            columnAt: choiceColumns.label, value: Self.cell(choice.label, at: node, problems: &problems)
                        )
                        choices.endRow()
                    }
                }
            }
            written.append(Written(name: name, shape: row, listName: listName, kept: kept))
        }
    }

    /// Whether `text` can name an XLSForm row: an ASCII letter or `_`, then letters, digits, `_`, `-`, `.`.
    static func isName(_ text: String) -> Bool {
        guard let first = text.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return text.utf8.allSatisfy { byte in
            isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// The survey: questions in order, consecutive questions of one section in one group; a group none
    /// of whose questions is written is left out (ODK Validate refuses an empty group).
    mutating func writeSurvey(problems: inout ProblemCollector) {
        var section: String?
        var pendingGroup: [(String, String)]?
        var groupOpen = false
        // In place, as in `init` (a copy of each question and of its row cost more than their groups).
        let questions = template.questions
        for index in questions.indices {
            if questions[index].section != section {
                if groupOpen { survey.append([("type", "end group")]) }
                groupOpen = false
                pendingGroup = nil
                section = questions[index].section
                if let text = section {
                    let name = XLSFormRowShape.unique(
                        XLSFormRowShape.xmlName(of: text).map { "section_\($0)" } ?? "section", in: &names)
                    pendingGroup = [
                        ("type", "begin group"), ("name", name),
                        (labelColumn, Self.cell(text, at: questions[index].node, problems: &problems)),
                    ]
                }
            }
            guard let shape = written[index].shape else {
                problems.warning(
                    XLSFormCode.questionNotWritten,
                    "a '\(registry.identifier(of: questions[index]))' question has no XLSForm row; it is not written",
                    at: questions[index].node, hint: "XLSForm has no question of this kind; the form leaves it out.")
                continue
            }
            if let group = pendingGroup {
                survey.append(group)
                pendingGroup = nil
                groupOpen = true
            }
            appendSurveyRow(at: index, shape: shape, problems: &problems)
        }
        if groupOpen { survey.append([("type", "end group")]) }
    }

    /// The row of the question at `index`, written as `shape`, its cells put in the survey one by one (an
    /// array for each row cost more than its cells). The question and what it became are read in place: a
    /// copy of each, made to be passed here, cost a fifth of making the row.
    private mutating func appendSurveyRow(at index: Int, shape: XLSFormRowShape, problems: inout ProblemCollector) {
        let node = template.questions[index].node
        let type = shape.type
        let listName = written[index].listName
        survey.append(
            columnAt: typePlace, value: listName.map { XLSFormRowShape.joined(type, " ", $0) } ?? type)
        survey.append(columnAt: namePlace, value: written[index].name)
        survey.append(
            columnAt: labelPlace, value: Self.cell(template.questions[index].text, at: node, problems: &problems))
        if let help = template.questions[index].help {
            if !help.text.isEmpty {
                survey.append(columnAt: hintPlace, value: Self.cell(help.text, at: node, problems: &problems))
            }
            if !help.images.isEmpty {
                problems.warning(
                    XLSFormCode.helpImageNotWritten,
                    "the help's \(help.images.count == 1 ? "image is" : "\(help.images.count) images are") not written",
                    at: node["helpInfo"] ?? node,
                    hint: "An XLSForm names media files beside the form; it holds no image.")
            }
        }
        if let relevant = relevant(at: node, problems: &problems) {
            survey.append(columnAt: relevantPlace, value: relevant)
        }
        for (column, value) in shape.columns { survey.append(column: column, value: value) }
        // The columns `_xlsform` kept win over what is written, but for the row's name and a select's list.
        if let kept = written[index].kept {
            var columns = survey.takeRowBeingMade()
            let keptColumns = Self.keptColumns(of: kept, problems: &problems).filter { column, _ in
                column != "name" && !(column == "type" && listName != nil)
            }
            let keptNames = Set(keptColumns.map(\.0))
            columns = columns.filter { !keptNames.contains($0.0) } + keptColumns
            columns.sort { lhs, rhs in rank(lhs.0) < rank(rhs.0) }
            for (column, value) in columns { survey.append(column: column, value: value) }
        }
        survey.endRow()
    }

    /// The survey columns XLSForm users expect first, in this order, with the label and hint columns written.
    var leadingColumns: [String] { Self.leadingColumns(label: labelColumn, hint: hintColumn) }

    private static func leadingColumns(label: String, hint: String) -> [String] {
        surveyColumns.map { $0 == "label" ? label : $0 == "hint" ? hint : $0 }
    }

    /// Where a column goes among those of a row: the leading ones in order, the others after them.
    private func rank(_ column: String) -> Int {
        let leading = leadingColumns
        return leading.firstIndex(of: column) ?? leading.count
    }

    /// A kept object's members as columns: strings as they are, numbers as written, booleans as `yes`/`no`;
    /// anything else is reported and left out.
    /// `list_name` and `choice_names` (a select's list, put back by name) are no columns.
    static func keptColumns(of object: JSONNode, problems: inout ProblemCollector) -> [(String, String)] {
        var columns: [(String, String)] = []
        for member in object.members where member.key != "list_name" && member.key != "choice_names" {
            let value = member.value
            if let text = value.stringValue ?? value.numberText ?? value.boolValue.map({ $0 ? "yes" : "no" }) {
                columns.append((member.key, cell(text, at: value, problems: &problems)))
            } else {
                problems.warning(
                    XLSFormCode.keptValueNotWritten,
                    "'\(member.key)' under _xlsform is not a string, number or boolean: not written", at: value)
            }
        }
        return columns
    }

    /// Puts back the kept choice names, in order: each replaces the made one when it is unique in the list.
    private static func putBack(
        _ kept: JSONNode, into list: inout XLSFormRowShape.ChoiceList, problems: inout ProblemCollector
    ) {
        let keptChoices = Array(kept.elements.prefix(list.choices.count))
        var used = Set(list.choices.map(\.name))
        for (index, name) in keptChoices.enumerated() {
            let text = name.stringValue ?? name.numberText ?? ""
            guard !text.isEmpty, text == list.choices[index].name || used.insert(text).inserted else {
                problems.warning(
                    XLSFormCode.keptValueNotWritten,
                    "the kept choice name \(name.quotedForMessage) is empty or not unique in its list: not written",
                    at: name)
                continue
            }
            list.choices[index].name = text
        }
    }

    /// `text` as a cell can hold it: a character XML 1.0 cannot carry (a control character, U+FFFE,
    /// U+FFFF) is replaced by U+FFFD and reported.
    static func cell(_ text: String, at node: JSONNode, problems: inout ProblemCollector) -> String {
        func fits(_ scalar: Unicode.Scalar) -> Bool {
            let value = scalar.value
            return (value >= 0x20 || value == 0x09 || value == 0x0A || value == 0x0D) && value != 0xFFFE
                && value != 0xFFFF
        }
        // By bytes first, eight at a time: every scalar that does not fit is a byte below 0x20 or starts
        // with 0xEF (a byte at a time cost a fifth of laying the survey out).
        let byBytes = text.utf8.withContiguousStorageIfAvailable { bytes in
            !XLSXWriter.holdsLookedAtByte(bytes, markup: false)
        }
        if byBytes == true { return text }
        guard !text.unicodeScalars.allSatisfy(fits) else { return text }
        problems.warning(
            XLSFormCode.characterReplaced, "a control character cannot be written in a workbook: replaced by U+FFFD",
            at: node)
        var cleaned = ""
        for scalar in text.unicodeScalars { cleaned.unicodeScalars.append(fits(scalar) ? scalar : "\u{FFFD}") }
        return cleaned
    }

}
