import Foundation
import TestSupport
import Testing

@testable import QuestionKitCLI

/// `validate --fix` keeps what the original web editor reads by position (issue 23, item 1): it
/// reads `answers[0..4]` and `acceptedAnswerEdit` (the accepted option's index) back by position,
/// so removing its blank padding is only an offered fix, never one `--fix` applies.
@Suite struct EditorPositionFixTests {
    /// Each question's `answers` (nil where it has none), under `questions` or the early `Questions`.
    private func optionLists(_ path: String) throws -> [[String]?] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let questions = try #require((root["questions"] ?? root["Questions"]) as? [[String: Any]])
        return questions.map { $0["answers"] as? [String] }
    }

    /// Runs `validate --fix` on a copy of `path`, then `validate --strict` on the result, and
    /// returns the option lists before and after.
    private func fixCopy(of path: String, in folder: TemporaryFolder) throws -> (
        before: [[String]?], after: [[String]?]
    ) {
        let copy = try folder.write(
            (path as NSString).lastPathComponent, String(contentsOfFile: path, encoding: .utf8))
        let fixed = runTool(["validate", "--fix", copy])
        #expect(fixed.status == 0, "\(path): \(fixed.standardOutput)\(fixed.standardError)")
        #expect(!fixed.standardError.contains("blank"), "\(path): \(fixed.standardError)")
        let strict = runTool(["validate", "--strict", copy])
        #expect(strict.status == 0, "\(path): \(strict.standardOutput)")
        return (try optionLists(path), try optionLists(copy))
    }

    /// The original server's own template (read in place) and the bundled templates in the
    /// original's shapes, several padded by the web editor: every option stays at its position.
    @Test(.enabled(if: referenceFile("data.json") != nil, "../shared/refdata/mi/data.json is absent"))
    func fixLeavesEveryOptionOfTheOriginalsTemplateAtItsPosition() throws {
        let folder = try TemporaryFolder()
        let (before, after) = try fixCopy(of: try #require(referenceFile("data.json")), in: folder)
        #expect(!before.isEmpty)
        #expect(after == before)
    }

    @Test(arguments: [
        "Templates/pump-inspection", "Templates/transformer-maintenance", "Templates/wind-turbine-annual",
        "Tests/Templates/early-format/early-format-example",
    ])
    func fixLeavesEveryOptionOfABundledTemplateAtItsPosition(name: String) throws {
        let folder = try TemporaryFolder()
        let (before, after) = try fixCopy(of: packageRoot + "/\(name).json", in: folder)
        #expect(after == before)
    }

    /// Blanks between options: removing them would move "Worn" from index 2 to 1, and the editor,
    /// reading `acceptedAnswerEdit` 2, would then accept "Leaking".
    @Test func theAcceptedAnswerKeepsItsPositionThroughFix() throws {
        let template = """
            {
              "Title": "Hose check",
              "questions": [
                {
                  "answer-type": "multiple-choice",
                  "question": "Hydraulic hose condition",
                  "qid": "4",
                  "answers": ["Good", "", "Worn", "", "Leaking"],
                  "max-answers": "1",
                  "acceptedAnswer": "Worn",
                  "acceptedAnswerEdit": 2
                }
              ]
            }
            """
        let folder = try TemporaryFolder()
        let path = try folder.write("hose.json", template)
        // The removal is offered, as a fix that is not safe.
        let offered = runTool(["validate", "--format", "json", path])
        let diagnostics = try #require(
            JSONReport.diagnostics(offered.standardOutput))
        let fixes = diagnostics.flatMap { ($0["fixes"] as? [[String: Any]]) ?? [] }
        #expect(fixes.map { $0["title"] as? String } == ["Remove the 2 blank entries"])
        #expect(fixes.map { $0["safe"] as? Bool } == [false])
        let fixed = runTool(["validate", "--fix", path])
        #expect(fixed.status == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == template)
        let answers = try #require(try optionLists(path).first ?? nil)
        #expect(answers == ["Good", "", "Worn", "", "Leaking"])
        #expect(answers[2] == "Worn")
        #expect(runTool(["validate", "--strict", path]).status == 0)
    }
}
