import Testing

@testable import QuestionKit

/// `SourceLocator` and its `Scanner` read their text eight bytes at a time: every offset must get
/// the line and column that a plain byte-by-byte count gives, whatever line breaks (`\n`, `\r\n`,
/// a lone `\r`) and multi-byte scalars sit where in a word or across two, and however far apart
/// the offsets the scanner is asked for are.
@Suite("Source locator: word-at-a-time scan")
struct SourceLocatorScanTests {
    static let pieces = ["\n", "\r\n", "\r", "é", "温", "\r\r\n\n", "\u{FEFF}"]

    /// The position of every offset of `bytes`, one byte at a time: line breaks as the locator
    /// defines them, columns in scalars, a leading byte-order mark taking no column.
    static func byteByBytePositions(_ bytes: [UInt8]) -> [SourcePosition] {
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        var (line, scalars, lineStart) = (1, 0, 0)
        var positions: [SourcePosition] = []
        for offset in 0...bytes.count {
            let start = line == 1 && bom && offset > 0 ? 1 : lineStart
            positions.append(SourcePosition(line: line, column: 1 + scalars - start))
            guard offset < bytes.count else { break }
            let byte = bytes[offset]
            if byte & 0xC0 != 0x80 { scalars += 1 }
            if byte == 0x0A || (byte == 0x0D && (offset + 1 >= bytes.count || bytes[offset + 1] != 0x0A)) {
                line += 1
                lineStart = scalars
            }
        }
        return positions
    }

    static func text(_ piece: String, shift: Int) -> [UInt8] {
        Array((String(repeating: "a", count: shift) + (0..<6).map { "ab\(piece)c\($0)" + piece }.joined()).utf8)
    }

    @Test(arguments: pieces)
    func everyOffsetIsWhereTheByteScanSaysItIs(piece: String) {
        for shift in 0..<17 {
            let bytes = Self.text(piece, shift: shift)
            let expected = Self.byteByBytePositions(bytes)
            let locator = SourceLocator(bytes: bytes)
            var scanner = SourceLocator.Scanner(bytes: bytes)
            for offset in 0...bytes.count {
                #expect(locator.position(ofByteOffset: offset) == expected[offset], "\(shift) \(offset)")
                #expect(scanner.position(ofByteOffset: offset) == expected[offset], "\(shift) \(offset)")
            }
        }
    }

    /// The scanner skips whole words between offsets asked far apart: every step from 1 to 20 bytes.
    @Test(arguments: pieces)
    func offsetsFarApartAreWhereTheByteScanSaysTheyAre(piece: String) {
        for shift in 0..<9 {
            let bytes = Self.text(piece, shift: shift) + Self.text(piece, shift: 11)
            let expected = Self.byteByBytePositions(bytes)
            for step in 1...20 {
                var scanner = SourceLocator.Scanner(bytes: bytes)
                for offset in stride(from: step % 7, through: bytes.count, by: step) {
                    #expect(scanner.position(ofByteOffset: offset) == expected[offset], "\(shift) \(step) \(offset)")
                }
            }
        }
    }

    /// The excerpts a report prints, walked to from line break to line break, are the locator's: lines
    /// asked in order, again, skipped, out of order (back to the locator), past the last line, and
    /// longer than the window.
    @Test(arguments: pieces)
    func walkedExcerptsAreTheLocatorsExcerpts(piece: String) {
        for shift in 0..<9 {
            let bytes = Self.text(piece, shift: shift) + Array(String(repeating: "x", count: 30).utf8)
            let locator = SourceLocator(bytes: bytes)
            let lines = Self.byteByBytePositions(bytes).last?.line ?? 1
            let asked =
                Array(1...lines + 1) + [2, 2, lines, 1, lines + 3] + Array(stride(from: 1, through: lines, by: 3))
            var excerpts = SourceExcerpts(bytes: bytes)
            for (index, line) in asked.enumerated() {
                let column = index % 5 + 1
                let walked = excerpts.excerptBytes(line: line, column: column, radius: 4)
                let cut = locator.excerptBytes(line: line, column: column, radius: 4)
                #expect(walked?.bytes == cut?.bytes, "\(shift) \(line)")
                #expect(walked?.caretOffset == cut?.caretOffset, "\(shift) \(line)")
                #expect(
                    walked?.isCutBefore == cut?.isCutBefore && walked?.isCutAfter == cut?.isCutAfter, "\(shift) \(line)"
                )
            }
        }
    }
}
