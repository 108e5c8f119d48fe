import FormGenerators
import Foundation
import QuestionKit
import QuestionKitForms
import QuestionTypes

// Validation of generated templates against Foundation's JSON readers, in one run.
// Build in release and run with Scripts/benchmark.sh (which also updates BENCHMARKS.md).

/// Foundation's fastest complete read: JSONDecoder parses the whole text into its own map before
/// decoding, and this type then ignores it.
struct IgnoredContent: Decodable {
    init(from decoder: any Decoder) throws {}
}

// `Benchmarks generate COUNT PATH [--quiet]` writes the benchmark's template of COUNT questions, for profiling
// and instruction counts; with `--quiet` without option padding, so that `validate` prints nothing for it.
if CommandLine.arguments.dropFirst().first == "generate" {
    let arguments = Array(CommandLine.arguments.dropFirst(2))
    guard arguments.count >= 2, let count = Int(arguments[0]) else {
        FileHandle.standardError.write(Data("usage: Benchmarks generate COUNT PATH [--quiet]\n".utf8))
        exit(64)
    }
    let text = TemplateGenerator.template(questions: count, padded: !arguments.contains("--quiet"))
    try Data(text.utf8).write(to: URL(fileURLWithPath: arguments[1]))
    exit(0)
}

// `Benchmarks completed-forms COUNT FOLDER`: COUNT generated completed forms (see CompletedFormGenerator), for
// `questionkit dataset` (Scripts/check-dataset-kill.sh).
if CommandLine.arguments.dropFirst().first == "completed-forms" {
    let arguments = Array(CommandLine.arguments.dropFirst(2))
    guard arguments.count == 2, let count = Int(arguments[0]), count >= 0 else {
        FileHandle.standardError.write(Data("usage: Benchmarks completed-forms COUNT FOLDER\n".utf8))
        exit(64)
    }
    try BudgetInputs.writeCompletedForms(count, to: arguments[1])
    exit(0)
}

if let option = CommandLine.arguments.dropFirst().first,
    [XLSXBenchmark.sampleOption, XLSXBenchmark.readOption].contains(option)
{
    exit(XLSXBenchmark.main(option, Array(CommandLine.arguments.dropFirst(2))))
}

if let option = CommandLine.arguments.dropFirst().first,
    [ParquetBenchmark.sampleOption, ParquetBenchmark.writeOption].contains(option)
{
    exit(ParquetBenchmark.main(option, Array(CommandLine.arguments.dropFirst(2))))
}

if CommandLine.arguments.dropFirst().first == BudgetInputs.option {
    exit(BudgetInputs.main(Array(CommandLine.arguments.dropFirst(2))))
}

// `Benchmarks generate-fixture COUNT PATH` writes the fixture `run --pdf` is measured with (the memory rows).
if CommandLine.arguments.dropFirst().first == "generate-fixture" {
    let arguments = Array(CommandLine.arguments.dropFirst(2))
    guard arguments.count >= 2, let count = Int(arguments[0]) else {
        FileHandle.standardError.write(Data("usage: Benchmarks generate-fixture COUNT PATH\n".utf8))
        exit(64)
    }
    try Data(FixtureGenerator.fixture(questions: count, seed: 2).utf8).write(to: URL(fileURLWithPath: arguments[1]))
    exit(0)
}

if CommandLine.arguments.dropFirst().first == HostileReplayBenchmark.peakOption {
    exit(HostileReplayBenchmark.reportPeak(Array(CommandLine.arguments.dropFirst(2))))
}

let toolPath = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent("questionkit").path
guard FileManager.default.isExecutableFile(atPath: toolPath) else {
    FileHandle.standardError.write(Data("questionkit not found at \(toolPath); run swift build -c release\n".utf8))
    exit(1)
}
// `Benchmarks corpus-report CORPUS`: issue 21's table of the shared corpus, converted by the tool.
if CommandLine.arguments.dropFirst().first == CorpusReport.option {
    exit(CorpusReport.main(Array(CommandLine.arguments.dropFirst(2)), tool: toolPath))
}
// QUESTIONKIT_BENCH_DIR keeps the generated files there (to profile them); by default they go.
let keptFolder = ProcessInfo.processInfo.environment["QUESTIONKIT_BENCH_DIR"]
let folder = keptFolder ?? NSTemporaryDirectory() + "questionkit-benchmark-\(getpid())"
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { if keptFolder == nil { try? FileManager.default.removeItem(atPath: folder) } }
// `Benchmarks hostile` measures the hostile inputs of issue 10 alone.
if CommandLine.arguments.dropFirst().first == "hostile" {
    HostileValidationBenchmark.printTable(toolPath: toolPath, folder: folder)
    if keptFolder == nil { try? FileManager.default.removeItem(atPath: folder) }
    exit(0)
}

