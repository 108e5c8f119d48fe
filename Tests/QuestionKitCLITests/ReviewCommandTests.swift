import QuestionKit
import QuestionKitForms
import QuestionTypes
import Synchronization
import TestSupport
import Testing

@testable import QuestionKitCLI

@Suite("review")
struct ReviewCommandTests {
    /// A completed form of `count` answered short-answer questions, each with a comment.
    static func form(questions count: Int) -> String {
        let questions = (0..<count).map { index in
            #"{"answer-type": "short-answer", "question": "Reading \#(index) of the gauge?", "qid": "1", "#
                + #""user-answer": {"short-answer": "value \#(index) \#(String(repeating: "x", count: 60))", "#
                + #""comment": "seen \#(index)", "images": []}}"#
        }
        return #"{"Title": "Big", "username": "u", "questions": [\#n"# + questions.joined(separator: ",\n") + "\n]}"
    }

    /// Issue 24: the review of a 54 MB form took 2.3 GB, the text built as lines, then trimmed lines,
    /// then one string, before any of it went out. It now goes out in pieces of a bounded size,
    /// whatever the size of the form: counted in the bytes handed out at once, never timed.
    @Test(arguments: [false, true])
    func theReviewGoesOutInPiecesOfABoundedSize(json: Bool) throws {
        for count in [500, 5_000] {
            let folder = try TemporaryFolder()
            let path = try folder.write("form.json", Self.form(questions: count))
            let pieces = Mutex<[String]>([])
            let arguments = ["review"] + (json ? ["--format", "json"] : []) + [path]
            let outcome = QuestionKitTool(types: BuiltInQuestionTypes.all).run(
                arguments, emit: { output, _ in pieces.withLock { $0.append(output) } })
            let sent = pieces.withLock { $0 }.filter { !$0.isEmpty }
            #expect(outcome.status == 0)
            let whole = sent.joined() + outcome.standardOutput
            #expect(whole == runTool(arguments).standardOutput)
            #expect(whole.contains("Reading \(count - 1) of the gauge?"))
            if json {
                let form = try #require(
                    CompletedFormReader.read(
                        Array(Self.form(questions: count).utf8),
                        with: TemplateReader(registry: QuestionTypeRegistry(BuiltInQuestionTypes.all))
                    ).form)
                #expect(whole == JSONWriter.text(of: ReviewPrinter.json(Review(form: form))) + "\n")
            }
            #expect(sent.count >= whole.utf8.count / (ReviewPrinter.pieceSize + 4_096))
            // A piece closes after the row that fills it: at most one row more.
            let largest = sent.map(\.utf8.count).max() ?? 0
            #expect(largest < ReviewPrinter.pieceSize + 4_096, "\(largest) bytes at once for \(count) questions")
        }
    }
}
