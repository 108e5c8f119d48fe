import Foundation
import QuestionKit
import TestSupport
import Testing

@testable import QuestionKitCLI

/// Issue 22, item 5: `questionkit store find` searches the store's forms by their fields, exactly
/// or by pattern, as the original server searched completed forms.
@Suite struct StoreFindCommandTests {
    static let pump = "Centrifugal Pump Monthly Inspection"
    static let annForm = "CompletedMIs/\(StoreWorkspace.form) 14-05-09"
    static let carlForm = "Outbox/carl/Boiler Feed Pump Check 04-03-2026 09-00-00"
    static let bobForm = "bob/\(pump) 01-03-2026"

    /// ann's pump form completed on Mar 2 (3 questions flagged); carl's copy of it with another
    /// title, equipment and instruction, completed Mar 5 and submitted with Bob as foreman; bob's
    /// form started and left empty.
    static func store() throws -> StoreWorkspace {
        let work = try StoreForemanCommandTests.completedForm()
        let carl = work.root + "/" + carlForm
        try FileManager.default.createDirectory(atPath: work.root + "/Outbox/carl", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: work.root + "/" + annForm, toPath: carl)
        let text = try String(contentsOfFile: carl + "/form.json", encoding: .utf8)
        let changed = [
            ("\"Title\": \"\(pump)\"", "\"Title\": \"Boiler Feed Pump Check\""),
            ("\"InstructionNumber\": \"MI-MECH-0142\"", "\"InstructionNumber\": \"MI-MECH-0200\""),
            ("\"AppliedToEquipment\": \"Cooling", "\"AppliedToEquipment\": \"Boiler feed pump BFP-2; cooling"),
            ("\"completedDate\": \"Mar 2, 2026\"", "\"completedDate\": \"Mar 5, 2026\""),
            ("\"SubmittedDate\": \"\"", "\"SubmittedDate\": \"Mar 6, 2026\""),
            (
                "\"comment\": \"\",\n    \"supervisor\": \"\"",
                "\"comment\": \"Order a new gland packing.\", \"supervisor\": \"Bob\""
            ),
            ("\"username\": \"ann\"", "\"username\": \"carl\""),
        ].reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
        #expect(changed.components(separatedBy: "Boiler").count == 3 && changed.contains("\"supervisor\": \"Bob\""))
        try changed.write(toFile: carl + "/form.json", atomically: true, encoding: .utf8)
        let start = work.run("start", StoreWorkspace.template, "--user", "bob", "--now", "2026-03-01T10:00:00Z")
        #expect(start.status == 0, "\(start.standardError)")
        return work
    }

