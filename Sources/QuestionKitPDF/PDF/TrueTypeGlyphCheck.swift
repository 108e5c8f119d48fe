import Foundation

/// The verdict of ``TrueTypeGlyphTable/unusableGlyphs()`` for one font, made once, on first use, by
/// whichever thread asks first (a font is shared between threads).
final class TrueTypeGlyphCheck: @unchecked Sendable {
    private let lock = NSLock()
    private var verdict: [UInt16: String]?

    /// Whether the check has been made (for tests).
    var isMade: Bool { lock.withLock { verdict != nil } }

    func unusableGlyphs(of table: TrueTypeGlyphTable) -> [UInt16: String] {
        lock.withLock {
            if let verdict { return verdict }
            let made = table.unusableGlyphs()
            verdict = made
            return made
        }
    }
}

extension TrueTypeGlyphTable {
    /// The glyphs that cannot be drawn, each with the reason: an outline outside `glyf`, contour data
    /// that runs past the outline, a composite that refers to a missing glyph, to one that cannot be
    /// drawn, or (through others) to itself. The rest of the font stays usable: text falls back per glyph.
    ///
    /// Every glyph is checked once, so the time is linear in the size of `glyf`.
    func unusableGlyphs() -> [UInt16: String] {
        var checker = GlyphChecker(table: self)
        for glyph in 0..<glyphCount {
            checker.check(UInt16(glyph), depth: 0)
        }
        return checker.unusable
    }

    /// Why a simple glyph's outline cannot be drawn, or nil: the contour ends, instructions, flags and
    /// coordinates must all fit in the outline.
    func simpleOutlineProblem(_ outline: FontBytes, contours: Int) throws -> String? {
        var previousEnd = -1
        for contour in 0..<contours {
            let end = Int(try outline.uint16(10 + 2 * contour))
            guard end > previousEnd else { return "its contour ends are out of order" }
            previousEnd = end
        }
        let points = previousEnd + 1
        var offset = 12 + 2 * contours + Int(try outline.uint16(10 + 2 * contours))
        var coordinateBytes = 0
        var point = 0
        while point < points {
            let flags = try outline.uint8(offset)
            offset += 1
            var repeats = 1
            if flags & 0x08 != 0 {  // REPEAT_FLAG
                repeats += Int(try outline.uint8(offset))
                offset += 1
            }
            let x = flags & 0x02 != 0 ? 1 : (flags & 0x10 != 0 ? 0 : 2)
            let y = flags & 0x04 != 0 ? 1 : (flags & 0x20 != 0 ? 0 : 2)
            coordinateBytes += (x + y) * min(repeats, points - point)
            point += repeats
        }
        return outline.contains(offset, length: coordinateBytes) ? nil : "its coordinates run past its outline"
    }
}

/// Checks glyphs depth first, remembering each verdict, so that a component shared by many composites
/// is checked once and a cycle of composites is found.
private struct GlyphChecker {
    private enum State { case unchecked, checking, usable, unusable }

    /// Deeper nesting of composites than any real font has (they use 1 to 3 levels).
    static let maxDepth = 16
    let table: TrueTypeGlyphTable
    private var states: [State]
    private(set) var unusable: [UInt16: String] = [:]

    init(table: TrueTypeGlyphTable) {
        self.table = table
        states = Array(repeating: .unchecked, count: table.glyphCount)
    }

    /// Whether `glyph` can be drawn; records the reason when it cannot.
    @discardableResult
    mutating func check(_ glyph: UInt16, depth: Int) -> Bool {
        switch states[Int(glyph)] {
        case .usable: return true
        case .unusable: return false
        case .checking:
            unusable[glyph] = "it is a composite that contains itself"
            return false
        case .unchecked: break
        }
        states[Int(glyph)] = .checking
        let problem = self.problem(of: glyph, depth: depth)
        if let problem, unusable[glyph] == nil {
            unusable[glyph] = problem
        }
        let isUsable = problem == nil && unusable[glyph] == nil
        states[Int(glyph)] = isUsable ? .usable : .unusable
        return isUsable
    }

    private mutating func problem(of glyph: UInt16, depth: Int) -> String? {
        do {
            let outline = try table.outline(of: glyph)
            guard outline.count > 0 else { return nil }
            guard outline.count >= 10 else { return "its outline is shorter than its header" }
            let contours = Int(try outline.int16(0))
            if contours >= 0 {
                return try table.simpleOutlineProblem(outline, contours: contours)
            }
            guard depth < Self.maxDepth else { return "its composites are nested more than \(Self.maxDepth) deep" }
            for component in try table.components(of: glyph) where !check(component, depth: depth + 1) {
                return "its component glyph \(component) cannot be used"
            }
            return nil
        } catch TrueTypeError.malformed(let detail) {
            return detail
        } catch {
            return "its outline runs past the end of the 'glyf' table"
        }
    }
}
