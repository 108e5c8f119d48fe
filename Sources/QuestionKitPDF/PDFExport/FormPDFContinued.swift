import QuestionKit
import QuestionKitForms

/// What the printed form repeats at the top of a page that continues something: a question's
/// heading, the "Attention required" band, each marked "(continued)".
extension [LayoutUnit] {
    /// The units, each keeping with the next (a heading, a caption).
    func keptWithNext() -> [LayoutUnit] {
        map { unit in
            var unit = unit
            unit.keepWithNext = true
            return unit
        }
    }

    /// The units, each drawing `heading` first when it has to start a new page (before any header
    /// of its own, such as a table's header row).
    func continuing(under heading: [LayoutUnit]) -> [LayoutUnit] {
        map { unit in
            var unit = unit
            if !unit.isSpace { unit.repeatedHeader = heading + unit.repeatedHeader }
            return unit
        }
    }
}

extension FormPDFComposer {
    /// A band's text marked as continued.
    static func continued(_ text: String) -> String { text + " (continued)" }
}
