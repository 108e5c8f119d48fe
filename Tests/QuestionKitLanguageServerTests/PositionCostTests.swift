import FormGenerators
import Foundation
import Testing

@testable import QuestionKitLanguageServer

/// The cost of turning byte offsets into positions, counted in bytes the position index steps
/// over (`LineIndex.work`), never timed: a minified template is one line, and every request that
/// answers with ranges must cost about what the same template costs laid out one key per line.
@Suite("Language server: position conversions cost time linear in the document")
struct PositionCostTests {
    /// The work of the outline and of a whole-document code action on `text`.
    struct RequestWork {
        var documentSymbol = 0
        var codeAction = 0
        var symbols = 0
        var actions = 0
    }

    /// A generated template of `count` questions whose every `section` key is misspelt (a
    /// diagnostic with a rename fix-it on every question); one line with `oneLine`.
    static func template(questions count: Int, oneLine: Bool) -> String {
        let text = TemplateGenerator.template(questions: count).replacingOccurrences(
            of: "\"section\"", with: "\"sectoin\"")
        return oneLine ? minified(text) : text
    }

    /// `text` without the whitespace outside its strings.
    static func minified(_ text: String) -> String {
        var bytes: [UInt8] = []
        var inString = false
        var escaped = false
        for byte in text.utf8 {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == 0x22 {
                    inString = false
                }
            } else if byte == 0x22 {
                inString = true
            } else if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                continue
            }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Opens `text`, asks for its outline and for the code actions of the whole document, and
    /// counts the work the index does for each request (from the frame before its answer).
    static func work(of text: String) -> RequestWork {
        let uri = "file:///work/template.json"
        var session = LanguageServerSession.initialized()
        session.open(uri, text)
        let symbols = session.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])
        let lastLine = text.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
        let actions = session.request(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": uri],
                "range": ["start": ["line": 0, "character": 0], "end": ["line": lastLine, "character": 1 << 30]],
                "context": ["diagnostics": []],
            ])
        let counter = PositionWork()
        let frames = WorkFrames(counter: counter)
        LineIndex.$work.withValue(counter) {
            _ = LanguageServer.run(
                LanguageServerSession.configuration, input: BufferSource(session.input, chunkSize: 1 << 16),
                output: frames.append)
        }
        var result = RequestWork()
        for (index, frame) in frames.frames.enumerated() {
            let message = LanguageServerSession.messages(in: frame.bytes).first
            let work = frame.steps - (index > 0 ? frames.frames[index - 1].steps : 0)
            if message?["id"] as? Int == symbols {
                result.documentSymbol = work
                result.symbols = (message?["result"] as? [Any])?.count ?? -1
            } else if message?["id"] as? Int == actions {
                result.codeAction = work
                result.actions = (message?["result"] as? [Any])?.count ?? -1
            }
        }
        return result
    }

    @Test("the outline and a whole-document code action of a one-line template: n against 10n")
    func oneLineScaling() {
        let small = Self.work(of: Self.template(questions: 300, oneLine: true))
        let large = Self.work(of: Self.template(questions: 3_000, oneLine: true))
        #expect(small.symbols == 300 && large.symbols == 3_000)
        // A rename for every misspelt key, and more (every padding option of a multiple-choice question).
        #expect(small.actions >= 300 && large.actions == 10 * small.actions, "\(small.actions) \(large.actions)")
        // Linear: ten times the questions, about ten times the work (quadratic would be a hundred).
        #expect(large.documentSymbol <= 12 * max(small.documentSymbol, 1))
        #expect(large.codeAction <= 12 * max(small.codeAction, 1))
    }

    /// 2,000 questions (about 400 KB on one line) are enough: a conversion that walked its line from
    /// the start would cost hundreds of times the pretty layout's, not 3x. (At 20,000 the session's
    /// inputs and answers held about 1 GB.)
    @Test("a one-line template of 2,000 questions costs within 3x of the same laid out one key per line")
    func oneLineAgainstPretty() {
        let count = 2_000
        let oneLine = Self.work(of: Self.template(questions: count, oneLine: true))
        let pretty = Self.work(of: Self.template(questions: count, oneLine: false))
        #expect(oneLine.symbols == count && pretty.symbols == count)
        #expect(oneLine.actions >= count && pretty.actions == oneLine.actions)
        #expect(oneLine.documentSymbol <= 3 * pretty.documentSymbol)
        #expect(oneLine.codeAction <= 3 * pretty.codeAction)
    }
}

/// Each frame the server wrote, with the work counted when it was written.
final class WorkFrames: @unchecked Sendable {
    // Unchecked: written by the server's run on the test's own task only.
    private let counter: PositionWork
    private(set) var frames: [(bytes: [UInt8], steps: Int)] = []

    init(counter: PositionWork) { self.counter = counter }

    func append(_ bytes: [UInt8]) { frames.append((bytes, counter.steps)) }
}
