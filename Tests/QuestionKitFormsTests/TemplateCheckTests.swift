import FormGenerators
import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

@Suite("Template check: an edit re-checks its question alone, and finds what a whole check finds")
struct TemplateCheckTests {
    /// Questions with problems and fix-its (an unknown key near a known one, a misspelt type, a
    /// missing text), metadata after the list, CRLF and lone-CR lines, and scalars of every width.
    static let text = [
        "{\"Title\": \"T 温\", \"questions\": [",
        "  {\"answer-type\": \"yes-no\", \"question\": \"Valve 😀 closed?\", \"strikt\": true},\r",
        "  {\"answer-type\": \"score\", \"question\": \"é\", \"max-score\": 1.5}, {\"answer-type\": \"yes-noo\",",
        "   \"question\": \"Q\"},\r\n  {\"qid\": \"2\", \"question\": \"OK?\"},",
        "  {\"answer-type\": \"yes-no\"}, {\"answer-type\": \"yes-no\", \"question\": \"\", \"strict\": \"yes\"},",
        "  {\"answer-type\": \"gives-up\", \"question\": \"G\"}, 42",
        "], \"RevisionNumber\": 3, \"zzz\": 1}",
    ].joined(separator: "\n")

    /// What an edit writes: pieces that keep a question valid, break it, or reach past it.
    static let insertions = [
        "x", "é", "😀", "\n", "\r\n", " ", "\"", "\\", "}", "{", ",", "]", ":", "1", "\"k\": 2, ",
        "\"answer-type\": \"score\", ", "\"max-score\": 3, ", "}, {\"question\": \"N\"", "",
    ]

    static func reader() throws -> TemplateReader { TemplateReader(registry: try Fixture.registry()) }

    /// Applies random edits one after another, each checked in part where it can be; after each,
    /// the diagnostics must be exactly those of checking the new text whole.
    @Test("random edits, inside questions and across them, give a whole check's diagnostics")
    func randomEditsAgreeWithWholeChecks() throws {
        let reader = try Self.reader()
        var generator = SplitMix64(seed: 18)
        var inPart = 0
        for _ in 0..<150 {
            var bytes = Array(Self.text.utf8)
            var check = TemplateCheck(bytes, reader: reader)
            for _ in 0..<6 {
                let edit = Self.randomEdit(of: bytes, using: &generator)
                bytes.replaceSubrange(edit.range, with: edit.replacement)
                let locator = SourceLocator(bytes: bytes)
                if check.update(
                    replacing: edit.range, count: edit.replacement.count, in: bytes,
                    position: locator.position(ofByteOffset:))
                {
                    inPart += 1
                    #expect(check.questionsChecked == 1)
                } else {
                    check = TemplateCheck(bytes, reader: reader)
                }
                let whole = reader.diagnose(bytes)
                #expect(check.diagnostics == whole, "after editing to: \(String(decoding: bytes, as: UTF8.self))")
                if check.diagnostics != whole { return }
            }
        }
        // Most edits land inside a question; those that leave the text valid are checked in part.
        #expect(inPart > 150)
    }

    /// A random edit: a third anywhere with any piece, a third in a word (mostly a string's
    /// text) with text, a third at a space with line breaks, spaces or members.
    static func randomEdit(
        of bytes: [UInt8], using generator: inout SplitMix64
    ) -> (range: Range<Int>, replacement: [UInt8]) {
        let kind = Int.random(in: 0..<3, using: &generator)
        let candidates: [Int]
        let pieces: [String]
        switch kind {
        case 0:
            candidates = Array(0...bytes.count)
            pieces = insertions
        case 1:
            candidates = bytes.indices.filter { bytes[$0] >= UInt8(ascii: "A") }
            pieces = ["x", "é", "😀", "", "Yes", "ss"]
        default:
            candidates = bytes.indices.filter { bytes[$0] == UInt8(ascii: " ") }
            pieces = ["\n", "\r\n", "\r", "  ", "\"k\": 2, ", "\"max-score\": 3, ", "\"strict\": 1, "]
        }
        var start = candidates.isEmpty ? 0 : candidates[Int.random(in: 0..<candidates.count, using: &generator)]
        // Never inside a multi-byte scalar.
        while start < bytes.count, bytes[start] & 0xC0 == 0x80 { start += 1 }
        var end = start
        for _ in 0..<Int.random(in: 0..<(kind == 2 ? 1 : 4), using: &generator) where end < bytes.count {
            end += 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        }
        let piece = pieces[Int.random(in: 0..<pieces.count, using: &generator)]
        return (start..<end, Array(piece.utf8))
    }

    @Test("an edit that reaches past its question, or breaks the JSON, is not checked in part")
    func editsOutsideAQuestionAreCheckedWhole() throws {
        let reader = try Self.reader()
        let text = Fixture.template([
            #"{"answer-type": "yes-no", "question": "A"}"#, #"{"answer-type": "yes-no", "question": "B"}"#,
        ])
        let bytes = Array(text.utf8)
        let comma = try #require(bytes.firstIndex(of: UInt8(ascii: ","), after: text.utf8.count / 2))
        for (range, replacement) in [(comma..<(comma + 1), ""), (2..<3, "x"), (comma - 3..<(comma - 2), "\"")] {
            var check = TemplateCheck(bytes, reader: reader)
            var edited = bytes
            edited.replaceSubrange(range, with: Array(replacement.utf8))
            let locator = SourceLocator(bytes: edited)
            let inPart = check.update(
                replacing: range, count: replacement.utf8.count, in: edited, position: locator.position(ofByteOffset:))
            #expect(!inPart)
        }
    }

    @Test("an edit re-checks one question, whether the template has 100 or 1,000", arguments: [100, 1_000])
    func oneQuestionPerEdit(count: Int) throws {
        let reader = try Self.reader()
        let question = #"{"answer-type": "yes-no", "question": "Q"}"#
        var bytes = Array(Fixture.template(Array(repeating: question, count: count)).utf8)
        var check = TemplateCheck(bytes, reader: reader)
        #expect(check.questionsChecked == count)
        // Inside the middle question's text, on line count / 2 + 2.
        let line = SourceLocator(bytes: bytes).byteRange(ofLine: count / 2 + 2)
        let offset = try #require(line).start + question.utf8.count - 3
        for edit in 0..<10 {
            let range = edit % 2 == 0 ? offset..<offset : offset..<(offset + 1)
            let replacement: [UInt8] = edit % 2 == 0 ? [UInt8(ascii: "x")] : []
            bytes.replaceSubrange(range, with: replacement)
            let locator = SourceLocator(bytes: bytes)
            let inPart = check.update(
                replacing: range, count: replacement.count, in: bytes, position: locator.position(ofByteOffset:))
            #expect(inPart)
            #expect(check.questionsChecked == 1)
        }
        #expect(check.diagnostics == reader.diagnose(bytes))
    }
}

extension Array where Element == UInt8 {
    fileprivate func firstIndex(of byte: UInt8, after offset: Int) -> Int? {
        self[offset...].firstIndex(of: byte)
    }
}