// `Benchmarks lsp` measures `questionkit lsp` through the protocol alone (issue 14).
if CommandLine.arguments.dropFirst().first == "lsp" {
    LanguageServerBenchmark.printTable(toolPath: toolPath)
    exit(0)
}
let reader = try TemplateReader(registry: QuestionTypeRegistry(BuiltInQuestionTypes.all))
// `Benchmarks pdf` measures the printed forms and the image readers alone (issues 4 and 12).
if CommandLine.arguments.dropFirst().first == "pdf" {
    PDFBenchmark.run(reader: reader).forEach { print($0) }
    exit(0)
}
// `Benchmarks fixtures` measures `questionkit test` over 10,000 fixture files alone (issue 11).
if CommandLine.arguments.dropFirst().first == "fixtures" {
    FixtureFolderBenchmark.printTable(toolPath: toolPath, folder: folder, reader: reader)
    if keptFolder == nil { try? FileManager.default.removeItem(atPath: folder) }
    exit(0)
}
var rows: [String] = []
var checks: [String] = []

func megabytesPerSecond(_ bytes: Int, _ seconds: Double) -> String {
    String(format: "%.0f MB/s", Double(bytes) / 1e6 / seconds)
}

func milliseconds(_ seconds: Double) -> String {
    seconds < 0.001 ? String(format: "%.0f µs", seconds * 1e6) : String(format: "%.1f ms", seconds * 1000)
}

func size(_ bytes: Int) -> String {
    bytes < 1_000_000 ? String(format: "%.1f KB", Double(bytes) / 1e3) : String(format: "%.2f MB", Double(bytes) / 1e6)
}

for count in [10, 1_000, 100_000] {
    let text = TemplateGenerator.template(questions: count)
    let path = folder + "/template-\(count).json"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let bytes = Array(text.utf8)
    let data = Data(bytes)
    let runs = count >= 100_000 ? 5 : 20

    guard let process = Measure.process(toolPath, ["validate", path], runs: runs), process.status == 0 else {
        FileHandle.standardError.write(Data("validate failed on \(path)\n".utf8))
        exit(1)
    }
    let inProcess = Measure.seconds(runs: runs) { _ = reader.read(bytes) }
    let parseOnly = Measure.seconds(runs: runs) { _ = JSONParser.parse(bytes) }
    let decoder = Measure.seconds(runs: runs) { _ = try? JSONDecoder().decode(IgnoredContent.self, from: data) }
    let serialization = Measure.seconds(runs: runs) { _ = try? JSONSerialization.jsonObject(with: data) }

    rows.append(
        "| \(count) | \(size(bytes.count)) "
            + "| \(milliseconds(process.seconds)) | \(milliseconds(inProcess.median)) "
            + "(\(megabytesPerSecond(bytes.count, inProcess.median))) "
            + "| \(milliseconds(parseOnly.median)) (\(megabytesPerSecond(bytes.count, parseOnly.median))) "
            + "| \(milliseconds(decoder.median)) (\(megabytesPerSecond(bytes.count, decoder.median))) "
            + "| \(milliseconds(serialization.median)) (\(megabytesPerSecond(bytes.count, serialization.median))) "
            + "| \(String(format: "%.1f", Double(process.peakBytes) / 1e6)) MB |")
    if count == 10 {
        checks.append("10-question template, whole process: \(milliseconds(process.seconds)) (target < 20 ms)")
    }
    if count == 100_000 {
        checks.append(
            String(
                format: "100,000 questions: validate (whole process) / JSONDecoder scan = %.2f× (target ≤ 2×); "
                    + "in-process validation / JSONDecoder = %.2f×",
                process.seconds / decoder.median, inProcess.median / decoder.median))
        checks.append(
            String(
                format: "100,000 questions: peak memory %.1f MB = %.2f× the file size (target < 5×)",
                Double(process.peakBytes) / 1e6, Double(process.peakBytes) / Double(bytes.count)))
    }
}

print(
    """
    | questions | file | `questionkit validate` (whole process) | validation in-process | of which JSON parse \
    | JSONDecoder scan | JSONSerialization | validate peak memory |
    |---:|---:|---:|---:|---:|---:|---:|---:|
    """)
rows.forEach { print($0) }
print("")
checks.forEach { print("- " + $0) }

print("")
print("| replay | time | notes |")
print("|---|---:|---|")
ReplayBenchmark.run(reader: reader).forEach { print($0) }

print("")
print("| printed form (PDF) | size | time | speed | bytes |")
print("|---|---|---:|---:|---:|")
PDFBenchmark.run(reader: reader).forEach { print($0) }

print("")
HostileValidationBenchmark.printTable(toolPath: toolPath, folder: folder)

print("")
// `--largest` adds a template just under the 256 MiB limit to the memory rows (slow: minutes).
try HostileReplayBenchmark.run(folder: folder, largest: CommandLine.arguments.contains("--largest"))
    .forEach { print($0) }
