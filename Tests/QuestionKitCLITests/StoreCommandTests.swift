import Foundation
import QuestionKit
import QuestionKitForms
import QuestionTypes
import TestSupport
import Testing

@testable import QuestionKitCLI

/// Runs the tool in-process with the store command, whether or not the tool registers it yet.
func runStore(_ arguments: [String]) -> QuestionKitTool.Outcome {
    let standard = QuestionKitTool.standardCommands
    let commands = standard.contains { $0.name == "store" } ? standard : standard + [StoreCommand()]
    return QuestionKitTool(types: BuiltInQuestionTypes.all, commands: commands).run(["store"] + arguments)
}

/// A store folder with a UTC configuration, and the bundled pump-inspection template.
final class StoreWorkspace {
    let folder: TemporaryFolder
    let root: String
    let config: String
    static let template = packageRoot + "/Templates/pump-inspection.json"
    static let form = "ann/Centrifugal Pump Monthly Inspection 01-03-2026"

    init() throws {
        folder = try TemporaryFolder()
        root = folder.path + "/forms"
        config = try folder.write("store.json", #"{"TimeZone": "UTC"}"#)
    }

    /// Runs `store SUBCOMMAND ARGUMENTS --root ROOT --config CONFIG`.
    func run(_ arguments: String...) -> QuestionKitTool.Outcome {
        runStore(arguments + ["--root", root, "--config", config])
    }

    /// The bundled pump fixture's answers for questions `from` to 16, without media (attached as files).
    func answers(from first: Int, steps: String? = nil) throws -> String {
        let fixture = packageRoot + "/Templates/fixtures/pump-inspection.fixture.json"
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: fixture))) as? [String: Any])
        let all = try #require(object["answers"] as? [String: [String: Any]])
        var answers: [String: Any] = [:]
        for (key, entry) in all where Int(key) ?? 0 >= first { answers[key] = entry.filter { $0.key != "media" } }
        var result: [String: Any] = ["answers": answers]
        if let steps { result["steps"] = try JSONSerialization.jsonObject(with: Data(steps.utf8)) }
        let data = try JSONSerialization.data(withJSONObject: result)
        return try folder.write("answers-\(first).fixture.json", String(decoding: data, as: UTF8.self))
    }
}

