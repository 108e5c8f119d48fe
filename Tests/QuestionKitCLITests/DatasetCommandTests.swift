import FormGenerators
import Foundation
import QuestionKitDataset
import QuestionKitForms
import QuestionTypes
import TestSupport
import Testing

@testable import QuestionKitCLI

@Suite("dataset")
struct DatasetCommandTests {
    /// The bundled templates' fixtures replayed (`run --out`) into `folder/forms`, one folder each.
    static func bundledForms(in folder: TemporaryFolder) throws -> [String] {
        let fixtures = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Templates/fixtures")
            .filter { $0.hasSuffix(".fixture.json") }.sorted()
        var forms: [String] = []
        for fixture in fixtures {
            let name = String(fixture.dropLast(".fixture.json".count))
            let template = packageRoot + "/Templates/" + name.prefix { $0 != "." } + ".json"
            let out = folder.path + "/forms/" + name
            let outcome = runTool(
                ["run", template, "--answers", packageRoot + "/Templates/fixtures/" + fixture, "--out", out])
            #expect(outcome.status == 0, "\(fixture): \(outcome.standardError)")
            let files = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".json") }
            forms += files.map { out + "/" + $0 }
        }
        return forms.sorted()
    }

    /// Runs `dataset` and returns its outcome, expecting it to succeed; NDJSON parts unless `extra`
    /// names a format (`DatasetContents` reads NDJSON).
    @discardableResult
    static func export(_ inputs: [String], to output: String, _ extra: [String] = []) -> QuestionKitTool.Outcome {
        let format = extra.contains("--format") ? [] : ["--format", "ndjson"]
        let outcome = runTool(["dataset"] + inputs + ["-o", output] + format + extra)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        return outcome
    }

    /// Every answer row agrees with what `review --format json` says of its question: flagged and
    /// the flags' codes, answered, comment, media; and each form's row counts them alike.
    @Test func theBundledFormsAgreeWithTheirReviews() throws {
        let folder = try TemporaryFolder()
        let forms = try Self.bundledForms(in: folder)
        #expect(forms.count == 8)
        Self.export([folder.path + "/forms"], to: folder.path + "/out")
        let dataset = try DatasetContents(folder.path + "/out")
        #expect(dataset.rows("forms").count == forms.count)
        #expect(dataset.rows("warnings").isEmpty)
        for path in forms {
            let review = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(runTool(["review", "--format", "json", path]).standardOutput.utf8))
                    as? [String: Any])
            let reviewRows = try #require(review["rows"] as? [[String: Any]])
            let answers = dataset.rows("answers").filter { $0["source_path"] as? String == path }
            let firstParts = answers.filter { $0["answer_part"] as? Int == 0 }
            #expect(firstParts.count == reviewRows.count, "\(path)")
            for (row, reviewed) in zip(
                firstParts.sorted { ($0["question_number"] as? Int ?? 0) < ($1["question_number"] as? Int ?? 0) },
                reviewRows)
            {
                let flags = (reviewed["flags"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
                #expect(row["question_number"] as? Int == reviewed["number"] as? Int)
                #expect(row["flagged"] as? Bool == !flags.isEmpty, "\(path) question \(reviewed["number"] ?? "")")
                #expect((row["flag_codes"] as? String)?.split(separator: " ").map(String.init) ?? [] == flags)
                #expect(row["answered"] as? Bool == reviewed["isAnswered"] as? Bool)
                #expect(row["comment"] as? String ?? "" == reviewed["comment"] as? String ?? "")
                #expect(row["media_count"] as? Int == (reviewed["media"] as? [Any])?.count)
                #expect(row["question"] as? String == reviewed["question"] as? String)
            }
            let form = try #require(dataset.rows("forms").first { $0["source_path"] as? String == path })
            let flagged = reviewRows.filter { !($0["flags"] as? [Any] ?? []).isEmpty }.count
            #expect(form["flagged_questions"] as? Int == flagged)
            #expect(form["questions"] as? Int == reviewRows.count)
            #expect(form["answered"] as? Int == reviewRows.filter { $0["isAnswered"] as? Bool == true }.count)
            let header = review["header"] as? [String: Any] ?? [:]
            #expect(form["template_title"] as? String == header["title"] as? String)
            #expect(form["technician"] as? String == header["technician"] as? String)
        }
    }

    /// The built-in types' rows: a row per chosen option, per filled cell, a number for a numeric
    /// short answer, a boolean for true/false; every form in the partition of its title and revision.
    @Test func eachTypeGivesItsOwnRows() throws {
        let folder = try TemporaryFolder()
        try writeGeneratedForms(8, in: folder)
        Self.export([folder.path + "/forms"], to: folder.path + "/out")
        let dataset = try DatasetContents(folder.path + "/out")
        let answers = dataset.rows("answers")
        // 25 questions: 7 short answers, 6 each of true/false, multiple choice and tables.
        let form = answers.filter { $0["source_path"] as? String == folder.path + "/forms/form0.json" }
        let byType = Dictionary(grouping: form) { $0["question_type"] as? String ?? "" }
        #expect(byType["short-answer"]?.count == 7)
        #expect(byType["short-answer"]?.allSatisfy { $0["answer_number"] is Double } == true)
        #expect(byType["true/false"]?.count == 6)
        #expect(byType["true/false"]?.allSatisfy { $0["answer_boolean"] is Bool } == true)
        #expect(byType["table-answer"]?.count == 18)
        #expect(byType["table-answer"]?.allSatisfy { $0["cell_row"] is Int && $0["cell_column"] is Int } == true)
        let choices = byType["multiple-choice"] ?? []
        #expect(choices.allSatisfy { $0["option"] as? String == $0["answer_text"] as? String })
        let parts = Dictionary(grouping: choices) { $0["question_number"] as? Int ?? 0 }
        #expect(
            parts.values.allSatisfy { rows in rows.map { $0["answer_part"] as? Int ?? -1 } == Array(0..<rows.count) })
        #expect(
            dataset.partitions["answers"]
                == (0..<4).flatMap { t in
                    ["title=Generated fleet MI \(t)/revision=1", "title=Generated fleet MI \(t)/revision=2"]
                }.sorted())
        #expect(dataset.partitions["forms"] == dataset.partitions["answers"])
    }

    /// A form that cannot be read is its warnings, located; the others are exported all the same.
    @Test func aBrokenFormIsAWarningAndStopsNothing() throws {
        let folder = try TemporaryFolder()
        try writeGeneratedForms(2, in: folder)
        try folder.write("forms/broken.json", "{\"Title\": \"Broken\",\n  \"questions\": [oops]}")
        let outcome = Self.export([folder.path + "/forms"], to: folder.path + "/out")
        #expect(outcome.standardOutput.contains("3 forms"))
        let dataset = try DatasetContents(folder.path + "/out")
        #expect(dataset.rows("forms").count == 2)
        let warning = try #require(dataset.rows("warnings").first)
        #expect(warning["source_path"] as? String == folder.path + "/forms/broken.json")
        #expect(warning["line"] as? Int == 2)
        #expect(warning["severity"] as? String == "error")
        #expect(
            dataset.partitions["warnings"] == ["title=__HIVE_DEFAULT_PARTITION__/revision=__HIVE_DEFAULT_PARTITION__"])
    }

    /// A second run exports what was added or changed and drops what was deleted; the result is
    /// the same rows as a fresh export of the forms as they are now.
    @Test func aSecondRunMatchesAFreshExport() throws {
        let folder = try TemporaryFolder()
        let paths = try writeGeneratedForms(16, in: folder)
        let output = folder.path + "/out"
        Self.export([folder.path + "/forms"], to: output)
        let unchanged = Self.export([folder.path + "/forms"], to: output)
        #expect(unchanged.standardOutput.contains("0 read, 0 new or changed, 0 removed; 0 partitions written, 8 kept"))
        try writeGeneratedForms(1, from: 100, in: folder)  // into template 0, revision 2
        try FileManager.default.removeItem(atPath: paths[1])  // template 1, revision 1
        let changed = try String(contentsOfFile: paths[2], encoding: .utf8).replacingOccurrences(
            of: "Technician 2", with: "Technician 9")
        try folder.write("forms/form2.json", changed)
        let outcome = Self.export([folder.path + "/forms"], to: output)
        // The partitions of (template, revision) (0, 2), (1, 1) and (2, 1) were written again; 5 of 8 kept.
        #expect(outcome.standardOutput.contains("16 forms"))
        #expect(outcome.standardOutput.contains("2 new or changed, 1 removed; 3 partitions written, 5 kept"))
        Self.export([folder.path + "/forms"], to: folder.path + "/fresh")
        #expect(try DatasetContents(output).sortedLines == DatasetContents(folder.path + "/fresh").sortedLines)
        #expect(try DatasetContents(output).sortedLines.contains { $0.contains("Technician 9") })
        // The old generation is gone once the new one is current.
        let names = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
        #expect(names == ["current", "gen-000003"])
    }

    /// A manifest found broken half-way through (it is read as the export goes) is given up: the
    /// forms are exported afresh, as if there were none.
    @Test func aManifestBrokenHalfWayMeansAFreshExport() throws {
        let folder = try TemporaryFolder()
        try writeGeneratedForms(16, in: folder)
        let output = folder.path + "/out"
        Self.export([folder.path + "/forms"], to: output)
        let manifest = output + "/current/manifest.json"
        var lines = try String(contentsOfFile: manifest, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        lines[9] = "{\"path\":"
        try lines.joined(separator: "\n").write(toFile: manifest, atomically: false, encoding: .utf8)
        let outcome = Self.export([folder.path + "/forms"], to: output)
        #expect(outcome.standardOutput.contains("16 forms"))
        #expect(outcome.standardOutput.contains("16 read, 16 new or changed, 0 removed; 8 partitions written, 0 kept"))
        // Said, since the run took as long as the first: a manifest read as the export goes broke late.
        #expect(
            outcome.standardError
                == "questionkit dataset: note: the last export's manifest could not be read: every form exported afresh\n"
        )
        Self.export([folder.path + "/forms"], to: folder.path + "/fresh")
        #expect(try DatasetContents(output).sortedLines == DatasetContents(folder.path + "/fresh").sortedLines)
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).sorted() == ["current", "gen-000002"])
    }

    /// A run that cannot build on the last export says why it read every form: a manifest that is not
    /// one, or parts of other formats. A run that builds on it says nothing of the kind.
    @Test func aFreshExportOverAnOldOneSaysWhy() throws {
        let folder = try TemporaryFolder()
        try writeGeneratedForms(4, in: folder)
        let output = folder.path + "/out"
        let forms = [folder.path + "/forms"]
        #expect(Self.export(forms, to: output).standardError.isEmpty)
        #expect(Self.export(forms, to: output).standardError.isEmpty)
        let parquet = Self.export(forms, to: output, ["--format", "parquet"])
        #expect(parquet.standardOutput.contains("4 read, 4 new or changed"))
        #expect(
            parquet.standardError
                == "questionkit dataset: note: the last export's parts were ndjson, not parquet: every form exported afresh\n"
        )
        try "not a manifest".write(toFile: output + "/current/manifest.json", atomically: false, encoding: .utf8)
        let unreadable = Self.export(forms, to: output, ["--format", "parquet"])
        #expect(unreadable.standardOutput.contains("4 read, 4 new or changed"))
        #expect(unreadable.standardError.contains("the last export's manifest could not be read"))
    }

    /// Work counted, not timed: a fresh export reads each form once; a second run after one
    /// change reads only that form's partition, whatever the number of forms. Memory counted, not
    /// measured: the forms are taken as the export reads them, never more than two batches ahead,
    /// whatever the number of forms (the export holds no list of them, nor of the manifest's entries).
    @Test func workGrowsWithTheFormsAndAChangeCostsItsPartition() throws {
        var counts: [(fresh: Int, again: Int, ahead: Int)] = []
        let registry = try QuestionTypeRegistry(BuiltInQuestionTypes.all)
        let files = FormFiles(reader: TemplateReader(registry: registry))
        for count in [16, 160] {
            let folder = try TemporaryFolder()
            let paths = try writeGeneratedForms(count, in: folder).sorted()
            let taking = FormsTaken()
            var export = DatasetExport(
                folder: folder.path + "/out", registry: registry, formats: [NDJSONFormat()]
            ) { path, within in
                taking.read()
                return files.completedForm(at: path, within: within)
            }
            export.formsPerBatch = 4
            let inputs = paths.map { DatasetExport.Input(path: $0) }
            let fresh = try export.run(inPathOrder: inputs.lazy.map { input in taking.take(input) })
            try FileManager.default.removeItem(atPath: paths[0])
            let again = try export.run(inputs.filter { $0.path != paths[0] })
            counts.append((fresh.formsRead, again.formsRead, taking.mostAhead))
            #expect(again.partitionsWritten == 1)
        }
        #expect(counts[0].fresh == 16 && counts[1].fresh == 160)
        // One partition of eight: its other forms are read again, a tenth of them as many at n as at 10n.
        #expect(counts[0].again == 1 && counts[1].again == 19)
        // Taken and not yet read: at most two batches of 4, at n as at 10n.
        #expect(counts[0].ahead <= 8 && counts[1].ahead <= 8, "\(counts)")
    }

    /// How many forms an export has taken from its inputs and not yet begun to read, at most.
    final class FormsTaken: @unchecked Sendable {
        private let lock = NSLock()
        private var taken = 0
        private var reading = 0
        private(set) var mostAhead = 0

        func take(_ input: DatasetExport.Input) -> DatasetExport.Input {
            lock.withLock {
                taken += 1
                mostAhead = max(mostAhead, taken - reading)
            }
            return input
        }

        func read() { lock.withLock { reading += 1 } }
    }

    /// A FIFO and a link out of the folder are skipped with a note, as every command that walks a
    /// folder skips them; the export goes on.
    @Test func aFolderWalkSkipsFIFOsAndLinksOut() throws {
        let folder = try TemporaryFolder()
        try writeGeneratedForms(1, in: folder)
        let outside = try TemporaryFolder()
        let secret = try outside.write("secret.json", CompletedFormGenerator.form(index: 5))
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/forms/link.json", withDestinationPath: secret)
        #expect(mkfifo(folder.path + "/forms/fifo.json", 0o644) == 0)
        let outcome = Self.export([folder.path + "/forms"], to: folder.path + "/out")
        #expect(outcome.standardError.contains("fifo.json: note: skipped: it is a FIFO"))
        #expect(outcome.standardError.contains("link.json: note: skipped: it is a link that leads out of"))
        #expect(try DatasetContents(folder.path + "/out").rows("forms").count == 1)
    }

    /// The dataset folder inside the folder exported is not read as forms (its manifest is JSON).
    @Test func theDatasetInsideItsInputIsNotRead() throws {
        let folder = try TemporaryFolder()
        try writeGeneratedForms(2, in: folder)
        Self.export([folder.path + "/forms"], to: folder.path + "/forms/dataset")
        let again = Self.export([folder.path + "/forms"], to: folder.path + "/forms/dataset")
        #expect(again.standardOutput.hasPrefix("2 forms"))
    }

    /// What a killed run leaves (a generation not made current, a half-made link) is removed by
    /// the next; a folder whose `current` is not the dataset's link is not touched.
    @Test func leftoversAreRemovedAndAForeignFolderIsNotTouched() throws {
        let folder = try TemporaryFolder()
        try writeGeneratedForms(2, in: folder)
        let output = folder.path + "/out"
        Self.export([folder.path + "/forms"], to: output)
        try FileManager.default.createDirectory(
            atPath: output + "/gen-000009/answers", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: output + "/.current.tmp", withDestinationPath: "gen-000009")
        Self.export([folder.path + "/forms"], to: output)
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).sorted() == ["current", "gen-000002"])
        let foreign = try TemporaryFolder()
        try foreign.write("current", "mine")
        try FileManager.default.createDirectory(atPath: foreign.path + "/gen-000001", withIntermediateDirectories: true)
        let refused = runTool(["dataset", folder.path + "/forms", "-o", foreign.path])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("is not the link a dataset keeps there"))
        #expect(FileManager.default.fileExists(atPath: foreign.path + "/gen-000001"))
    }

    /// In a store root, the completed and submitted forms are read: not the incomplete ones, not the
    /// store's records, not what is being created or deleted.
    @Test func aStoreRootGivesItsCompletedAndSubmittedForms() throws {
        let store = try TemporaryFolder()
        try store.write(".lock", "")
        let places = [
            "CompletedMIs/ann/Pump 01-03-2026 10-00-00", "Outbox/bob/Pump 02-03-2026 11-00-00", "ann/Pump 03-03-2026",
            ".staging/x", "CompletedMIs/.trash/y",
        ]
        for (index, place) in places.enumerated() {
            try FileManager.default.createDirectory(atPath: store.path + "/" + place, withIntermediateDirectories: true)
            try store.write(place + "/form.json", CompletedFormGenerator.form(index: index))
            try store.write(place + "/store.json", "{}")
        }
        let output = try TemporaryFolder()
        let outcome = Self.export([store.path], to: output.path + "/out")
        #expect(outcome.standardOutput.hasPrefix("2 forms"))
        let paths = try DatasetContents(output.path + "/out").rows("forms").compactMap { $0["source_path"] as? String }
        #expect(paths.sorted() == places.prefix(2).map { store.path + "/" + $0 + "/form.json" }.sorted())
    }

    /// A PATH that does not exist is the command's mistake: exit 1, located as `validate` locates
    /// it, and nothing written (it was a `warnings` row and exit 0, and the next run removed its rows).
    @Test func aMissingPathIsAnInputErrorAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        try writeGeneratedForms(1, in: folder)
        let missing = folder.path + "/forms/nosuch.json"
        let outcome = runTool(["dataset", folder.path + "/forms", missing, "-o", folder.path + "/out"])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.hasPrefix(missing + ": error: cannot read the file"))
        #expect(outcome.standardError.contains("[file.unreadable]"))
        #expect(outcome.standardError.contains("dataset: nothing exported: a PATH does not exist"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"))
    }
}
