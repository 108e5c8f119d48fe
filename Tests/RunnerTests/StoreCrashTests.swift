import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Must-show 4: `questionkit store` processes killed (SIGKILL) at random moments while they write
/// (the foreman's `edit` and `attach` of a completed form among them)
/// never leave a truncated or unreadable form, and nothing they leave behind is taken for a form.
@Suite struct StoreCrashTests {
    static let template = packageRoot + "/Templates/pump-inspection.json"
    static let form = "ann/Centrifugal Pump Monthly Inspection 01-03-2026"

    @Test func killedWritersNeverLeaveAHalfWrittenForm() throws {
        let folder = NSTemporaryDirectory() + "questionkit-crash-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let root = folder + "/forms"
        let store = ["--root", root, "--config", try write(folder + "/config.json", #"{"TimeZone": "UTC"}"#)]
        let start = try ToolProcess.run(
            ["store", "start", Self.template, "--user", "ann", "--now", "2026-03-01"] + store)
        try #require(start.status == 0, "the store command must be registered: \(start.standardError)")

        let photo = folder + "/photo.jpg"
        try Data(repeating: 0xAB, count: 4 << 20).write(to: URL(fileURLWithPath: photo))
        let answers = try fixture(in: folder)
        // Issue 23: a completed form for the foreman's edit and attachment.
        _ = try ToolProcess.run(["store", "start", Self.template, "--user", "cal", "--now", "2026-03-01"] + store)
        let cal = "cal/Centrifugal Pump Monthly Inspection 01-03-2026"
        _ = try ToolProcess.run(["store", "fill", cal, "--answers", answers.full] + store)
        let complete = try ToolProcess.run(["store", "complete", cal, "--now", "2026-03-01T12:00:00Z"] + store)
        try #require(complete.status == 0, "\(complete.standardError)")
        let completed = "CompletedMIs/\(cal) 12-00-00"
        let commands: [[String]] = [
            ["fill", Self.form, "--answers", answers.full],
            ["fill", Self.form, "--answers", answers.comment],
            ["attach", Self.form, "--question", "7", photo],
            // Issue 23: the form stops naming the attachment before its file goes.
            ["detach", Self.form, "Qid6"],
            ["start", Self.template, "--user", "bob", "--now", "2026-03-02"],
            ["reminders", "--now", "2026-03-05"],
            ["edit", completed, "2", "--answer", "LOTO-77", "--comment", "Permit re-read", "--foreman", "Bob"],
            ["attach", completed, "--question", "7", photo, "--foreman", "Bob"],
        ]
        // One whole run of each command says how long it takes here; kills then fall anywhere in that time.
        let durations = try commands.map { command in
            let started = Date()
            _ = try ToolProcess.run(["store"] + command + store)
            return UInt32(min(2, Date().timeIntervalSince(started)) * 1_000_000)
        }
        var killed = 0
        for iteration in 0..<100 {
            let index = iteration % commands.count
            if try runAndKill(["store"] + commands[index] + store, after: UInt32.random(in: 0...durations[index])) {
                killed += 1
            }
            try checkEveryForm(in: root)
        }
        // Most runs must really have been cut short, or the test proves nothing.
        #expect(killed >= 25, "only \(killed) of 100 runs were killed before they ended")

        // The next command, whichever it is, clears what the killed ones left: no temporary
        // file anywhere, nothing staged, trashed or pending.
        let leftBehind = leftovers(in: root)
        let list = try ToolProcess.run(["store", "list", "--format", "json"] + store)
        #expect(list.status == 0, "\(list.standardError)")
        #expect(leftovers(in: root).isEmpty, "left after the next command: \(leftovers(in: root)) of \(leftBehind)")
        let listed = try #require(
            try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [[String: Any]])
        #expect(listed.count == (try formFolders(in: root)).count)
        #expect(listed.allSatisfy { $0["problem"] is NSNull })
        #expect(
            listed.allSatisfy { !(($0["form"] as? String) ?? ".").split(separator: "/").contains { $0.hasPrefix(".") } }
        )
        let review = try ToolProcess.run(["review", root + "/" + Self.form + "/form.json"])
        #expect(review.status == 0, "\(review.standardError)")
        // The store still works, and its next change sweeps what the killed writers left.
        let attach = try ToolProcess.run(["store", "attach", Self.form, "--question", "1", photo] + store)
        #expect(attach.status == 0, "\(attach.standardError)")
        let left = try FileManager.default.contentsOfDirectory(atPath: root + "/" + Self.form)
        #expect(left.allSatisfy { !$0.hasPrefix(".") }, "\(left)")
    }

