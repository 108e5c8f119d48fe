import QuestionKit
import QuestionKitForms

/// How a table too wide for the page is printed: in groups of columns, one under the other, each
/// repeating the row labels, so that no cell has to break a number or a word.
///
/// Why groups rather than a landscape page: a landscape page is only about 1.3 times as wide, so a
/// table of 25 columns would still not fit; groups work for any width, keep every page of the form
/// upright, and keep the table in the flow of its question (a landscape page would have to hold the
/// table alone). A table whose every word fits at the smallest size stays whole (it shrinks and wraps
/// at spaces, see `FormPDFTableLayout`); only when a word would have to break does it split.
enum FormPDFTableGroups {
    /// The ranges of data columns (indices of `measured.natural`; 0 is the labels) printed together:
    /// one range of them all when they fit, else as few groups as fit, of nearly equal size. A column
    /// that does not fit beside the labels even alone is a group of its own (its words break).
    static func groups(_ measured: FormPDFTableLayout.Measured, width: Double) -> [Range<Int>] {
        let size = FormPDFTableLayout.minimumSize
        let padding = 2 * FormPDFTableLayout.paddingX
        let least = zip(measured.natural, measured.longestWord).map { natural, word in
            min(word * size, min(natural * size, FormPDFTableLayout.comfortableWidth)) + padding
        }
        let count = least.count
        guard count > 2, least.reduce(0, +) > width else { return [1..<max(count, 1)] }
        let room = width - least[0]
        let greedy = pack(least[1...], room: room)
        // The same number of groups, of nearly equal size, reads better when they fit.
        let groupCount = greedy.count
        let balanced = (0..<groupCount).map { index in
            (1 + (count - 1) * index / groupCount)..<(1 + (count - 1) * (index + 1) / groupCount)
        }
        let fits = balanced.allSatisfy { range in range.count == 1 || least[range].reduce(0, +) <= room }
        return fits ? balanced : greedy
    }

    /// Consecutive columns packed into groups no wider than `room`, each holding at least one column.
    private static func pack(_ widths: ArraySlice<Double>, room: Double) -> [Range<Int>] {
        var groups: [Range<Int>] = []
        var start = widths.startIndex
        var used = 0.0
        for index in widths.indices {
            if index > start, used + widths[index] > room {
                groups.append(start..<index)
                start = index
                used = 0
            }
            used += widths[index]
        }
        groups.append(start..<widths.endIndex)
        return groups
    }
}

extension FormPDFComposer {
    /// A table as ruled rows (see `tableRows`); a table too wide for `width` in groups of columns
    /// (see ``FormPDFTableGroups``), each under a note "columns 1–12 of 24".
    func table(_ grid: AnswerRendering.Grid, x: Double, width: Double) -> [LayoutUnit] {
        let measured = FormPDFTableLayout.Measured(grid: grid, fonts: setter.fonts)
        let groups = FormPDFTableGroups.groups(measured, width: width)
        guard groups.count > 1 else {
            return tableRows(FormPDFTableLayout(measured, fonts: setter.fonts, width: width), x: x)
        }
        let columnCount = measured.natural.count - 1
        let style = FormPDFStyle.note
        var units: [LayoutUnit] = []
        for (index, range) in groups.enumerated() {
            if index > 0 { units.append(.space(6)) }
            let caption = "(columns \(range.lowerBound)–\(range.upperBound - 1) of \(columnCount))"
            units += setter.units(setter.paragraph(caption, style: style, width: width), style: style, x: x)
                .keptWithNext()
            units += tableRows(FormPDFTableLayout(measured.columns(range), fonts: setter.fonts, width: width), x: x)
        }
        return units
    }
}
