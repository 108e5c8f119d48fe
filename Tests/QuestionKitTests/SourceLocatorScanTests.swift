import Testing

@testable import QuestionKit

/// `SourceLocator` reads its text eight bytes at a time: every offset must get the line and column
/// that the byte-by-byte `SourceLocator.Scanner` gives, whatever line breaks (`\n`, `\r\n`, a lone
/// `\r`) and multi-byte scalars sit where in a word or across two.
@Suite("Source locator: word-at-a-time scan")
struct SourceLocatorScanTests {
    @Test(arguments: ["\n", "\r\n", "\r", "é", "温", "\r\r\n\n", "\u{FEFF}"])
    func everyOffsetIsWhereTheByteScanSaysItIs(piece: String) {
        for shift in 0..<17 {
            let text = String(repeating: "a", count: shift) + (0..<6).map { "ab\(piece)c\($0)" + piece }.joined()
            let bytes = Array(text.utf8)
            let locator = SourceLocator(bytes: bytes)
            var scanner = SourceLocator.Scanner(bytes: bytes)
            for offset in 0...bytes.count {
                let expected = scanner.position(ofByteOffset: offset)
                #expect(locator.position(ofByteOffset: offset) == expected, "\(shift) \(offset)")
            }
        }
    }
}
