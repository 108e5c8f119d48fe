import Foundation
import QuestionKit
import QuestionKitForms
import QuestionTypes
import TestSupport
import Testing

@testable import QuestionKitCLI

/// How `validate --fix` replaces the file it fixed (the rounds themselves are tested with the fix-its).
@Suite struct ValidateFixReplacementTests {
    static let fixable = packageRoot + "/Tests/Templates/fixable/early-format.json"

    /// Someone saves the template while the fix runs: their save is kept, and the fix says why it stopped.
    @Test func aSaveMadeWhileTheFixRanIsKept() throws {
        let folder = try TemporaryFolder()
        let read = try String(contentsOfFile: Self.fixable, encoding: .utf8)
        let saved = read.replacingOccurrences(of: "\"version\"", with: "\"RevisionNumber\"")
        let path = try folder.write("template.json", saved)
        let reader = TemplateReader(registry: try QuestionTypeRegistry(BuiltInQuestionTypes.all))
        let outcome = ValidateFix.fixFile(path, bytes: Array(read.utf8), reader: reader)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == saved)
        #expect(outcome.report.contains { $0.contains("changed since it was read") }, "\(outcome.report)")
        #expect(outcome.bytes == Array(read.utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["template.json"])
    }

    @Test func anUnchangedFileIsFixed() throws {
        let folder = try TemporaryFolder()
        let read = try String(contentsOfFile: Self.fixable, encoding: .utf8)
        let path = try folder.write("template.json", read)
        let reader = TemplateReader(registry: try QuestionTypeRegistry(BuiltInQuestionTypes.all))
        let outcome = ValidateFix.fixFile(path, bytes: Array(read.utf8), reader: reader)
        #expect(try String(contentsOfFile: path, encoding: .utf8) != read)
        #expect(Array(try String(contentsOfFile: path, encoding: .utf8).utf8) == outcome.bytes)
    }
}