    /// The forms `find` prints for `filters`, by name (the first column), and its exit status.
    static func found(_ work: StoreWorkspace, _ filters: [String]) -> (forms: [String], status: Int32) {
        let outcome = runStore(["find"] + filters + ["--root", work.root, "--config", work.config, "--format", "json"])
        #expect(outcome.standardError.isEmpty, "\(outcome.standardError)")
        let array = (try? JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8))) as? [[String: Any]]
        return ((array ?? []).compactMap { $0["form"] as? String }, outcome.status)
    }

    @Test func theDoneFormsAreFoundSortedByDayWithTheirFields() throws {
        let work = try Self.store()
        let text = work.run("find")
        #expect(text.status == 0 && text.standardError.isEmpty, "\(text.standardError)")
        // Columns padded to the widest value, the last (technician) not.
        let cooling = "Cooling water pumps P-101A, P-101B and P-205 (horizontal end-suction, 55 kW)"
        let lines = [
            Self.annForm + "  completed  2026-03-02  -           3 flagged  \(Self.pump)  " + cooling
                + String(repeating: " ", count: 24) + "  ann",
            Self.carlForm + String(repeating: " ", count: 18) + "  submitted  2026-03-05  2026-03-06  3 flagged  "
                + "Boiler Feed Pump Check               Boiler feed pump BFP-2; c" + cooling.dropFirst() + "  carl",
        ]
        #expect(text.standardOutput == lines.joined(separator: "\n") + "\n")
        let json = work.run("find", "--format", "json", "--foreman", "Bob")
        #expect(json.status == 0)
        #expect(
            json.standardOutput == """
                [
                  {
                    "form": "\(Self.carlForm)",
                    "state": "submitted",
                    "title": "Boiler Feed Pump Check",
                    "revision": "3",
                    "instruction": "MI-MECH-0200",
                    "equipment": "Boiler feed pump BFP-2; cooling water pumps P-101A, P-101B and P-205 (horizontal end-suction, 55 kW)",
                    "technician": "carl",
                    "foreman": "Bob",
                    "completed": "2026-03-05",
                    "submitted": "2026-03-06",
                    "flaggedQuestions": 3
                  }
                ]

                """)
    }

    @Test func eachFilterIsExactOrAPatternAndFiltersCombine() throws {
        let work = try Self.store()
        let (ann, carl, bob) = (Self.annForm, Self.carlForm, Self.bobForm)
        let cases: [([String], [String])] = [
            // Exact: the whole field, case and all.
            (["--title", Self.pump], [ann]),
            (["--title", Self.pump.lowercased()], []),
            (["--title", "Centrifugal"], []),
            // A pattern: the whole field, ignoring case; * any run, ? one character, \ a plain one.
            (["--title", "centrifugal*"], [ann]),
            (["--title", "*PUMP*"], [ann, carl]),
            (["--title", "Boiler Feed Pump Chec?"], [carl]),
            (["--title", "Boiler Feed Pump Che?"], []),
            (["--title", "Boiler\\*"], []),
            (["--instruction", "MI-MECH-0200"], [carl]),
            (["--instruction", "MI-MECH-01??"], [ann]),
            (["--equipment", "boiler*"], [carl]),
            (["--equipment", "*P-205*"], [ann, carl]),
            (["--technician", "ann"], [ann]),
            (["--technician", "ANN"], []),
            (["--foreman", "Bob"], [carl]),
            (["--foreman", "*"], [carl]),
            // Several values of one filter: any; several filters: all.
            (["--technician", "ann", "--technician", "carl"], [ann, carl]),
            (["--technician", "ann", "--technician", "carl", "--title", "Boiler*"], [carl]),
            (["--title", "*pump*", "--equipment", "cooling*"], [ann]),
            // Days of completedDate, both ends included.
            (["--from", "2026-03-02", "--to", "2026-03-02"], [ann]),
            (["--from", "2026-03-03"], [carl]),
            (["--to", "2026-03-04"], [ann]),
            (["--from", "2026-03-06"], []),
            // States: done forms by default; an incomplete form has no completed day.
            (["--state", "incomplete"], [bob]),
            (["--state", "all", "--from", "2026-01-01"], [ann, carl]),
            (["--state", "completed", "--state", "incomplete"], [ann, bob]),
            (["--state", "all", "--flagged"], [ann, carl]),
            (["--state", "all", "--not-flagged"], [bob]),
            // Text: an answer as the review shows it, a question's comment, the foreman's comment.
            (["--text", "*mechanical seal leak*"], [ann, carl]),
            (["--text", "DE bearing running warm; grease bath looked dark."], [ann, carl]),
            (["--text", "*gland packing*"], [carl]),
            (["--text", "*no such words*"], []),
        ]
        for (filters, expected) in cases {
            let (forms, status) = Self.found(work, filters)
            #expect(forms == expected, "\(filters)")
            #expect(status == (expected.isEmpty ? 1 : 0), "\(filters)")
        }
    }

    @Test func badUsageIsRefusedAndAMissingStoreIsNotANoMatch() throws {
        let work = try Self.store()
        for arguments in [
            ["find", "--flagged", "--not-flagged"], ["find", "--from", "March 2"],
            ["find", "--to", "2026-03-02T10:00"],
            ["find", "--from", "2026-02-30"], ["find", "ann"], ["find", "--state", "done"],
        ] {
            let outcome = runStore(arguments + ["--root", work.root, "--config", work.config])
            #expect(outcome.status == 64, "\(arguments): \(outcome.standardError)")
        }
        let missing = runStore(["find", "--root", work.root + "/none"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("[store.no-store]"))
        let none = work.run("find", "--title", "none")
        #expect(none.status == 1 && none.standardOutput.isEmpty && none.standardError.isEmpty)
        #expect(work.run("find", "--title", "none", "--format", "json").standardOutput == "[]\n")
        #expect(work.run("help", "find").standardOutput.contains("Exits 0 when a form matches, 1 when none does"))
    }

    /// A broken form is a located warning and the search goes on; a planted link, a FIFO or a
    /// file where a form belongs is left alone as `list` leaves it, and nothing outside is read.
    @Test func brokenFormsAndPlantedThingsDoNotStopTheSearch() throws {
        let work = try Self.store()
        let broken = work.root + "/CompletedMIs/ann/Broken 01-03-2026 10-00-00"
        try FileManager.default.createDirectory(atPath: broken, withIntermediateDirectories: true)
        try "{\n  \"Title\": \"Broken\",\n  \"questions\": [\n    {\"qid\": 1,}\n  ]\n}\n".write(
            toFile: broken + "/form.json", atomically: true, encoding: .utf8)
        // Outside the root: a form folder that a link inside points to, and a user folder likewise.
        let outside = work.folder.path + "/outside"
        try FileManager.default.copyItem(atPath: work.root + "/" + Self.annForm, toPath: outside)
        try FileManager.default.createSymbolicLink(
            atPath: work.root + "/CompletedMIs/ann/Linked 01-03-2026 10-00-00", withDestinationPath: outside)
        try FileManager.default.createDirectory(atPath: work.folder.path + "/dave", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: outside, toPath: work.folder.path + "/dave/Pump 01-03-2026 10-00-00")
        try FileManager.default.createSymbolicLink(
            atPath: work.root + "/CompletedMIs/dave", withDestinationPath: work.folder.path + "/dave")
        let fifoForm = work.root + "/CompletedMIs/ann/Fifo 01-03-2026 10-00-00"
        try FileManager.default.createDirectory(atPath: fifoForm, withIntermediateDirectories: true)
        try #require(mkfifo(fifoForm + "/form.json", 0o600) == 0)

        let outcome = work.run("find", "--title", "*")
        #expect(outcome.status == 0)
        #expect(
            outcome.standardOutput.split(separator: "\n").map { String($0.prefix { $0 != " " }) } == [
                "CompletedMIs/ann/Centrifugal", "Outbox/carl/Boiler",
            ])
        let errors = outcome.standardError
        // What is not a form is named as `list` names it, or passed over as `list` passes it.
        let list = work.run("list", "--state", "all")
        let strays = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("warning: ") } }
        #expect(strays(errors) == strays(list.standardError))
        #expect(errors.contains("warning: 'CompletedMIs/ann/Fifo 01-03-2026 10-00-00' is not a form; left alone"))
        #expect(
            errors.contains(
                "questionkit store find: warning: the form 'CompletedMIs/ann/Broken 01-03-2026 10-00-00' cannot be read"
            ))
        #expect(errors.contains("\(broken)/form.json:4:14: error: trailing comma"), "\(errors)")
        #expect(!errors.contains("dave"))
    }

    /// Work counted, never timed: ten times the forms, about ten times the parses and the pattern's
    /// steps (a search that went over the store again for each form would be a hundred times).
    @Test func theSearchCostsWorkInProportionToTheForms() throws {
        let work = try StoreForemanCommandTests.completedForm()
        func search(copies: Int) throws -> WorkCounter {
            let area = work.root + "/CompletedMIs/eve"
            try? FileManager.default.removeItem(atPath: area)
            try FileManager.default.createDirectory(atPath: area, withIntermediateDirectories: true)
            for index in 0..<copies {
                try FileManager.default.copyItem(
                    atPath: work.root + "/" + Self.annForm, toPath: area + "/Pump \(index) 01-03-2026 10-00-00")
            }
            let (outcome, counted) = WorkCounter.counting {
                runStore(["find", "--technician", "eve", "--text", "*gland packing*", "--root", work.root])
            }
            #expect(outcome.status == 1, "\(outcome.standardError)")
            return counted
        }
        let small = try search(copies: 10)
        let large = try search(copies: 100)
        for kind in [WorkCounter.Work.jsonParses, .searchSteps] {
            #expect(small[kind] > 0, "\(kind)")
            #expect(large[kind] <= 12 * small[kind], "\(kind): \(small[kind]), then \(large[kind])")
            #expect(large[kind] >= 8 * small[kind], "\(kind): \(small[kind]), then \(large[kind])")
        }
    }
}
