/// One row of an XLSForm's `survey` sheet, as a question type sees it when it claims the row and reads it.
///
/// The converter presents a workbook as a JSON document made of its sheets (`{"survey": [{"type": …,
/// "name": …}, …], "choices": […], "settings": […]}`), each cell a string node under its column's
/// name, so that a type reports problems on nodes as it does for any JSON, and the converter prints
/// each at its cell (`survey!B12`). Column names are the header's, lowercased, with pyxform's old
/// spellings made new (`list name` is `list_name`, `bind:constraint` is `constraint`, `label:English`
/// is `label::English`).
public struct XLSFormRow: Sendable {
    /// The row object: its cells by column name.
    public let node: JSONNode
    /// The `type` keyword, lowercased, in pyxform's current spelling (`select_one`, `text`, `integer`,
    /// `begin_group` …): `select one from x` is `select_one`; `""` when the row has no type.
    public let type: String
    /// The choice list a `select_one`/`select_multiple` names (`select_one yes_no`); nil for other types.
    public let listName: String?
    /// Whether the type adds `or_other` (a free-text "other" besides the list).
    public let orOther: Bool
    /// The resolved choice list (empty when the type names none, or a list the `choices` sheet lacks).
    public let choices: [XLSFormChoice]
    /// The column carrying the label in the language read (`label`, `label::English (en)`).
    public let labelColumn: String

    /// The row `node`, of a `type` (already parsed), with its resolved `choices`.
    public init(
        node: JSONNode, type: String, listName: String?, orOther: Bool, choices: [XLSFormChoice], labelColumn: String
    ) {
        self.node = node
        self.type = type
        self.listName = listName
        self.orOther = orOther
        self.choices = choices
        self.labelColumn = labelColumn
    }

    /// The cell of `column`, or nil when the row has none there.
    public subscript(column: String) -> JSONNode? { node[column] }

    /// The label in the language read, or nil.
    public var label: String? { node[labelColumn]?.stringValue }

    /// The words of a cell (a `type`, a `constraint`), split at spaces, tabs and line feeds as Characters (a CR LF
    /// is one Character, no line feed); by bytes when the text is ASCII without a CR, where each byte is one
    /// Character (splitting by Characters cost 11,000 instructions a constraint), in one loop over the string's
    /// memory (a generic split of its UTF-8 view cost 2,600 instructions a `select_one` type).
    package static func words(_ text: String) -> [String] {
        var text = text
        let ascii: [String]? = text.withUTF8 { bytes in
            var words: [String] = []
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x80 && byte != 0x0D else { return nil }
                guard byte == 0x20 || byte == 0x09 || byte == 0x0A else { continue }
                if index > start {
                    words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                }
                start = index + 1
            }
            if bytes.count > start {
                words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
            }
            return words
        }
        return ascii ?? text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
    }
}

/// One choice of a list on the `choices` sheet.
public struct XLSFormChoice: Sendable {
    /// Its `name` (what a form stores and what `relevant` compares with).
    public let name: String
    /// Its label in the language read, or nil when it has none.
    public let label: String?
    /// The choice's row object on the `choices` sheet.
    public let node: JSONNode

    /// A choice of `name` and `label`, from its row `node`.
    public init(name: String, label: String?, node: JSONNode) {
        self.name = name
        self.label = label
        self.node = node
    }

    /// The text an option of ours shows: the label, else the name.
    public var text: String {
        // Unwrapped in place: a `flatMap` of the label copied and destroyed an optional String per choice read.
        if let label, !label.isEmpty { return label }
        return name
    }
}

/// What a type made of a survey row: its own keys of the question, the row's columns they carry, and
/// what the type keeps for writing the row back (`list_name`, the choices' names), under `_xlsform`.
public struct XLSFormImport: Sendable {
    /// The type's keys of the question, in the order they are written.
    public var keys: [(String, JSONWriter.Value)]
    /// The row's columns the keys carry (`constraint`); the converter reports every other one not carried.
    public var carriedColumns: Set<String>
    /// Members the converter adds to the question's `_xlsform` (what the writer needs to put the row back).
    public var kept: [(String, JSONWriter.Value)]

    /// Keys made of the row, carrying `carriedColumns`, keeping `kept`.
    public init(
        keys: [(String, JSONWriter.Value)], carriedColumns: Set<String> = [], kept: [(String, JSONWriter.Value)] = []
    ) {
        self.keys = keys
        self.carriedColumns = carriedColumns
        self.kept = kept
    }
}
