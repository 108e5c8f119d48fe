import Foundation
import QuestionKit
import QuestionKitForms
import TestSupport
import Testing

@testable import QuestionKitCLI

/// A folder of the bundled pump template in revisions "9.00" and "10.00", and one that does not validate.
private final class Library {
    let folder: TemporaryFolder
    static let title = "Centrifugal Pump Monthly Inspection"

    init() throws {
        folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/lib", withIntermediateDirectories: true)
        let pump = try String(contentsOfFile: packageRoot + "/Templates/pump-inspection.json", encoding: .utf8)
        for revision in ["9.00", "10.00"] {
            let text = pump.replacingOccurrences(
                of: #""RevisionNumber": "3""#, with: "\"RevisionNumber\": \"\(revision)\"")
            _ = try folder.write("lib/pump-\(revision).json", text)
        }
        _ = try folder.write("lib/broken.json", #"{"Title": "X", "questions": [{"answer-type": "nope"}]}"#)
    }

    var path: String { folder.path + "/lib" }
}

@Suite struct TemplatesCommandTests {
    @Test func theNumericallyLatestRevisionWins() throws {
        let library = try Library()
        let outcome = runTool(["templates", library.path])
        #expect(
            outcome.standardOutput == """
                \(Library.title): latest 10.00 (\(library.path)/pump-10.00.json)
                  * 10.00  \(library.path)/pump-10.00.json
                    9.00   \(library.path)/pump-9.00.json
                X: no latest: no revision validates
                  ! -  \(library.path)/broken.json  (does not validate)
                2 titles in 2 templates of 3 files; 1 file with errors

                """)
        // The broken template is named with its location, and fails the run without hiding the others.
        #expect(outcome.standardError.contains("\(library.path)/broken.json:1:"))
        #expect(outcome.standardError.contains("[question.unknown-type]"))
        #expect(outcome.status == 1)
    }

    @Test func jsonNamesTheLatestFile() throws {
        let library = try Library()
        let outcome = runTool(["templates", "--format", "json", library.path])
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let titles = try #require(object["titles"] as? [[String: Any]])
        #expect(titles.map { $0["title"] as? String } == [Library.title, "X"])
        #expect(titles.first?["latest"] as? String == "\(library.path)/pump-10.00.json")
        let revisions = try #require(titles.first?["revisions"] as? [[String: Any]])
        #expect(revisions.map { $0["revision"] as? String } == ["10.00", "9.00"])
        let problems = try #require(object["problems"] as? [[String: Any]])
        #expect(Set(problems.map { $0["file"] as? String }) == ["\(library.path)/broken.json"])
    }

    @Test func equalRevisionsFailNamingBothFiles() throws {
        let library = try Library()
        let copy = try String(contentsOfFile: library.path + "/pump-10.00.json", encoding: .utf8)
        _ = try library.folder.write("lib/pump-copy.json", copy.replacingOccurrences(of: "\"10.00\"", with: "\"10\""))
        let outcome = runTool(["templates", library.path])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.hasPrefix("\(Library.title): no latest: revision 10.00 is in two files"))
        #expect(
            outcome.standardError.contains(
                "\(library.path)/pump-copy.json:3:21: error: revision '10' of '\(Library.title)' is also in "
                    + "\(library.path)/pump-10.00.json:3:21 ('10.00' there)"))
    }

    @Test func storeStartByTitleStartsTheLatestRevision() throws {
        let library = try Library()
        let work = try StoreWorkspace()
        let started = work.run(
            "start", "--title", Library.title, "--templates", library.path, "--user", "ann", "--now", "2026-03-01")
        #expect(started.status == 0)
        #expect(
            started.standardOutput.hasPrefix("revision 10.00 of '\(Library.title)': \(library.path)/pump-10.00.json"))
        #expect(work.run("list").standardOutput.contains("0/16  rev 10.00  started 2026-03-01T00:00:00Z"))
        let listed = work.run("list", "--format", "json").standardOutput
        #expect(listed.contains("\"revision\": \"10.00\""))
    }

    @Test func aNewerRevisionThatDoesNotValidateIsNeverQuietlySkipped() throws {
        let library = try Library()
        let pump = try String(contentsOfFile: library.path + "/pump-10.00.json", encoding: .utf8)
        let broken = pump.replacingOccurrences(of: "\"10.00\"", with: "\"11.00\"")
            .replacingOccurrences(of: "\"short-answer\"", with: "\"short-answr\"")
        _ = try library.folder.write("lib/pump-11.00.json", broken)
        let listed = runTool(["templates", library.path])
        #expect(
            listed.standardOutput.hasPrefix(
                "\(Library.title): no latest: revision 11.00 (\(library.path)/pump-11.00.json) does not validate\n"
                    + "  ! 11.00  \(library.path)/pump-11.00.json  (does not validate)\n"
                    + "    10.00  \(library.path)/pump-10.00.json\n"))
        let work = try StoreWorkspace()
        let started = work.run("start", "--title", Library.title, "--templates", library.path, "--user", "ann")
        #expect(started.status == 1)
        #expect(started.standardError.contains("\(library.path)/pump-11.00.json:"))
        #expect(started.standardError.contains("has no latest: revision 11.00"))
        #expect(!FileManager.default.fileExists(atPath: work.root + "/ann"))
    }

    @Test func storeStartByAnUnknownTitleListsNearTitles() throws {
        let library = try Library()
        let work = try StoreWorkspace()
        let outcome = work.run("start", "--title", "centrifugal pump", "--templates", library.path, "--user", "ann")
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError.contains(
                "no template titled 'centrifugal pump' in '\(library.path)'; near titles: '\(Library.title)'"))
        #expect(!FileManager.default.fileExists(atPath: work.root + "/ann"))
    }

    @Test func storeStartTakesATemplateOrATitleNotBoth() throws {
        let work = try StoreWorkspace()
        let both = work.run("start", StoreWorkspace.template, "--title", "T", "--templates", "x", "--user", "ann")
        #expect(both.status == 64)
        let noFolder = work.run("start", "--title", "T", "--user", "ann")
        #expect(noFolder.status == 64)
        #expect(noFolder.standardError.contains("no --templates given"))
    }

    @Test func standardInputIsNotALibrary() {
        #expect(runTool(["templates", "-"]).status == 64)
        #expect(runTool(["templates"]).status == 64)
    }
}
