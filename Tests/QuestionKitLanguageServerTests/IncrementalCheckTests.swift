import FormGenerators
import Foundation
import QuestionKit
import QuestionKitForms
import Testing

@testable import QuestionKitLanguageServer

@Suite("Language server: an edit is checked in part, and a burst of edits once")
struct IncrementalCheckTests {
    /// Random ranged edits give the diagnostics that opening each edited text gives: typed, each
    /// followed by a request (so that each version is published); in a burst, a request after
    /// every fourth, so that the edits between are checked together as one range.
    @Test("random edits publish what opening the edited text publishes", arguments: [false, true])
    func editsAgreeWithOpening(burst: Bool) throws {
        var generator = SplitMix64(seed: burst ? 1_919 : 1_818)
        var text = Array(Fixtures.severalProblems.utf8)
        var edited = LanguageServerSession.initialized()
        var opened = LanguageServerSession.initialized()
        let uri = "file:///work/edited.json"
        edited.open(uri, String(decoding: text, as: UTF8.self))
        edited.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])
        var undo: (range: Range<Int>, text: String)?
        for version in 2...120 {
            let lines = LineIndex(bytes: text, encoding: .utf16)
            let (start, end, piece): (Int, Int, String)
            if let (range, original) = undo {
                // The edit before broke the JSON: undone, so that the next ones are checked in part.
                (start, end, piece) = (range.lowerBound, range.upperBound, original)
                undo = nil
            } else if version % 10 == 0 {
                start = Int.random(in: 0...text.count, using: &generator).scalarStart(in: text)
                end = start
                piece = ["\"", "}", ",", "]"][Int.random(in: 0..<4, using: &generator)]
                undo = (start..<(start + piece.utf8.count), "")
            } else {
                // Inside a string's text, or between tokens: edits that keep the JSON valid.
                let places = Self.places(in: text)
                let choices: [(places: [Int], pieces: [String], replaces: Bool)] = [
                    (places.letters, ["x", "é", "😀", "", "Yes"], true),
                    (places.spaces, ["\n", " ", "\r\n", ""], false),
                    // Keys new to the text: a repeated key is a parser warning, which makes every check whole.
                    (places.objectStarts, ["\"k\(version)\": 1, ", "\"n\(version)\": [\"é\"], "], false),
                ]
                let choice = choices[version % 3]
                start = choice.places[Int.random(in: 0..<choice.places.count, using: &generator)]
                end = choice.replaces ? (start + 1).scalarStart(in: text) : start
                piece = choice.pieces[Int.random(in: 0..<choice.pieces.count, using: &generator)]
            }
            let range = [
                "start": lines.position(ofByteOffset: start).object, "end": lines.position(ofByteOffset: end).object,
            ]
            edited.change(uri, version: version, range: range, text: piece)
            text.replaceSubrange(start..<end, with: Array(piece.utf8))
            guard !burst || version % 4 == 0 else { continue }
            edited.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])
            opened.open("file:///work/v\(version).json", String(decoding: text, as: UTF8.self), version: version)
        }
        let fromEdits = edited.run(burst: burst).messages.published.dropFirst()
        let fromOpening = opened.run().messages.published
        #expect(fromEdits.count == fromOpening.count)
        for (edit, open) in zip(fromEdits, fromOpening) {
            #expect(edit["version"] as? Int == open["version"] as? Int)
            #expect(
                (edit["diagnostics"] as? NSArray) == (open["diagnostics"] as? NSArray),
                "version \(open["version"] ?? "")")
        }
    }

    @Test("a burst of edits inside a question is checked once, for the last version")
    func burstIsCheckedOnce() throws {
        let text = TemplateGenerator.template(questions: 50, padded: false)
        let lines = LineIndex(bytes: Array(text.utf8), encoding: .utf16)
        let offset = try #require(text.utf8.firstRange(of: Array("\"question\": \"".utf8))).upperBound
        let position = lines.position(ofByteOffset: text.utf8.distance(from: text.utf8.startIndex, to: offset)).object
        var session = LanguageServerSession.initialized()
        let uri = "file:///work/burst.json"
        session.open(uri, text)
        // A request publishes what it follows: the opened text is checked whole before the edits.
        session.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])
        for version in 2...21 {
            session.change(uri, version: version, range: ["start": position, "end": position], text: "x")
        }
        let (typed, typedWork) = WorkCounter.counting { session.run().messages.published }
        let (burst, burstWork) = WorkCounter.counting { session.run(burst: true).messages.published }
        #expect(typed.map { $0["version"] as? Int } == Array(1...21))
        #expect(burst.map { $0["version"] as? Int } == [1, 21])
        #expect((burst.last?["diagnostics"] as? NSArray) == (typed.last?["diagnostics"] as? NSArray))
        // The same messages are read either way; typed, each of the 20 edits is checked (one
        // parse of its question), in a burst the 20 together, once.
        #expect(typedWork[.jsonParses] - burstWork[.jsonParses] == 19)
    }

    @Test("the position index, edited, is the index of the edited text")
    func lineIndexEdits() {
        var generator = SplitMix64(seed: 7)
        let pieces = ["a", "é", "温", "😀", "\n", "\r\n", "\r", "", String(repeating: "long line ", count: 20)]
        for encoding in [PositionEncoding.utf16, .utf8] {
            for text in LineIndexTests.texts {
                var index = LineIndex(bytes: Array(text.utf8), encoding: encoding)
                for _ in 0..<40 {
                    let bytes = index.bytes
                    var start = Int.random(in: 0...bytes.count, using: &generator)
                    while start < bytes.count, bytes[start] & 0xC0 == 0x80 { start += 1 }
                    var end = min(bytes.count, start + Int.random(in: 0..<3, using: &generator))
                    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
                    let piece = pieces[Int.random(in: 0..<pieces.count, using: &generator)]
                    index.replace(start..<end, with: Array(piece.utf8))
                    let rebuilt = LineIndex(bytes: index.bytes, encoding: encoding)
                    #expect(index.lineCount == rebuilt.lineCount)
                    for offset in stride(from: 0, through: index.bytes.count, by: 7) {
                        #expect(index.position(ofByteOffset: offset) == rebuilt.position(ofByteOffset: offset))
                        #expect(
                            index.sourcePosition(ofByteOffset: offset) == rebuilt.sourcePosition(ofByteOffset: offset))
                    }
                    for line in 0..<rebuilt.lineCount {
                        let far = LSPPosition(line: line, character: 1 << 40)
                        #expect(index.offset(of: far) == rebuilt.offset(of: far))
                    }
                }
            }
        }
    }
}

