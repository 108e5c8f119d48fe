import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Language server: a fixture's template is read only when it is a regular file within the limit")
struct FixtureTemplateReadTests {
    /// The completion labels at a fixture answer whose template is `template` (a path).
    func labels(template: String, in folder: URL) -> [String] {
        let fixture = #"{"template": "\#(template)", "answers": {"1": {"answer": [""]}}}"#
        var session = LanguageServerSession.initialized()
        let uri = folder.appendingPathComponent("a.fixture.json").absoluteString
        session.open(uri, fixture)
        let id = session.request(
            "textDocument/completion",
            ["textDocument": ["uri": uri], "position": position(of: #"[""#, in: fixture, offset: 2)])
        return (session.run().messages.response(id)?[path: "result", "items"] as? [JSONObject] ?? []).compactMap {
            $0["label"] as? String
        }
    }

    @Test("a FIFO, a device and the server's own standard input are refused, without waiting on them")
    func specialFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let template =
            #"{"Title": "T", "questions": [{"answer-type": "multiple-choice", "question": "B", "#
            + #""answers": ["Good", "Worn", ""]}]}"#
        try Data(template.utf8).write(to: folder.appendingPathComponent("form.json"))
        #expect(mkfifo(folder.appendingPathComponent("fifo.json").path, 0o600) == 0)
        #expect(labels(template: "form.json", in: folder) == ["Good", "Worn"])
        // Each of these blocked the server (a FIFO without a writer, its own protocol stream) or
        // read without end (/dev/zero) before.
        for special in ["fifo.json", "/dev/zero", "/dev/stdin", "/dev/null", "."] {
            #expect(labels(template: special, in: folder) == [], "\(special)")
        }
    }
}
