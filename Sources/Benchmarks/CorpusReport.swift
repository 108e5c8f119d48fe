import Foundation
import QuestionKitForms
import QuestionKitInterchange
import QuestionTypes

/// `Benchmarks corpus-report CORPUS`: issue 21's table over the shared corpus (`../shared/corpus`). Each
/// file is converted to our templates by the release `questionkit convert --format json` (a crash is a
/// process killed by a signal) and sorted by what it reported: clean (notes at most), located warnings
/// only, errors; a diagnostic without a line is counted apart. The count check reads the file again in
/// process: the source's items (counted on Foundation's reading) equal the questions, sections, help and
/// items reported. A format is one line of `formats`.
enum CorpusReport {
    static let option = "corpus-report"

    /// A format of the corpus: its folder, and its count check (nil: the file is not one of its forms).
    struct Format {
        var name: String
        var folder: String
        var accountsForEveryItem: ([UInt8]) -> Bool?
    }

    static func formats(_ registry: QuestionTypeRegistry) -> [Format] {
        [
            Format(name: "FHIR", folder: "fhir") { bytes in
                let counts = FHIRReader(registry: registry).read(bytes).counts
                guard let source = json(bytes), source["resourceType"] as? String == "Questionnaire" else { return nil }
                return counts.isWhole
                    && counts.total == nested(source["item"], under: ["item"])
            },
            Format(name: "SurveyJS", folder: "surveyjs") { bytes in
                let counts = SurveyJSReader(registry: registry).read(bytes).counts
                guard let source = json(bytes) else { return nil }
                let inside = ["elements", "templateElements", "questions"]
                return counts.isWhole
                    && counts.total
                        == nested(source["pages"], under: inside)
                        + nested(source["elements"] ?? source["questions"], under: inside)
            },
            // The survey rows counted apart from the reader are the corpus test's (XLSFormCorpusTests); here
            // every row the reader met is a question, a section, help or reported.
            Format(name: "XLSForm", folder: "xlsform") { bytes in
                let read = XLSFormReader(registry: registry).read(bytes)
                guard read.template != nil else { return nil }
                let counts = read.counts
                return counts.isWhole
            },
        ]
    }

    /// Prints the table; exits 0, 1 when a file crashed or failed its count check, 64 on bad usage.
    static func main(_ arguments: [String], tool: String) -> Int32 {
        guard arguments.count == 1, let corpus = arguments.first else {
            print("usage: Benchmarks \(option) CORPUS (the shared corpus folder, e.g. ../shared/corpus)")
            return 64
        }
        guard FileManager.default.fileExists(atPath: corpus) else {
            print("skipped: \(corpus) is absent (a clean checkout has no shared corpus)")
            return 0
        }
        guard let registry = try? QuestionTypeRegistry(BuiltInQuestionTypes.all) else { return 1 }
        print("| format | files | clean | located warnings only | with errors | crashes | unlocated | count check |")
        print("|---|---:|---:|---:|---:|---:|---:|---|")
        var failed = false
        for format in formats(registry) {
            let row = tally(format, folder: corpus + "/" + format.folder, tool: tool)
            failed = failed || row.crashes > 0 || !row.failedCounts.isEmpty
            let check =
                row.failedCounts.isEmpty ? "holds in every file" : "fails: \(row.failedCounts.joined(separator: ", "))"
            print(
                "| \(format.name) | \(row.files) | \(row.clean) | \(row.warnings) | \(row.errors) | \(row.crashes) "
                    + "| \(row.unlocated) | \(check) |")
        }
        return failed ? 1 : 0
    }

    struct Row {
        var files = 0, clean = 0, warnings = 0, errors = 0, crashes = 0, unlocated = 0
        var failedCounts: [String] = []
    }

    private static func tally(_ format: Format, folder: String, tool: String) -> Row {
        var row = Row()
        // Every form file of the folder (JSON; an XLSForm's workbooks and texts), not its README.
        let extensions = [".json", ".xlsx", ".xlsm", ".csv", ".md"]
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { name in
            name != "README.md" && extensions.contains { name.hasSuffix($0) }
        }
        for name in names.sorted() {
            let path = folder + "/" + name
            row.files += 1
            guard let (status, diagnostics) = convert(path, tool: tool) else {
                row.crashes += 1
                continue
            }
            let severities = diagnostics.compactMap { $0["severity"] as? String }
            if status != 0 || severities.contains("error") {
                row.errors += 1
            } else if severities.contains("warning") {
                row.warnings += 1
            } else {
                row.clean += 1
            }
            if diagnostics.contains(where: { ($0["line"] as? Int ?? 0) < 1 }) { row.unlocated += 1 }
            let bytes = Array(FileManager.default.contents(atPath: path) ?? Data())
            if format.accountsForEveryItem(bytes) == false { row.failedCounts.append(name) }
        }
        return row
    }

    /// The exit status and diagnostics of converting `path` to our format; nil when the process crashed.
    private static func convert(_ path: String, tool: String) -> (Int32, [[String: Any]])? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["convert", path, "--format", "json", "-o", "/dev/null"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit else { return nil }
        let report = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        let files = report?["files"] as? [[String: Any]] ?? []
        return (process.terminationStatus, files.flatMap { $0["diagnostics"] as? [[String: Any]] ?? [] })
    }

    private static func json(_ bytes: [UInt8]) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
    }

    /// Entries of the array `value` at every depth, each entry's own under the first of `keys` it has.
    private static func nested(_ value: Any?, under keys: [String]) -> Int {
        guard let entries = value as? [Any] else { return 0 }
        return entries.reduce(0) { total, entry in
            let object = entry as? [String: Any]
            return total + 1 + nested(keys.lazy.compactMap { object?[$0] }.first, under: keys)
        }
    }
}
