import Foundation
import QuestionKit
import Testing

@testable import QuestionKitLanguageServer

/// The cost of following a `linkId`, counted, never timed: references and rename on a template
/// whose every question refers to the first must cost work linear in the template (the questions
/// and conditions visited, `WorkCounter.Work.linkIdVisits`, and the bytes position conversions
/// step over, `LineIndex.work`), n against 10n.
@Suite("Language server: linkId requests cost work linear in the template")
struct LinkIdCostTests {
    /// `count` questions: 'q0', then each with its own linkId and a condition on 'q0'.
    static func template(questions count: Int) -> String {
        var questions = [
            #"{"linkId": "q0", "answer-type": "true/false", "question": "First?", "answers": ["Yes", "No"]}"#
        ]
        for number in 1..<count {
            questions.append(
                #"{"linkId": "q\#(number)", "answer-type": "short-answer", "question": "Q\#(number)", "#
                    + #""enableWhen": [{"question": "q0", "operator": "exists", "answer": true}]}"#)
        }
        return "{\"Title\": \"T\", \"questions\": [\n" + questions.joined(separator: ",\n") + "\n]}\n"
    }

    struct Work {
        var visits = 0
        var positions = 0
        var results = 0
    }

    /// The work of one `method` request at the first question's linkId, after the document is open.
    static func work(of method: String, extra: JSONObject, questions count: Int) -> Work {
        let text = template(questions: count)
        let uri = "file:///work/chain.json"
        var session = LanguageServerSession.initialized()
        session.open(uri, text)
        var params = extra
        params["textDocument"] = ["uri": uri]
        params["position"] = position(of: #""q0""#, in: text, offset: 2)
        let id = session.request(method, params)
        let counter = WorkCounter()
        let positions = PositionWork()
        var frames: [(message: JSONObject?, visits: Int, positions: Int)] = []
        let output: ([UInt8]) -> Void = { bytes in
            frames.append((LanguageServerSession.messages(in: bytes).first, counter[.linkIdVisits], positions.steps))
        }
        WorkCounter.$current.withValue(counter) {
            LineIndex.$work.withValue(positions) {
                _ = LanguageServer.run(
                    LanguageServerSession.configuration, input: BufferSource(session.input, chunkSize: 1 << 16),
                    output: output)
            }
        }
        guard let answer = frames.firstIndex(where: { $0.message?["id"] as? Int == id }), answer > 0 else {
            return Work()
        }
        let result = frames[answer].message?["result"]
        let found = (result as? [Any])?.count ?? ((result as? JSONObject)?[path: "changes", uri] as? [Any])?.count
        return Work(
            visits: frames[answer].visits - frames[answer - 1].visits,
            positions: frames[answer].positions - frames[answer - 1].positions, results: found ?? -1)
    }

    @Test("references and rename of a linkId every question refers to: n against 10n")
    func scaling() {
        for (method, extra) in [
            ("textDocument/references", ["context": ["includeDeclaration": true]] as JSONObject),
            ("textDocument/rename", ["newName": "first"] as JSONObject),
        ] {
            let small = Self.work(of: method, extra: extra, questions: 200)
            let large = Self.work(of: method, extra: extra, questions: 2_000)
            // The linkId and every other question's reference.
            #expect(small.results == 200 && large.results == 2_000, "\(method)")
            #expect(small.visits >= 200 && small.positions > 0, "\(method)")
            // Linear: ten times the questions, about ten times the work (quadratic would be a hundred).
            #expect(large.visits <= 11 * small.visits, "\(method): \(small.visits) \(large.visits)")
            #expect(large.positions <= 12 * small.positions, "\(method): \(small.positions) \(large.positions)")
        }
    }
}
