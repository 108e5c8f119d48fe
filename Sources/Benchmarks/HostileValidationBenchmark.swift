import FormGenerators
import Foundation

/// `questionkit validate` on the hostile inputs of issue 10, each against a valid template of the
/// same size in the same run: whole processes, printing included.
enum HostileValidationBenchmark {
    /// One hostile input: how to make it and how to validate it.
    private struct Shape: Sendable {
        var name: String
        var file: String
        var arguments: [String] = []
        /// With `--keys FILE`, the template validated is a small valid one.
        var isKeyMap = false
        var text: @Sendable () -> String
    }

    private static let shapes: [Shape] = [
        Shape(name: "100,000 questions, each in error", file: "errors.json") {
            HostileTemplateGenerator.questionsInError(100_000)
        },
        Shape(name: "the same, `--format json`", file: "errors.json", arguments: ["--format", "json"]) {
            HostileTemplateGenerator.questionsInError(100_000)
        },
        Shape(name: "100,000 duplicate `noCells`", file: "nocells-100k.json") {
            HostileTemplateGenerator.duplicateNoCells(100_000)
        },
        Shape(name: "1,000,000 duplicate `noCells`", file: "nocells-1m.json") {
            HostileTemplateGenerator.duplicateNoCells(1_000_000)
        },
        Shape(name: "1,000,000 duplicate options", file: "options.json") {
            HostileTemplateGenerator.duplicateOptions(1_000_000)
        },
        Shape(name: "1,000,000 duplicate keys in one object", file: "keys.json") {
            HostileTemplateGenerator.duplicateKeys(1_000_000)
        },
        Shape(name: "1,000,000 unknown keys in one object", file: "unknown.json") {
            HostileTemplateGenerator.unknownKeys(1_000_000)
        },
        Shape(name: "a 20 MB key name in a key map (`--keys`)", file: "long-key-map.json", isKeyMap: true) {
            HostileTemplateGenerator.longKeyMap(length: 20_000_000)
        },
        Shape(name: "a 20 MB key name in a template", file: "long-key.json") {
            HostileTemplateGenerator.longKeyTemplate(length: 20_000_000)
        },
    ]

    /// Prints the table (for BENCHMARKS.md).
    static func printTable(toolPath: String, folder: String) {
        print(
            "| hostile input (issue 10) | file | `validate` | valid template, same size | ratio | peak memory "
                + "| memory ÷ file | valid template's memory ÷ file |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        run(toolPath: toolPath, folder: folder).forEach { print($0) }
    }

    /// The table rows, one per shape; a line saying what failed instead when a run fails.
    static func run(toolPath: String, folder: String) -> [String] {
        let small = folder + "/hostile-small.json"
        write(TemplateGenerator.template(questions: 4), to: small)
        var rows: [String] = []
        for shape in shapes {
            let path = folder + "/hostile-" + shape.file
            let text = shape.text()
            let bytes = text.utf8.count
            if !FileManager.default.fileExists(atPath: path) { write(text, to: path) }
            let validPath = folder + "/hostile-valid-\(bytes).json"
            write(HostileTemplateGenerator.validTemplate(bytes: bytes), to: validPath)
            let arguments = shape.isKeyMap ? ["--keys", path, small] : [path]
            guard let hostile = Measure.process(toolPath, ["validate"] + shape.arguments + arguments, runs: 1),
                hostile.status <= 1,
                let valid = Measure.process(toolPath, ["validate"] + shape.arguments + [validPath], runs: 1)
            else { return rows + ["| \(shape.name) | validate failed or crashed | | | | | | |"] }
            try? FileManager.default.removeItem(atPath: validPath)
            rows.append(
                "| \(shape.name) "
                    + String(
                        format: "| %.1f MB | %.2f s | %.2f s | %.1f× | %.0f MB | %.1f× | %.1f× |", Double(bytes) / 1e6,
                        hostile.seconds, valid.seconds, hostile.seconds / valid.seconds,
                        Double(hostile.peakBytes) / 1e6, Double(hostile.peakBytes) / Double(bytes),
                        Double(valid.peakBytes) / Double(bytes)))
        }
        return rows
    }

    private static func write(_ text: String, to path: String) {
        try? Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}
