import QuestionKit

/// The padding of a multiple-choice option list, noted with its repair: blank entries (the
/// original's web editor padded every list to five with `""`) and options written with spaces
/// around them. Neither changes what the question means (blanks are not options, and options are
/// compared without surrounding spaces), so both are notes, which pass `validate --strict`, each
/// with a safe fix that `validate --fix` applies. This is the fix-it API as a type uses it: the
/// type names the nodes and the edit, the core locates them.
struct OptionPadding {
    /// The blank entries, in order.
    private var blanks: [JSONNode] = []
    /// The options with spaces around them, with their 1-based position in the list.
    private var spaced: [(number: Int, node: JSONNode, text: String)] = []

    /// Records the blank entry `element`.
    mutating func recordBlank(_ element: JSONNode) {
        blanks.append(element)
    }

    /// Records the option `text` at 1-based `number` when it has spaces around it.
    mutating func recordOption(_ text: String, of element: JSONNode, number: Int) {
        guard Self.hasSpaceAround(text) else { return }
        spaced.append((number, element, text))
    }

    /// Whether the first or last character of `text` is white space. Ends of two ASCII bytes are
    /// one character each (only CR LF joins in ASCII), so they are judged by their byte, without
    /// a Unicode look-up; other ends ask Unicode.
    private static func hasSpaceAround(_ text: String) -> Bool {
        var text = text
        let asciiAnswer: Bool? = text.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last else { return false }
            let second = bytes.count > 1 ? bytes[1] : first
            let penultimate = bytes.count > 1 ? bytes[bytes.count - 2] : last
            guard first < 0x80, second < 0x80, last < 0x80, penultimate < 0x80 else { return nil }
            let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
            return isSpace(first) || isSpace(last)
        }
        return asciiAnswer ?? (text.first?.isWhitespace == true || text.last?.isWhitespace == true)
    }

    /// Reports what was recorded in the list named `key`, one note per spaced option and one for
    /// all the blanks, at the first of them.
    func report(in key: String, problems: inout ProblemCollector) {
        for option in spaced {
            let trimmed = String(option.text.trimmingWhitespace)
            problems.report(
                .note, "multiple-choice.option-spaces",
                "option \(option.number) '\(option.text)' in '\(key)' has spaces around it; they are not part of it",
                at: option.node, hint: "Write '\(trimmed)'; options are compared without surrounding spaces.",
                fixes: [
                    NodeFix(
                        "Write '\(trimmed)'",
                        edits: [.replace(option.node, json: JSONWriter.text(of: .string(trimmed)))])
                ])
        }
        guard let first = blanks.first else { return }
        let entries = blanks.count == 1 ? "a blank entry" : "\(blanks.count) blank entries"
        problems.report(
            .note, "multiple-choice.blank-options",
            "'\(key)' has \(entries), the web editor's padding; blank entries are not options", at: first,
            hint: "Remove the blank entries; the options are the others.",
            fixes: [
                NodeFix(
                    blanks.count == 1 ? "Remove the blank entry" : "Remove the \(blanks.count) blank entries",
                    edits: [.remove(blanks)])
            ])
    }
}
