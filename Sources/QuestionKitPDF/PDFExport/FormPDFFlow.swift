import QuestionKit
import QuestionKitArchive
import QuestionKitForms

/// A piece of the printed form that is never split across pages: a line of text, a table row, a
/// slice of the header box. It knows its height and draws itself with its top at a given `y`.
struct LayoutUnit {
    var height: Double
    /// Vertical space: dropped at the top of a page, never the cause of a new page.
    var isSpace = false
    /// Whether this unit must stay on the same page as the next one (a heading, a table's header row).
    var keepWithNext = false
    /// Whether the red bar of a flagged answer runs beside it.
    var isFlagged = false
    /// Drawn first when this unit has to start a new page (a table's header row, a question's heading).
    var repeatedHeader: [LayoutUnit] = []
    var draw: (inout PDFPage, _ top: Double) -> Void

    init(
        height: Double, keepWithNext: Bool = false, repeatedHeader: [LayoutUnit] = [],
        draw: @escaping (inout PDFPage, _ top: Double) -> Void
    ) {
        self.height = height
        self.keepWithNext = keepWithNext
        self.repeatedHeader = repeatedHeader
        self.draw = draw
    }

    /// Empty space of `height`.
    static func space(_ height: Double) -> LayoutUnit {
        var unit = LayoutUnit(height: height) { _, _ in }
        unit.isSpace = true
        return unit
    }
}

extension [LayoutUnit] {
    /// The units, each keeping with the next but the last: a block that stays on one page when it can.
    func keptTogether() -> [LayoutUnit] {
        enumerated().map { index, unit in
            var unit = unit
            unit.keepWithNext = unit.keepWithNext || index < count - 1
            return unit
        }
    }

    /// The units with the flag bar beside them.
    func flagged(_ isFlagged: Bool = true) -> [LayoutUnit] {
        guard isFlagged else { return self }
        return map { unit in
            var unit = unit
            unit.isFlagged = true
            unit.repeatedHeader = unit.repeatedHeader.flagged()
            return unit
        }
    }
}

/// Places units down the body of successive pages: a unit that does not fit below what is already
/// on a page starts the next one. A run of units that keep with the next starts a new page together
/// with the unit after it, when they fit on one page at all.
struct FormPDFFlow {
    let frame: FormPDFFrame
    let fonts: PDFFontSet
    private(set) var pages: [PDFPage] = []
    private var page: PDFPage
    private(set) var y: Double
    /// The extent of the flag bar on this page still to be drawn.
    private var bar: (top: Double, bottom: Double)?
    /// The compressor's hash table, shared by the pages as they are sealed.
    private var deflateHeads = LZ77Heads()

    init(frame: FormPDFFrame, fonts: PDFFontSet) {
        self.frame = frame
        self.fonts = fonts
        page = PDFPage(size: frame.pageSize, fonts: fonts)
        y = frame.top
    }

    private var isAtPageTop: Bool { y <= frame.top }

    /// Places `units` in order.
    mutating func place(_ units: [LayoutUnit]) {
        for index in units.indices {
            let startsRun = index == 0 || !units[index - 1].keepWithNext
            if units[index].keepWithNext, startsRun, !isAtPageTop {
                let run = runHeight(units, from: index)
                if run <= frame.bodyHeight, y + run > frame.bodyBottom {
                    startPage()
                    for header in units[index].repeatedHeader {
                        draw(header)
                    }
                }
            }
            place(units[index])
        }
    }

    /// The pages, the last one included.
    mutating func finish() -> [PDFPage] {
        flushBar()
        page.seal(reusing: &deflateHeads)
        pages.append(page)
        return pages
    }

    private mutating func place(_ unit: LayoutUnit) {
        if unit.isSpace {
            guard !isAtPageTop else { return }
            let end = min(y + unit.height, frame.bodyBottom)
            if unit.isFlagged, let current = bar, current.bottom >= y - 0.5 {
                bar = (current.top, end)
            }
            y = end
            return
        }
        if y + unit.height > frame.bodyBottom, !isAtPageTop {
            startPage()
            for header in unit.repeatedHeader {
                draw(header)
            }
        }
        draw(unit)
    }

    private mutating func draw(_ unit: LayoutUnit) {
        unit.draw(&page, y)
        if unit.isFlagged {
            if let current = bar, current.bottom >= y - 0.5 {
                bar = (current.top, y + unit.height)
            } else {
                flushBar()
                bar = (y, y + unit.height)
            }
        }
        y += unit.height
    }

    /// The height of the units from `start` that keep together, with the first unit after them.
    private func runHeight(_ units: [LayoutUnit], from start: Int) -> Double {
        var height = 0.0
        var index = start
        while index < units.count {
            height += units[index].height
            if !units[index].keepWithNext && !units[index].isSpace { break }
            index += 1
        }
        return height
    }

    private mutating func startPage() {
        flushBar()
        // Finished pages are held compressed: uncompressed, a long form's pages take several times its size.
        page.seal(reusing: &deflateHeads)
        pages.append(page)
        page = PDFPage(size: frame.pageSize, fonts: fonts)
        y = frame.top
    }

    private mutating func flushBar() {
        guard let current = bar else { return }
        bar = nil
        guard current.bottom - current.top >= 1 else { return }
        page.fillRectangle(
            PDFRect(
                x: FormPDFStyle.flagBarX, y: current.top, width: FormPDFStyle.flagBarWidth,
                height: current.bottom - current.top),
            color: FormPDFStyle.flagRed)
    }
}
