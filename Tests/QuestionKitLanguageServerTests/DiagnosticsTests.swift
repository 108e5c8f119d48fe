import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitLanguageServer
import QuestionTypes
import Testing

@Suite("Language server: diagnostics on open and on change")
struct DiagnosticsTests {
    let uri = "file:///work/several%20problems.json"

    @Test("a broken template's diagnostics are validate's: same codes, messages and hints, in order")
    func sameAsValidate() throws {
        let text = Fixtures.severalProblems
        var session = LanguageServerSession.initialized()
        session.open(uri, text)
        let published = session.run().messages.published
        #expect(published.count == 1)
        let diagnostics = try #require(published.first?["diagnostics"] as? [JSONObject])
        let expected = TemplateReader(registry: LanguageServerSession.configuration.registry).diagnose(Array(text.utf8))
        #expect(expected.count >= 10)
        #expect(diagnostics.map { $0["code"] as? String } == expected.map(\.code))
        #expect(
            diagnostics.map { $0["message"] as? String }
                == expected.map { $0.message + ($0.hint.map { "\n" + $0 } ?? "") })
        #expect(published.first?["version"] as? Int == 1)
        // The unknown type is marked from quote to quote, on its line (0-based).
        let unknown = try #require(diagnostics.first { $0["code"] as? String == "question.unknown-type" })
        #expect(
            unknown[path: "range", "start"] as? [String: Int] == position(of: "\"multiple-choise\"", in: text)
                as? [String: Int])
        #expect(unknown[path: "range", "end", "character"] as? Int == 38)
        #expect(unknown["severity"] as? Int == 1)
    }

    @Test("an incremental change that fixes the type clears its diagnostic; a full change replaces the text")
    func changes() throws {
        let text = Fixtures.severalProblems
        var session = LanguageServerSession.initialized()
        session.open(uri, text)
        let start = position(of: "multiple-choise", in: text, offset: 13)
        let end = position(of: "multiple-choise", in: text, offset: 14)
        session.change(uri, version: 2, range: ["start": start, "end": end], text: "c")
        session.change(uri, version: 3, text: #"{"Title": "T", "questions": []}"#)
        let published = session.run().messages.published
        #expect(published.map { $0["version"] as? Int } == [1, 2, 3])
        let codes = published.map { ($0["diagnostics"] as? [JSONObject] ?? []).compactMap { $0["code"] as? String } }
        #expect(codes[0].contains("question.unknown-type"))
        #expect(!codes[1].contains("question.unknown-type"))
        // Every other problem stays; the question, now of a known type, may gain its type's own checks.
        #expect(Set(codes[0]).subtracting(["question.unknown-type"]).isSubset(of: Set(codes[1])))
        #expect(codes[2] == ["template.no-questions"])
    }

    @Test("edits that arrive together are checked once, after the last")
    func burst() {
        var session = LanguageServerSession.initialized()
        session.open(uri, "{")
        for version in 2...6 { session.change(uri, version: version, text: String(repeating: "{", count: version)) }
        let published = session.run(burst: true).messages.published
        #expect(published.map { $0["version"] as? Int } == [6])
    }

    @Test("positions count UTF-16 units, or UTF-8 bytes when the client offers utf-8")
    func encodings() throws {
        let text = "{\"Title\": \"温度 🌡\", \"questions\": [], \"x\": 1}"
        for (offered, character) in [([String](), 36), (["utf-8", "utf-16"], 42)] {
            var session = LanguageServerSession.initialized(capabilities: ["general": ["positionEncodings": offered]])
            session.open(uri, text)
            let messages = session.run().messages
            let encoding = messages.response(1)?[path: "result", "capabilities", "positionEncoding"] as? String
            #expect(encoding == (offered.isEmpty ? "utf-16" : "utf-8"))
            let diagnostics = try #require(messages.published.first?["diagnostics"] as? [JSONObject])
            let unknownKey = try #require(diagnostics.first { $0["code"] as? String == "template.unknown-key" })
            #expect(unknownKey[path: "range", "start", "character"] as? Int == character)
        }
    }

    @Test("closing a document clears its diagnostics")
    func close() {
        var session = LanguageServerSession.initialized()
        session.open(uri, "[")
        session.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        let published = session.run().messages.published
        #expect(published.count == 2)
        #expect((published.first?["diagnostics"] as? [Any])?.isEmpty == false)
        #expect((published.last?["diagnostics"] as? [Any])?.isEmpty == true)
    }

    @Test("the configuration's check is given the document's path")
    func pathFromURI() {
        let seen = OutputCollector()
        let configuration = LanguageServer.Configuration(
            registry: LanguageServerSession.configuration.registry,
            diagnose: { path, _ in
                seen.append(Array(path.utf8))
                return []
            })
        var session = LanguageServerSession.initialized()
        session.open(uri, "{}")
        _ = session.run(configuration: configuration)
        #expect(String(decoding: seen.bytes, as: UTF8.self) == "/work/several problems.json")
    }
}

@Suite("Language server: converting many diagnostics")
struct ManyDiagnosticsTests {
    @Test("diagnostics on one long line convert in order, each where validate puts it")
    func oneLongLine() throws {
        // A minified template with an unknown key in every question: one line, many diagnostics.
        let questions = (0..<2_000).map { #"{"answer-type":"true/false","question":"Q\#($0) 温","bogus\#($0)":1}"# }
        let text = #"{"Title":"T","questions":["# + questions.joined(separator: ",") + "]}"
        var session = LanguageServerSession.initialized()
        session.open("file:///long.json", text)
        let published = try #require(session.run(chunkSize: 1 << 16).messages.published.first)
        let diagnostics = try #require(published["diagnostics"] as? [JSONObject])
        #expect(diagnostics.count == 2_000)
        let expected = position(of: #""bogus1999""#, in: text)
        #expect(diagnostics.last?[path: "range", "start"] as? [String: Int] == expected as? [String: Int])
        #expect(
            diagnostics.last?[path: "range", "end", "character"] as? Int == (expected["character"] as? Int ?? 0) + 11)
    }
}
