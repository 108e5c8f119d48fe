import Testing

@testable import QuestionKit

/// `ByteScan` reads eight bytes at a time: a byte that matters is found wherever it sits in a word
/// or in the tail, and bytes near the ones that matter (0x20, 0x7E, 0x80, 0xC3) are not taken for them.
@Suite("Byte scan")
struct ByteScanTests {
    @Test(arguments: ["\u{1}", "\u{1F}", "\u{7F}", "\u{80}", "\u{2066}", "\n"])
    func aByteThatMattersIsFoundAnywhere(special: String) {
        for length in 0..<20 {
            for position in 0...length {
                var text = String(repeating: "a", count: length)
                text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: position))
                #expect(ByteScan.contains(below: 0x20, orAnyOf: (0x7F, 0xC2, 0xE2), in: text), "\(length) \(position)")
            }
        }
    }

    @Test func bytesNearThemAreNot() {
        for length in 0..<20 {
            let text = String(repeating: " ~éÿ\u{A0}\u{3000}", count: length)
            let printable = String(repeating: " ~éÿ", count: length)
            #expect(!ByteScan.contains(below: 0x20, orAnyOf: (0x7F, 0xC2, 0xE2), in: printable))
            #expect(!ByteScan.contains(below: 0x20, orAnyOf: (0x22, 0x5C, 0x5C), in: text))
            #expect(ByteScan.contains(below: 0x20, orAnyOf: (0x22, 0x5C, 0x5C), in: text + "\\"))
        }
    }
}
