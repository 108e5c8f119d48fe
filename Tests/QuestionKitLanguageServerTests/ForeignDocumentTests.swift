import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitInterchange
import QuestionKitLanguageServer
import QuestionTypes
import Testing

/// No files: a document's template is itself (these documents name none).
private struct NoFiles: SourceFiles {
    func read(_ path: String, limit: Int) throws(UnreadableFile) -> [UInt8] {
        throw UnreadableFile(Diagnostic(severity: .error, code: "file.unreadable", message: "no files"))
    }
    func exists(_ path: String) -> Bool { false }
    func isSameFile(_ first: String, _ second: String) -> Bool { first == second }
    func lies(_ path: String, inTreeOf folder: String) -> Bool { false }
    func folder(of path: String) -> String { "." }
    func resolve(_ name: String, from folder: String) -> String { name }
}

@Suite(
    "Language server: a FHIR Questionnaire, a SurveyJS survey or an XLSForm's text is checked as the template it converts to"
)
struct ForeignDocumentTests {
    static let configuration = LanguageServer.Configuration(
        registry: LanguageServerSession.configuration.registry, files: NoFiles(), foreign: ForeignTemplate())

    static let questionnaire = """
        {"resourceType": "Questionnaire", "status": "draft", "title": "Pump",
         "item": [
          {"linkId": "leak", "type": "boolean", "text": "Any leak?"},
          {"linkId": "photo", "type": "attachment", "text": "Photo"}
         ]}
        """

    static let survey = """
        {"title": "Pump", "elements": [
          {"type": "boolean", "name": "a", "visibleIf": "{b} = true"},
          {"type": "boolean", "name": "b", "visibleIf": "{a} = true"}]}
        """

    /// The (code, 0-based line, character) of each diagnostic of every publication, in order.
    static func published(_ session: LanguageServerSession) -> [[(String, Int, Int)]] {
        session.run(configuration: configuration).messages.published.map { params in
            (params["diagnostics"] as? [JSONObject] ?? []).map {
                (
                    $0["code"] as? String ?? "", $0[path: "range", "start", "line"] as? Int ?? -1,
                    $0[path: "range", "start", "character"] as? Int ?? -1
                )
            }
        }
    }

    @Test("a Questionnaire's diagnostics are located at its own items, and follow its edits")
    func questionnaire() throws {
        var session = LanguageServerSession.initialized()
        let uri = "file:///work/pump.fhir.json"
        session.open(uri, Self.questionnaire)
        let fixed = Self.questionnaire.replacingOccurrences(of: "attachment", with: "string")
        session.change(uri, version: 2, text: fixed)
        let published = Self.published(session)
        #expect(published.count == 2)
        let unsupported = try #require(published.first?.first { $0.0 == "fhir.item-type-unsupported" })
        // Line 4 of the text (0-based 3), at the item's type.
        #expect(unsupported.1 == 3)
        #expect(published.last?.contains { $0.0 == "fhir.item-type-unsupported" } == false)
    }

    @Test("a survey's condition cycle is an error at the element it came from; our features answer nothing odd")
    func survey() throws {
        var session = LanguageServerSession.initialized()
        let uri = "file:///work/pump.survey.json"
        session.open(uri, Self.survey)
        let hover = session.request(
            "textDocument/hover",
            ["textDocument": ["uri": uri], "position": position(of: "visibleIf", in: Self.survey)])
        let symbols = session.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])
        let run = session.run(configuration: Self.configuration)
        let codes = (run.messages.published.first?["diagnostics"] as? [JSONObject] ?? []).compactMap {
            $0["code"] as? String
        }
        #expect(codes.contains("logic.cycle"), "\(codes)")
        #expect(run.messages.response(hover)?["error"] == nil)
        #expect(run.messages.response(symbols)?["error"] == nil)
    }

    // An XLSForm as pyxform takes it in text: a CSV and a Markdown table (an `.xlsx` is a zip archive,
    // no editor document).
    static let csvForm = """
        "survey",,,
        ,"type","name","label"
        ,"text","who","Your name?"
        ,"geopoint","where","Where?"
        ,"integer","age","Your age?"
        """

    static let markdownForm = """
        | survey |
        | | type     | name  | label      |
        | | text     | who   | Your name? |
        | | geopoint | where | Where?     |
        | | integer  | age   | Your age?  |
        """

    @Test(
        "an XLSForm's text (.csv, .md) gets the diagnostics validate gives it, at its own rows, and they follow its edits",
        arguments: [("file:///work/visit.csv", csvForm), ("file:///work/visit.md", markdownForm)])
    func xlsFormText(uri: String, text: String) throws {
        var session = LanguageServerSession.initialized()
        session.open(uri, text)
        session.change(uri, version: 2, text: text.replacingOccurrences(of: "geopoint", with: "text"))
        let published = Self.published(session)
        #expect(published.count == 2)
        let unsupported = try #require(published.first?.first { $0.0 == "xlsform.type-unsupported" })
        // Line 4 of the text (0-based 3): the geopoint row, at its type cell.
        #expect(unsupported.1 == 3)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false)[3]
        #expect(line.dropFirst(unsupported.2).hasPrefix(uri.hasSuffix(".csv") ? "\"geopoint" : "geopoint"))
        #expect(published.last?.contains { $0.0 == "xlsform.type-unsupported" } == false)
        #expect(published.last?.contains { $0.2 < 0 || $0.0.hasPrefix("json.") } == false)
    }

    @Test("on an XLSForm's text, completion, hover and the outline answer without an error")
    func xlsFormTextFeatures() throws {
        var session = LanguageServerSession.initialized()
        let uri = "file:///work/visit.md"
        session.open(uri, Self.markdownForm)
        let at = position(of: "integer", in: Self.markdownForm)
        let requests = [
            session.request("textDocument/hover", ["textDocument": ["uri": uri], "position": at]),
            session.request("textDocument/completion", ["textDocument": ["uri": uri], "position": at]),
            session.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]]),
        ]
        let run = session.run(configuration: Self.configuration)
        for request in requests { #expect(run.messages.response(request)?["error"] == nil) }
    }
}
