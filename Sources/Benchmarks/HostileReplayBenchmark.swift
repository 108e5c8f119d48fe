import FormGenerators
import Foundation

/// `questionkit run` as a whole process on extreme shapes, each against an ordinary form of the
/// same size in the same run, and the peak memory of `run --pdf` as a multiple of the input.
enum HostileReplayBenchmark {
    /// One measured `run`: the input's size, the median time, the peak memory.
    struct Row {
        var bytes: Int
        var seconds: Double
        var peakBytes: Int
    }

    /// Markdown rows: the shapes, then memory at 10,000 and 100,000 questions (and, with `largest`,
    /// at a template just under the 256 MiB limit).
    static func run(folder: String, largest: Bool) throws -> [String] {
        var lines = [
            "| shape | input | `run --out --pdf` | ordinary form of the same size | ratio |",
            "|---|---:|---:|---:|---:|",
        ]
        let shapes: [(String, template: String, fixture: String)] = [
            ("20,000 steps", TemplateGenerator.template(questions: 4), HostileFormGenerator.manySteps(20_000)),
            (
                "10,000 media on one question", TemplateGenerator.template(questions: 4),
                HostileFormGenerator.manyMedia(10_000)
            ),
            (
                "a question of one 1,000,000-letter word", HostileFormGenerator.longWordTemplate(length: 1_000_000),
                HostileFormGenerator.manyMedia(0)
            ),
        ]
        for (name, template, fixture) in shapes {
            let hostile = try measure(name: "hostile", template: template, fixture: fixture, in: folder, runs: 3)
            let plain = try plainRun(like: name, template: template, fixture: fixture, in: folder)
            lines.append(
                "| \(name) | \(size(hostile.bytes)) | \(milliseconds(hostile.seconds)) "
                    + "| \(milliseconds(plain.seconds)) (\(size(plain.bytes))) "
                    + String(format: "| %.2f× |", hostile.seconds / plain.seconds))
        }
        lines += ["", "| `run T --answers F --pdf out.pdf` | input | time | peak memory | multiple of the input |"]
        lines.append("|---|---:|---:|---:|---:|")
        for count in [10_000, 100_000] + (largest ? [largestCount] : []) {
            let row = try measure(
                name: "memory-\(count)", template: TemplateGenerator.template(questions: count),
                fixture: FixtureGenerator.fixture(questions: count, seed: 2), in: folder, runs: 1, outputs: ["--pdf"],
                throughFreshProcess: true)
            lines.append(
                "| \(count) questions | \(size(row.bytes)) | \(milliseconds(row.seconds)) "
                    + "| \(size(row.peakBytes)) | \(String(format: "%.2f×", Double(row.peakBytes) / Double(row.bytes))) |"
            )
        }
        return lines
    }

    /// Questions of the largest template the reader accepts (256 MiB), with a little room.
    static let largestCount = 900_000

    /// An ordinary form (every question answered once, the default walk) whose files are as large
    /// as the hostile ones together; for the long word, the same text broken into words.
    private static func plainRun(
        like name: String, template: String, fixture: String, in folder: String
    ) throws -> Row {
        if name.contains("word") {
            let length = 1_000_000
            return try measure(
                name: "plain", template: HostileFormGenerator.longWordTemplate(length: length, plain: true),
                fixture: fixture, in: folder, runs: 3)
        }
        let target = template.utf8.count + fixture.utf8.count
        let perQuestion =
            Double(
                TemplateGenerator.template(questions: 100).utf8.count
                    + FixtureGenerator.fixture(questions: 100, seed: 2)
                    .utf8.count) / 100
        let count = max(1, Int(Double(target) / perQuestion))
        return try measure(
            name: "plain", template: TemplateGenerator.template(questions: count),
            fixture: FixtureGenerator.fixture(questions: count, seed: 2), in: folder, runs: 3)
    }

    /// Writes the files and runs `questionkit run` on them `runs` times (median time, highest peak).
    private static func measure(
        name: String, template: String, fixture: String, in folder: String, runs: Int,
        outputs: [String] = ["--out", "--pdf"], throughFreshProcess: Bool = false
    ) throws -> Row {
        let templatePath = folder + "/\(name).template.json"
        let fixturePath = folder + "/\(name).fixture.json"
        try Data(template.utf8).write(to: URL(fileURLWithPath: templatePath))
        // The fixture names the template it is run with: one that names another fails (issue 11).
        let named = fixture.replacingOccurrences(
            of: "\"template\": \"template.json\"", with: "\"template\": \"\(name).template.json\"")
        try Data(named.utf8).write(to: URL(fileURLWithPath: fixturePath))
        var arguments = ["run", templatePath, "--answers", fixturePath]
        if outputs.contains("--out") { arguments += ["--out", folder + "/\(name)-out"] }
        if outputs.contains("--pdf") { arguments += ["--pdf", folder + "/\(name).pdf"] }
        let bytes = template.utf8.count + fixture.utf8.count
        let measured =
            throughFreshProcess
            ? peakThroughFreshProcess(arguments, in: folder) : Measure.process(toolPath, arguments, runs: runs)
        guard let process = measured, process.status == 0 else {
            throw BenchmarkFailure(description: "questionkit \(arguments.joined(separator: " ")) failed")
        }
        return Row(bytes: bytes, seconds: process.seconds, peakBytes: process.peakBytes)
    }
}

extension HostileReplayBenchmark {
    /// The argument that makes this program measure one run of `questionkit` and write the result to a file.
    static let peakOption = "--peak-of"

    /// Linux keeps a process's peak memory across `exec`, and a process spawned from this one starts
    /// with this one's memory: a child's `ru_maxrss` would be at least the benchmark's own size (the
    /// generated files it holds). So a fresh, small copy of this program spawns `questionkit` and
    /// reports what it measured.
    static func peakThroughFreshProcess(_ arguments: [String], in folder: String) -> Measure.ProcessRun? {
        let report = folder + "/peak.txt"
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).path
        guard Measure.process(me, [peakOption, report, toolPath] + arguments)?.status == 0,
            let text = try? String(contentsOfFile: report, encoding: .utf8)
        else { return nil }
        let fields = text.split(separator: " ").compactMap { Double($0) }
        guard fields.count == 3 else { return nil }
        return Measure.ProcessRun(seconds: fields[1], peakBytes: Int(fields[0]), status: Int32(fields[2]))
    }

    /// `Benchmarks --peak-of FILE TOOL ARGUMENTS…`: runs TOOL once and writes "peak seconds status" to FILE.
    static func reportPeak(_ arguments: [String]) -> Int32 {
        guard arguments.count >= 2, let run = Measure.process(arguments[1], Array(arguments.dropFirst(2))) else {
            return 1
        }
        let text = "\(run.peakBytes) \(run.seconds) \(run.status)"
        return (try? Data(text.utf8).write(to: URL(fileURLWithPath: arguments[0]))) == nil ? 1 : 0
    }
}

/// A benchmark that could not run as planned.
struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
}