    /// Processes changing one form at once wait for each other: none loses another's change.
    @Test func concurrentWritersLoseNoChange() throws {
        let folder = NSTemporaryDirectory() + "questionkit-concurrent-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = [
            "--root", folder + "/forms", "--config", try write(folder + "/config.json", #"{"TimeZone": "UTC"}"#),
        ]
        let start = try ToolProcess.run(
            ["store", "start", Self.template, "--user", "ann", "--now", "2026-03-01"] + store)
        try #require(start.status == 0, "the store command must be registered: \(start.standardError)")
        let photo = try write(folder + "/photo.jpg", "photo")
        let processes = try (0..<8).map { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ToolProcess.executable)
            process.arguments = ["store", "attach", Self.form, "--question", "2", photo] + store
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        processes.forEach { $0.waitUntilExit() }
        // Each waits up to 2 s for the lock; these short runs all get it.
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let form = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: folder + "/forms/" + Self.form + "/form.json")))
                as? [String: Any])
        let questions = try #require(form["questions"] as? [[String: Any]])
        let images = (questions[1]["user-answer"] as? [String: Any])?["images"] as? [String]
        #expect(images == ["Qid1"] + (2...8).map { "Qid1(\($0))" })
    }

    /// Starts the tool, kills it after `delay` microseconds; whether it was killed before it ended.
    private func runAndKill(_ arguments: [String], after delay: UInt32) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ToolProcess.executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(delay)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal
    }

    /// Every form folder holds a whole form.json and store.json, and every attachment it names.
    private func checkEveryForm(in root: String) throws {
        for folder in try formFolders(in: root) {
            let files = try FileManager.default.contentsOfDirectory(atPath: folder)
            let form = try #require(
                try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/form.json")))
                    as? [String: Any], "a truncated or missing form.json in \(folder): \(files)")
            let questions = try #require(form["questions"] as? [[String: Any]], "no questions in \(folder)")
            #expect(questions.count == 16)
            let record = try? JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: folder + "/store.json")))
            #expect((record as? [String: Any])?["created"] is String, "a truncated or missing store.json in \(folder)")
            for question in questions {
                for name in (question["user-answer"] as? [String: Any])?["images"] as? [String] ?? [] {
                    #expect(files.contains(name + ".jpg"), "\(folder) names \(name) without its file")
                }
            }
        }
    }

    /// What killed writers leave: temporary files anywhere, and anything in the staging, trash and
    /// pending folders.
    private func leftovers(in root: String) -> [String] {
        let all = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return all.filter { path in
            path.split(separator: "/").last?.hasPrefix(".qk-") == true
                || [".staging/", ".trash/", ".pending/"].contains { path.hasPrefix($0) }
        }.sorted()
    }

    /// The folders that are forms: not hidden, in a user's folder, in any state.
    private func formFolders(in root: String) throws -> [String] {
        let manager = FileManager.default
        var users = try manager.contentsOfDirectory(atPath: root).filter { !$0.hasPrefix(".") }.map { root + "/" + $0 }
        for area in ["CompletedMIs", "Outbox", "Error"] {
            users.removeAll { $0 == root + "/" + area }
        }
        let completed = root + "/CompletedMIs"
        users += try manager.contentsOfDirectory(atPath: completed).filter { !$0.hasPrefix(".") }.map {
            completed + "/" + $0
        }
        return try users.flatMap { user in
            try manager.contentsOfDirectory(atPath: user).filter { !$0.hasPrefix(".") }.map { user + "/" + $0 }
        }
    }

    private func fixture(in folder: String) throws -> (full: String, comment: String) {
        let bundled = packageRoot + "/Templates/fixtures/pump-inspection.fixture.json"
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: bundled))) as? [String: Any])
        let answers = try #require(object["answers"] as? [String: [String: Any]])
        object = ["answers": answers.mapValues { $0.filter { $0.key != "media" } }]
        let full = try write(folder + "/full.fixture.json", object)
        let comment = try write(
            folder + "/comment.fixture.json",
            [
                "answers": ["1": ["comment": String(repeating: "long note ", count: 500)]],
                "steps": ["fill", "exit"],
            ] as [String: Any])
        return (full, comment)
    }

    private func write(_ path: String, _ object: Any) throws -> String {
        let data = try (object as? String).map { Data($0.utf8) } ?? JSONSerialization.data(withJSONObject: object)
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }
}
