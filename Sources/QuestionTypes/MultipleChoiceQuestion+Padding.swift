import QuestionKit

/// The padding of a multiple-choice option list, noted with its repair: blank entries (the
/// original's web editor padded every list to five with `""`) and options written with spaces
/// around them. Neither changes what the question means (blanks are not options, and options are
/// compared without surrounding spaces), so both are notes, which pass `validate --strict`. Trimming
/// an option is a safe fix that `validate --fix` applies; removing the blanks is only offered: the
/// padding is the web editor's layout, which reads `answers[0..4]` and `acceptedAnswerEdit` back by
/// position, so a list without it, edited there again, gains `"undefined"` options, and with a
/// blank between options the accepted one moves. This is the fix-it API as a type uses it: the
/// type names the nodes and the edit, the core locates them.
struct OptionPadding {
    /// The blank entries, in order.
    private var blanks: [JSONNode] = []
    /// The options with spaces around them, with their 1-based position in the list.
    private var spaced: [(number: Int, node: JSONNode)] = []

    /// Records the blank entry `element`.
    mutating func recordBlank(_ element: JSONNode) {
        blanks.append(element)
    }

    /// Records the option whose comparison key is `key`, at 1-based `number`, when it has spaces around it.
    mutating func recordOption(_ key: NodeComparisonKey, of element: JSONNode, number: Int) {
        guard key.hasSpaceAround else { return }
        spaced.append((number, element))
    }

    /// Reports what was recorded in the list named `key`, one note per spaced option and one for
    /// all the blanks, at the first of them.
    func report(in key: String, problems: inout ProblemCollector) {
        for option in spaced {
            let text = option.node.stringValue ?? ""
            let trimmed = String(TypedText.trimmed(text))
            problems.report(
                .note, MultipleChoiceQuestion.Code.optionSpaces,
                "option \(option.number) '\(text)' in '\(key)' has spaces around it; they are not part of it",
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
            .note, MultipleChoiceQuestion.Code.blankOptions,
            "'\(key)' has \(entries), the web editor's padding; blank entries are not options", at: first,
            hint: "Keep them if the template is edited in the web editor, which reads the options by position; "
                + "the options are the others.",
            fixes: [
                NodeFix(
                    blanks.count == 1 ? "Remove the blank entry" : "Remove the \(blanks.count) blank entries",
                    edits: [.remove(blanks)], isSafe: false)
            ])
    }
}
