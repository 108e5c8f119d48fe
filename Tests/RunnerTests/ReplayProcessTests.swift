import Foundation
import TestSupport
import Testing

/// `questionkit run`, `test` and `review` as a user runs them.
@Suite struct ReplayProcessTests {
    @Test func bundledFixturesAllPass() throws {
        let result = try ToolProcess.run(["test", "Templates/"])
        #expect(result.status == 0, "\(result.standardOutput)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.last == "\(lines.count - 1) passed, 0 failed")
        #expect(lines.count - 1 >= 5)
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("PASS ") })
    }

    @Test func anUnexpectedRefusalFailsWithTheQuestionAndWhy() throws {
        let folder = NSTemporaryDirectory() + "questionkit-replay-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fixture = folder + "/skip.fixture.json"
        // Question 2 is neither answered nor commented, so the Next of step 4 is refused.
        let text = """
            {
              "template": "\(packageRoot)/Templates/pump-inspection.json",
              "answers": {"1": {"answer": ["Yes"]}},
              "steps": ["fill", "next", "fill",
                "next"]
            }
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: fixture))
        let run = try ToolProcess.run(["run", "Templates/pump-inspection.json", "--answers", fixture])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("4. question 2: next: REFUSED: question 2 needs an answer or a comment"))
        #expect(
            run.standardError.contains(
                "\(fixture):5:5: error: step 4 (next) was refused: question 2 needs an answer or a comment before Next")
        )
        let test = try ToolProcess.run(["test", folder])
        #expect(test.status == 1)
        #expect(test.standardOutput.hasPrefix("FAIL \(fixture): step 4 (next) was refused"))
        #expect(test.standardOutput.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test func anOriginalSystemCompletedFormReviewsWithFlags() throws {
        let result = try ToolProcess.run(["review", "Tests/Templates/completed/original-system-style.json"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Question 2: answered: 'No'; expected: 'Yes'"))
        #expect(result.standardOutput.contains("(no answer)"))
        let json = try ToolProcess.run([
            "review", "--format", "json", "Tests/Templates/completed/original-system-style.json",
        ])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        // Question 1 holds only a comment while "True" is expected: flagged, as the original server did.
        #expect(object["flaggedQuestions"] as? [Int] == [1, 2])
        #expect(result.standardOutput.contains("Question 1: no answer; expected: 'Yes'"))
    }

    /// Non-ASCII text survives template → answers → completed JSON → text.
    @Test func nonASCIITextSurvivesEveryStep() throws {
        let folder = NSTemporaryDirectory() + "questionkit-unicode-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try ToolProcess.run([
            "run", "Templates/wind-turbine-annual.json", "--answers",
            "Templates/fixtures/wind-turbine-annual.fixture.json",
            "--out", folder,
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let completed = try String(contentsOfFile: folder + "/wind-turbine-annual.completed.json", encoding: .utf8)
        let text = try String(contentsOfFile: folder + "/wind-turbine-annual.txt", encoding: .utf8)
        for word in ["°C", "Ω", "Ü", "温度", "«", "Привет"] {
            #expect(completed.contains(word), "completed JSON lost \(word)")
            #expect(text.contains(word), "text export lost \(word)")
        }
        for key in [
            "\"user-answer\"", "\"check-boxes\"", "\"short-answer\"", "\"table-answer\"", "\"comment\"",
            "\"username\"", "\"completedDate\"", "\"SubmittedDate\"", "\"foremanComment\"",
        ] {
            #expect(completed.contains(key), "completed JSON has no \(key)")
        }
        #expect(!completed.contains("\"_id\""))
    }
}
