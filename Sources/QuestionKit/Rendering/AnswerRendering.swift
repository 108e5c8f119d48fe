/// An answer as a question type shows it: a few blocks that the core lays out as review text,
/// plain text or PDF. Types say *what* to show; the core decides how it looks on each medium,
/// except in a `drawing`, where the type draws and the core only scales it.
public struct AnswerRendering: Sendable, Hashable {
    /// The blocks, top to bottom.
    public var blocks: [Block]

    /// A rendering of the given blocks, top to bottom.
    public init(_ blocks: [Block]) {
        self.blocks = blocks
    }

    /// One part of an answer's rendering.
    public enum Block: Sendable, Hashable {
        /// A value on its own line: `"42 °C"`, `"Yes"`, or `"(no answer)"`.
        case value(String)
        /// A note under the value, e.g. the accepted range `"accepted: 0 to 75"`.
        case note(String)
        /// Every option of a choice, the chosen ones marked.
        case choices([Choice])
        /// A table.
        case grid(Grid)
        /// A picture the type draws itself; text media show its `textFallback`.
        case drawing(AnswerDrawing)
    }

    /// One option of a choice.
    public struct Choice: Sendable, Hashable {
        /// The option's text, as written in the template.
        public var label: String
        /// Whether the answer chose this option.
        public var isChosen: Bool

        /// An option with the given label, chosen or not.
        public init(_ label: String, isChosen: Bool) {
            self.label = label
            self.isChosen = isChosen
        }
    }

    /// A table: a header row and labelled rows of cells.
    public struct Grid: Sendable, Hashable {
        /// The corner, then one header per data column.
        public var header: [String]
        /// The data rows.
        public var rows: [Row]

        /// A table with the given header row and data rows.
        public init(header: [String], rows: [Row]) {
            self.header = header
            self.rows = rows
        }

        /// A data row: its label and one cell per data column.
        public struct Row: Sendable, Hashable {
            /// The row's label, shown in the label column.
            public var label: String
            /// One cell per data column, left to right.
            public var cells: [Cell]

            /// A row with the given label and cells.
            public init(label: String, cells: [Cell]) {
                self.label = label
                self.cells = cells
            }
        }
    }

    /// A table cell.
    public enum Cell: Sendable, Hashable {
        /// Text, possibly empty.
        case text(String)
        /// A check cell: yes, no, or not set.
        case check(Bool?)
        /// A cell that must stay empty (drawn greyed with a red border in print).
        case noCell
    }

    /// "(no answer)", for types to show a missing answer alike.
    public static let noAnswer = AnswerRendering([.value("(no answer)")])
}

// MARK: - Shown as stored

extension AnswerRendering {
    /// `text` as a completed form stores it, for showing: as it is, or in quotes when it is blank or
    /// spaces begin or end it (`" 5 "`), so that the spaces show.
    public static func storedText(_ text: String) -> String {
        guard let first = text.first, let last = text.last, !first.isWhitespace, !last.isWhitespace else {
            return "\"" + text + "\""
        }
        return text
    }

    /// A stored text as stored, then the type's reading of it where the two differ: `True (read as
    /// Yes)`, `" 5 " (read as 5)`; the stored text alone when it reads as itself (`Yes`).
    public static func stored(_ text: String, readAs reading: String) -> String {
        let shown = storedText(text)
        return shown == reading ? shown : "\(shown) (read as \(reading))"
    }

    /// What a value shows for blank text stored as no answer: `"  " (read as no answer)`.
    static func storedBlank(_ text: String) -> String { stored(text, readAs: "no answer") }

    /// This rendering, its "(no answer)" value replaced by the stored text when `stored` is blank
    /// text that is not empty (`"  "`: the original counted it as typed); unchanged otherwise.
    public func showingBlank(_ stored: JSONNode) -> AnswerRendering {
        guard let text = stored.stringValue, !text.isEmpty, TypedText.isBlank(text) else { return self }
        let missing = Self.noAnswer.blocks[0]
        return AnswerRendering(blocks.map { $0 == missing ? .value(Self.storedBlank(text)) : $0 })
    }

    /// This rendering with the label of each chosen option that `storedLabel` gives a stored text
    /// for shown as stored, beside its reading: `[x] True (read as Yes)`.
    public func showingChosen(storedAs storedLabel: (String) -> String?) -> AnswerRendering {
        AnswerRendering(
            blocks.map { block in
                guard case .choices(let choices) = block else { return block }
                return .choices(
                    choices.map { choice in
                        guard choice.isChosen, let text = storedLabel(choice.label) else { return choice }
                        return Choice(Self.stored(text, readAs: choice.label), isChosen: true)
                    })
            })
    }
}