@Suite struct StoreCommandTests {
    /// Must-show 1: the scripted lifecycle ends with a completed form in the outbox that `review` reads.
    @Test func theScriptedLifecycleEndsInTheOutbox() throws {
        let work = try StoreWorkspace()
        let start = work.run("start", StoreWorkspace.template, "--user", "ann", "--now", "2026-03-01T10:00:00Z")
        #expect(start.status == 0, "\(start.standardError)")
        #expect(start.standardOutput.hasPrefix("started \(StoreWorkspace.form)\n16 questions; reminders 1 and 2 days"))
        let form = StoreWorkspace.form

        let part = work.run(
            "fill", form, "--answers", try work.answers(from: 1, steps: #"["fill", "next", "fill", "exit"]"#))
        #expect(part.status == 0, "\(part.standardError)")
        #expect(part.standardOutput.hasSuffix("saved \(form): 2 of 16 questions done; the walk ended in 'exited'\n"))

        let rest = work.run("fill", form, "--answers", try work.answers(from: 3))
        #expect(rest.status == 0, "\(rest.standardError)")
        #expect(rest.standardOutput.contains("saved \(form): 16 of 16 questions done; the walk ended in 'review'"))

        for photo in ["first.jpg", "second.jpg"] {
            let file = try work.folder.write(photo, "JPEG bytes of \(photo)")
            let attach = work.run("attach", form, "--question", "7", file)
            #expect(attach.status == 0, "\(attach.standardError)")
        }
        let completed = work.run("complete", form, "--now", "2026-03-02T14:05:09Z")
        #expect(completed.standardOutput == "completed \(form)\nmoved to CompletedMIs/\(form) 14-05-09\n")
        let done = "CompletedMIs/\(form) 14-05-09"
        #expect(work.run("comment", done, "--foreman", "Bob", "--text", "Seal work next week.").status == 0)
        let submit = work.run("submit", done, "--now", "2026-03-03T09:00:00Z")
        #expect(submit.status == 0, "\(submit.standardError)")
        let outboxFile = "\(work.root)/Outbox/\(form) 14-05-09/form.json"
        #expect(
            submit.standardOutput == """
                submitted \(done)
                wrote \(outboxFile) with 2 attachments: Qid6.jpg, Qid6(2).jpg
                removed the working copy \(done) (now Outbox/\(form) 14-05-09)

                """)
        let photo = try String(contentsOfFile: "\(work.root)/Outbox/\(form) 14-05-09/Qid6(2).jpg", encoding: .utf8)
        #expect(photo == "JPEG bytes of second.jpg")

        let review = runTool(["review", outboxFile])
        #expect(review.status == 0 && review.standardError.isEmpty, "\(review.standardError)")
        #expect(review.standardOutput.contains("Work performed by: ann   Date: Mar 2, 2026"))
        #expect(review.standardOutput.contains("Work leader review: Bob"))
        let json = try String(contentsOfFile: outboxFile, encoding: .utf8)
        #expect(json.contains("\"images\": [\n          \"Qid6\",\n          \"Qid6(2)\"\n        ]"))
        #expect(json.contains("\"SubmittedDate\": \"Mar 3, 2026\""))
        #expect(work.run("list", "--state", "all").standardOutput.hasPrefix("submitted   Outbox/\(form) 14-05-09"))
    }

    /// Issue 23, must show: the outbox copy of an MI form carries its photo, video and voice note
    /// as base64, as the original app uploaded it, and the original viewer's stand-in reads it.
    @Test func theOutboxCopyCarriesEveryAttachmentForTheOriginalViewer() throws {
        let work = try StoreWorkspace()
        let form = StoreWorkspace.form
        _ = work.run("start", StoreWorkspace.template, "--user", "ann", "--now", "2026-03-01T10:00:00Z")
        #expect(work.run("fill", form, "--answers", try work.answers(from: 1)).status == 0)
        let contents = ["seal.jpg": "a photo", "drip.mov": "a video", "note.m4a": "a voice note"]
        for name in ["seal.jpg", "drip.mov", "note.m4a"] {
            let attach = work.run("attach", form, "--question", "7", try work.folder.write(name, contents[name] ?? ""))
            #expect(attach.status == 0, "\(attach.standardError)")
        }
        _ = work.run("complete", form, "--now", "2026-03-02T14:05:09Z")
        let submit = work.run("submit", "CompletedMIs/\(form) 14-05-09", "--foreman", "Bob")
        #expect(submit.status == 0 && submit.standardError.isEmpty, "\(submit.standardError)")
        let outboxFile = "\(work.root)/Outbox/\(form) 14-05-09/form.json"
        let page = try OriginalViewer.open(Data(contentsOf: URL(fileURLWithPath: outboxFile)))
        func base64(_ name: String) -> String { Data((contents[name] ?? "").utf8).base64EncodedString() }
        #expect(page.images == ["Qid6": base64("seal.jpg")])
        #expect(page.videos == ["Qid6(2)": base64("drip.mov")])
        #expect(page.voice == ["Qid6(3)": base64("note.m4a")])
        let review = runTool(["review", outboxFile])
        #expect(review.status == 0 && review.standardError.isEmpty, "\(review.standardError)")
    }

    @Test func listAndRemindersPrintForPeople() throws {
        let work = try StoreWorkspace()
        _ = work.run("start", StoreWorkspace.template, "--user", "ann", "--now", "2026-03-01T10:00:00Z")
        _ = work.run("start", StoreWorkspace.template, "--user", "ann", "--now", "2026-03-01T12:00:00Z")
        #expect(
            work.run("list", "--user", "ann").standardOutput == """
                incomplete  \(StoreWorkspace.form)         0/16  rev 3  started 2026-03-01T10:00:00Z
                incomplete  \(StoreWorkspace.form) (2)     0/16  rev 3  started 2026-03-01T12:00:00Z
                2 forms

                """)
        let reminders = work.run("reminders", "--now", "2026-03-02T11:00:00Z")
        #expect(
            reminders.standardOutput == """
                gave a reminder to ann about \(StoreWorkspace.form) (due 2026-03-02T10:00:00Z)
                3 pending:
                  2026-03-02T12:00:00Z  ann  \(StoreWorkspace.form) (2)
                  2026-03-03T10:00:00Z  ann  \(StoreWorkspace.form)
                  2026-03-03T12:00:00Z  ann  \(StoreWorkspace.form) (2)

                """)
        let notices = work.run("notices", "--user", "ann")
        #expect(notices.standardOutput.hasPrefix("2026-03-02T11:00:00Z  reminder  Reminder: your form"))
        #expect(notices.standardOutput.hasSuffix("\n1 notice\n"))
        #expect(work.run("notices", "--user", "ann").standardOutput == "no notices for ann\n")
        let expire = work.run("expire", "--now", "2026-03-08T11:00:00Z")
        #expect(expire.standardOutput.hasPrefix("deleted \(StoreWorkspace.form) (started 2026-03-01T10:00:00Z): "))
        #expect(
            expire.standardOutput.hasSuffix("removed form.json, store.json\n  notice left for ann\nexpired 1 form\n"))
    }

    @Test func reassignAndDeleteSayWhatTheyDid() throws {
        let work = try StoreWorkspace()
        _ = work.run("start", StoreWorkspace.template, "--user", "ann", "--now", "2026-03-01T10:00:00Z")
        _ = work.run("start", StoreWorkspace.template, "--user", "bob", "--now", "2026-03-01T10:00:00Z")
        let bobs = "bob/Centrifugal Pump Monthly Inspection 01-03-2026"
        let reassign = work.run("reassign", bobs, "--to", "ann")
        #expect(reassign.status == 0)
        #expect(
            reassign.standardOutput.hasPrefix("reassigned \(bobs) to ann: now \(StoreWorkspace.form) (2)\nrenamed: "))
        #expect(
            work.run("notices", "--user", "bob", "--format", "json").standardOutput.contains("\"kind\": \"reassigned\"")
        )
        let delete = work.run("delete", StoreWorkspace.form + " (2)")
        #expect(delete.standardOutput == "deleted \(StoreWorkspace.form) (2): removed form.json, store.json\n")
    }

    /// Issue 23, item 8: `detach` deletes an attachment with its file and says so; a name the form
    /// does not have exits 1 with the coded error, listing the ones it has.
    @Test func detachDeletesAnAttachmentAndSaysWhatItRemoved() throws {
        let work = try StoreWorkspace()
        _ = work.run("start", StoreWorkspace.template, "--user", "ann", "--now", "2026-03-01T10:00:00Z")
        let photo = try work.folder.write("p.jpg", "photo")
        #expect(work.run("attach", StoreWorkspace.form, photo, "--question", "3").status == 0)
        #expect(work.run("attach", StoreWorkspace.form, photo, "--question", "3").status == 0)

        let unknown = work.run("detach", StoreWorkspace.form, "Qid3.jpg")
        #expect(unknown.status == 1 && unknown.standardOutput.isEmpty)
        #expect(
            unknown.standardError.contains(
                "has no attachment 'Qid3.jpg' [store.no-such-attachment]"), "\(unknown.standardError)")
        #expect(unknown.standardError.contains("Its attachments: Qid2.jpg, Qid2(2).jpg."))

        let detach = work.run("detach", StoreWorkspace.form, "Qid2")
        #expect(detach.status == 0, "\(detach.standardError)")
        #expect(
            detach.standardOutput
                == "detached Qid2.jpg (image) from question 3 of \(StoreWorkspace.form); removed Qid2.jpg\n")
        let folder = work.root + "/" + StoreWorkspace.form
        #expect(!FileManager.default.fileExists(atPath: folder + "/Qid2.jpg"))
        #expect(FileManager.default.fileExists(atPath: folder + "/Qid2(2).jpg"))
        #expect(work.run("detach", StoreWorkspace.form).status == 64)
    }

    @Test func refusalsExitWithOneAndSayWhy() throws {
        let work = try StoreWorkspace()
        let escape = work.run("start", StoreWorkspace.template, "--user", "../../etc")
        #expect(escape.status == 1)
        #expect(
            escape.standardError.hasPrefix(
                "questionkit store start: error: '../../etc' cannot be a user name: it contains '/'"))
        #expect(!FileManager.default.fileExists(atPath: work.folder.path + "/etc"))
        let missing = work.run("list")
        #expect(missing.status == 1 && missing.standardError.contains("there is no store at"))
        _ = work.run("start", StoreWorkspace.template, "--user", "ann", "--now", "2026-03-01T10:00:00Z")
        let open = work.run("complete", StoreWorkspace.form)
        #expect(open.status == 1 && open.standardError.contains("question 1 is neither answered nor commented"))
        let outside = work.run("review", "ann/../../etc")
        #expect(outside.status == 1 && outside.standardError.contains("[store.bad-reference]"))
    }

    @Test func badUsageExitsWith64() throws {
        let work = try StoreWorkspace()
        #expect(runStore([]).standardError.hasPrefix("questionkit store: error: no subcommand given; use 'start'"))
        #expect(
            runStore(["strat"]).standardError.contains("unknown subcommand 'strat' of 'store'; did you mean 'start'?"))
        for outcome in [
            runStore([]), runStore(["strat"]), work.run("start", StoreWorkspace.template),
            work.run("expire", "--now", "yesterday"), work.run("list", "--to", "bob"),
            work.run("attach", "x", "--question", "0", "f"),
        ] {
            #expect(outcome.status == 64, "\(outcome.standardError)")
        }
        #expect(
            work.run("list", "--to", "bob").standardError.hasPrefix(
                "questionkit store: error: 'store list' takes no option '--to'; its options are --root"))
    }

    @Test func aBadConfigurationIsReportedWhereItIsWrong() throws {
        let work = try StoreWorkspace()
        let config = try work.folder.write("bad.json", "{\n  \"DeleteAfterDays\": \"seven\"\n}")
        let outcome = runStore(["expire", "--config", config, "--root", work.root])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.hasPrefix("\(config):2:22: error: 'DeleteAfterDays' must be a number of days"))
    }

    @Test func everySubcommandHasHelp() {
        let store = StoreCommand()
        let overview = runStore(["--help"])
        #expect(overview.status == 0)
        for subcommand in StoreCommand.subcommands {
            #expect(overview.standardOutput.contains("\n  \(subcommand.name) "), "\(subcommand.name)")
            let help = runStore(["help", subcommand.name])
            #expect(help.status == 0)
            #expect(help.standardOutput.hasPrefix("USAGE: questionkit store \(subcommand.name) [--root DIR]"))
            let asked = try? ParsedArguments.parse([subcommand.name, "--help"], options: store.options + [.help])
            #expect(asked.map { store.helpText(for: $0, toolName: "questionkit") } == help.standardOutput)
            #expect(runStore([subcommand.name, "--help"]).status == 0)
        }
        #expect(
            runStore(["help", "attach"]).standardOutput.hasPrefix(
                "USAGE: questionkit store attach [--root DIR] [--config FILE] [--keys FILE] --question N "
                    + "[--kind image|video|voice] [--foreman NAME] [--now DATE] FORM FILE\n"))
    }
}
