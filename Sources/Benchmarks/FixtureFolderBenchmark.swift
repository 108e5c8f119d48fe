import FormGenerators
import Foundation
import QuestionKit
import QuestionKitForms

/// `questionkit test` as a whole process over a folder of 10,000 fixtures of a 20-question
/// template (issue 11), on one core and on two (`taskset`), beside the in-process replay.
enum FixtureFolderBenchmark {
    static func printTable(toolPath: String, folder: String, reader: TemplateReader) {
        let templateText = TemplateGenerator.template(questions: 20)
        let fixtures = (0..<10_000).map { FixtureGenerator.fixture(questions: 20, seed: $0) }
        let fixtureFolder = folder + "/fixtures"
        do {
            try FileManager.default.createDirectory(atPath: fixtureFolder, withIntermediateDirectories: true)
            try Data(templateText.utf8).write(to: URL(fileURLWithPath: fixtureFolder + "/form.json"))
            for (index, text) in fixtures.enumerated() {
                let named = text.replacingOccurrences(
                    of: "{\n", with: "{\n  \"template\": \"form.json\",\n", options: .anchored)
                let path = fixtureFolder + String(format: "/f%05d.fixture.json", index)
                try Data(named.utf8).write(to: URL(fileURLWithPath: path))
            }
        } catch {
            print("could not write the fixtures: \(error)")
            return
        }
        print("| `questionkit test`, 10,000 fixtures of a 20-question template | time | fixtures/s |")
        print("|---|---:|---:|")
        for (label, cpus) in [("whole process, 1 core (`taskset -c 0`)", "0"), ("whole process, 2 cores", "0,1")] {
            let run = Measure.process("/usr/bin/taskset", ["-c", cpus, toolPath, "test", fixtureFolder], runs: 3)
            guard let run, run.status == 0 else {
                print("| \(label) | failed (status \(run.map { String($0.status) } ?? "?")) | |")
                continue
            }
            print(String(format: "| %@ | %.0f ms | %.0f |", label, run.seconds * 1000, 10_000 / run.seconds))
        }
        guard let template = reader.read(Array(templateText.utf8)).template else { return }
        let bytes = fixtures.map { Array($0.utf8) }
        for threads in [1, 2] {
            let inProcess = Measure.seconds(runs: 3) {
                ReplayBenchmark.replayAll(bytes, template: template, threads: threads)
            }
            print(
                String(
                    format: "| in-process replay (read + replay, no files), %d thread%@ | %.0f ms | %.0f |", threads,
                    threads == 1 ? "" : "s", inProcess.median * 1000, 10_000 / inProcess.median))
        }
    }
}
