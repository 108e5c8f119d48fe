import QuestionKit
import QuestionKitForms
import Testing

@testable import QuestionKitLanguageServer

@Suite("Language server: the position index agrees with walking each line from its start")
struct LineIndexTests {
    /// Texts with long lines of one- to four-byte scalars, every kind of line break, and a byte-order mark.
    static let texts: [String] = {
        let pieces = ["a", "é", "温", "😀", "\"k\": 1, ", "\n", "\r\n", "\r"]
        var generator = SystemRandomNumberGenerator()
        var texts = ["", "\u{FEFF}", "\u{FEFF}" + String(repeating: "é😀", count: 100), "x\r\n\r\n"]
        for length in [10, 300, 3_000] {
            var text = length == 3_000 ? "\u{FEFF}" : ""
            for _ in 0..<length {
                // Line breaks are rare, so that most lines are longer than the checkpoint stride.
                let piece = Int.random(in: 0..<100, using: &generator)
                text += piece < 97 ? pieces[piece % 5] : pieces[5 + piece % 3]
            }
            texts.append(text)
        }
        return texts
    }()

    /// The line starts and, for each line, every scalar boundary with its LSP character and
    /// diagnostic column, found the slow way.
    static func reference(_ text: String, encoding: PositionEncoding) -> [[LineIndex.Place]] {
        var lines: [[LineIndex.Place]] = []
        var offset = 0
        for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            var place = LineIndex.Place(offset: offset, character: 0, column: 1)
            var places: [LineIndex.Place] = []
            for scalar in line.unicodeScalars {
                places.append(place)
                place.offset += scalar.utf8.count
                place.character += encoding == .utf8 ? scalar.utf8.count : scalar.utf16.count
                // A byte-order mark takes no column.
                place.column += number == 0 && place.offset == 3 && scalar == "\u{FEFF}" ? 0 : 1
            }
            places.append(place)
            lines.append(places)
            offset = place.offset
            // The break: "\r\n" is one Character.
            let rest = text.utf8.dropFirst(offset)
            offset += rest.starts(with: [0x0D, 0x0A]) ? 2 : (rest.isEmpty ? 0 : 1)
        }
        return lines
    }

    @Test(
        "offsets to positions, positions to offsets, diagnostic columns to offsets",
        arguments: [PositionEncoding.utf16, .utf8])
    func agrees(encoding: PositionEncoding) {
        for text in Self.texts {
            let index = LineIndex(bytes: Array(text.utf8), encoding: encoding)
            let lines = Self.reference(text, encoding: encoding)
            #expect(index.lineCount == lines.count)
            for (line, places) in lines.enumerated() {
                for place in places {
                    let position = LSPPosition(line: line, character: place.character)
                    #expect(index.position(ofByteOffset: place.offset) == position)
                    #expect(index.offset(of: position) == place.offset)
                    let mark = line == 0 && place.offset == 0 && text.hasPrefix("\u{FEFF}")
                    if !mark {
                        #expect(index.offset(of: SourcePosition(line: line + 1, column: place.column)) == place.offset)
                    }
                }
                let end = places.last?.offset ?? 0
                #expect(index.offset(of: LSPPosition(line: line, character: 1 << 40)) == end)
                #expect(index.offset(of: SourcePosition(line: line + 1, column: 1 << 40)) == end)
            }
        }
    }
}
