import Foundation
import Testing

/// `fieldkit docs` and `fieldkit schema` cover the new types like the built-in ones. Both commands
/// are being added to QuestionKit; these tests run once the tool has them.
@Suite struct DocsAndSchemaProcessTests {
    @Test(.enabled(if: ToolProcess.offers("docs"), "the tool has no docs command yet"))
    func docsWritesAPageForEachNewType() throws {
        let folder = try temporaryFolder("docs")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try ToolProcess.run(["docs", "--out", folder])
        #expect(result.status == 0, "\(result.standardError)")
        let date = try String(contentsOfFile: folder + "/date.md", encoding: .utf8)
        let rating = try String(contentsOfFile: folder + "/rating.md", encoding: .utf8)
        for text in ["earliest", "date.bound-malformed", "date.bound-nonexistent", "date.bounds-inverted"] {
            #expect(date.contains(text), "date.md does not mention \(text)")
        }
        for text in [
            "flagBelow", "rating.scale-missing", "rating.flag-below-never-flags",
            "'scale' is 100; it must be from 2 to 10 (ratings run from 1 to 'scale')",
        ] {
            #expect(rating.contains(text), "rating.md does not mention \(text)")
        }
    }

    @Test(
        .enabled(if: ToolProcess.offers("schema"), "the tool has no schema command yet"),
        .enabled(if: Python.hasJSONSchema, "Python's jsonschema is not installed"))
    func schemaAcceptsTheBundledTemplateAndRejectsTheBadOne() throws {
        let folder = try temporaryFolder("schema")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let schema = try ToolProcess.run(["schema"])
        #expect(schema.status == 0, "\(schema.standardError)")
        try Data(schema.standardOutput.utf8).write(to: URL(fileURLWithPath: folder + "/schema.json"))
        let report = try Python.run(
            Python.checkTemplates,
            [
                folder + "/schema.json", packageRoot + "/Templates/site-visit.json",
                packageRoot + "/Tests/Templates/invalid/bad-date-and-rating.json",
            ])
        #expect(
            report == """
                site-visit.json: valid
                bad-date-and-rating.json: invalid
                valid examples of date: all pass
                valid examples of rating: all pass

                """)
    }
}

/// Python's `jsonschema` (from PyPI), the independent validator of `questionkit schema`.
enum Python {
    static let hasJSONSchema: Bool = (try? run("import jsonschema", [])) != nil

    /// Validates each template (arguments after the schema) and each valid example question of the
    /// new types (the schema carries them under `$defs`, wrapped here in a template).
    static let checkTemplates = """
        import json, os, sys
        import jsonschema
        schema = json.load(open(sys.argv[1]))
        validator = jsonschema.Draft202012Validator(schema)
        for path in sys.argv[2:]:
            errors = list(validator.iter_errors(json.load(open(path))))
            print(os.path.basename(path) + ": " + ("valid" if not errors else "invalid"))
        for identifier in ["date", "rating"]:
            definition = next(d for d in schema["$defs"].values() if d.get("title") == identifier)
            examples = definition.get("examples", [])
            passing = [e for e in examples if validator.is_valid({"questions": [e]})]
            counts = "%d of %d pass" % (len(passing), len(examples))
            print("valid examples of %s: %s" % (identifier, "all pass" if examples == passing else counts))
        """

    /// Runs `python3 -c script arguments…` and returns its standard output; throws when it fails.
    static func run(_ script: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw PythonFailed(status: process.terminationStatus) }
        return String(decoding: data, as: UTF8.self)
    }

    struct PythonFailed: Error {
        let status: Int32
    }
}
