import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitLanguageServer
import QuestionTypes
import TestSupport
import Testing

@testable import QuestionKitCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the language server shows for a document: a fixture's template problems are not dropped
/// but located on the fixture's `"template"`, quoted as `validate` quotes them.
@Suite struct SourceCheckTests {
    static func diagnostics(of fixture: String) throws -> [Diagnostic] {
        let reader = TemplateReader(registry: try QuestionTypeRegistry(BuiltInQuestionTypes.all))
        let bytes = try #require(FileManager.default.contents(atPath: fixture))
        return SourceCheck(reader: reader, files: DiskFiles()).documentCheck([UInt8](bytes), path: fixture).diagnostics
    }

    @Test func aFixturesBrokenTemplateIsReportedOnItsTemplateMember() throws {
        let folder = try TemporaryFolder()
        try folder.write("form.json", #"{"Title": "T", "questions": [{"answer-type": "nope"}]}"#)
        let fixture = try folder.write("a.fixture.json", "{\n  \"template\": \"form.json\",\n  \"answers\": {}\n}\n")
        let onTemplate = try Self.diagnostics(of: fixture).filter { $0.pointer == "/template" }
        let problem = try #require(onTemplate.first { $0.severity == .error }, "\(onTemplate)")
        #expect(problem.position == SourcePosition(line: 2, column: 15))
        #expect(problem.message.contains("form.json:1:"), "\(problem.message)")
        #expect(onTemplate.contains { $0.message.contains("unknown answer-type 'nope'") }, "\(onTemplate)")
    }

    @Test func aTemplateOutsideTheFixturesFolderIsNamedNotQuoted() throws {
        let elsewhere = try TemporaryFolder()
        let template = try elsewhere.write("secret.json", "SECRETTOKEN-4711 = 1\n")
        let folder = try TemporaryFolder()
        let fixture = try folder.write("a.fixture.json", #"{"template": "\#(template)", "answers": {}}"#)
        let all = try Self.diagnostics(of: fixture)
        let problem = try #require(all.first { $0.pointer == "/template" && $0.severity == .error }, "\(all)")
        #expect(problem.message.contains(template))
        #expect(!all.contains { $0.message.contains("SECRETTOKEN") || ($0.hint ?? "").contains("SECRETTOKEN") })
    }

    @Test func aFIFOAsTheTemplateIsRefusedWithoutWaiting() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path + "/form.json"
        try #require(mkfifo(fifo, 0o600) == 0)
        let fixture = try folder.write("a.fixture.json", #"{"template": "form.json", "answers": {}}"#)
        let all = returning(unblocking: [fifo]) { (try? Self.diagnostics(of: fixture)) ?? [] }
        let diagnostics = try #require(all, "the language server's validation waited on the FIFO")
        #expect(diagnostics.contains { $0.pointer == "/template" && $0.message.contains("not a regular file") })
    }
}