extension IncrementalCheckTests {
    /// Offsets of letters inside strings (not escaped), of spaces between tokens, and just
    /// inside each object that has a member.
    static func places(in text: [UInt8]) -> (letters: [Int], spaces: [Int], objectStarts: [Int]) {
        var inside = false
        var escaped = false
        var places: (letters: [Int], spaces: [Int], objectStarts: [Int]) = ([], [], [])
        for (offset, byte) in text.enumerated() {
            if inside && !escaped && byte >= UInt8(ascii: "A") && byte & 0xC0 != 0x80 && byte != UInt8(ascii: "\\") {
                places.letters.append(offset)
            }
            if !inside && byte == 0x20 { places.spaces.append(offset) }
            if !inside && byte == UInt8(ascii: "{"),
                text[(offset + 1)...].first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D }) == UInt8(ascii: "\"")
            {
                places.objectStarts.append(offset + 1)
            }
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = inside
            } else if byte == UInt8(ascii: "\"") {
                inside.toggle()
            }
        }
        return places
    }
}

extension Int {
    /// This offset, moved on to the start of a scalar of `text`.
    fileprivate func scalarStart(in text: [UInt8]) -> Int {
        var offset = self
        while offset < text.count, text[offset] & 0xC0 == 0x80 { offset += 1 }
        return offset
    }
}

extension LSPPosition {
    fileprivate var object: JSONObject { ["line": line, "character": character] }
}
