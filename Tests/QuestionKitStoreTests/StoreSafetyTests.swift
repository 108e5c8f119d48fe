import Foundation
import QuestionKitFiles
import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitStore

/// Names that could escape the root, atomic writes, the lock, and what a killed process leaves.
@Suite struct StoreSafetyTests {
    @Test(arguments: [
        "../../etc", "..", ".", ".hidden", "a/b", "/etc", "a\\b", "x\u{0}y", "tab\there", "CompletedMIs", "error",
        "OUTBOX", " ann", "", String(repeating: "é", count: 51),
    ])
    func unsafeUserNamesAreRefusedAndNothingIsWritten(user: String) throws {
        let folder = try StoreFolder()
        let error = try #require(throws: StoreError.self) { try folder.start(user) }
        #expect(error.code == "store.bad-user")
        #expect(error.message.hasPrefix(StoreNames.quoted(user) + " cannot be a user name: "))
        #expect(folder.tree().allSatisfy { $0 == "forms" || $0.hasPrefix("forms/.") })
    }

    /// Issue 24: `Outbox` followed by a zero-width space was a user of its own, shown as the store's
    /// Outbox folder. A name with a character that shows as nothing or as a plain space (formats such
    /// as U+200B and U+FEFF, other spaces, separators, default-ignorable code points) is refused.
    @Test(arguments: [
        "\u{200B}Outbox", "Out\u{00AD}box", "ann\u{2060}", "a\u{00A0}b", "Outbox\u{FEFF}", "\u{3000}ann", "a\u{2028}b",
        "ann\u{FE0F}", "ann\u{115F}", "\u{202E}nna",
    ])
    func userNamesWithInvisibleCharactersAreRefused(user: String) throws {
        let folder = try StoreFolder()
        let error = try #require(throws: StoreError.self) { try folder.start(user) }
        #expect(error.code == "store.bad-user")
        #expect(
            error.message.hasPrefix(StoreNames.quoted(user) + " cannot be a user name: it contains "),
            "\(error.message)")
        #expect(folder.tree().allSatisfy { $0 == "forms" || $0.hasPrefix("forms/.") })
    }

    @Test func theInvisibleCharacterIsNamedAndSpelledOut() throws {
        let folder = try StoreFolder()
        let error = try #require(throws: StoreError.self) { try folder.start("Outbox\u{200B}") }
        #expect(error.message == #"'Outbox\u{200b}' cannot be a user name: it contains the invisible character U+200B"#)
        // A long name is quoted by its first characters, as diagnostics quote values.
        let long = try #require(throws: StoreError.self) { try folder.start(String(repeating: "a", count: 100_000)) }
        #expect(
            long.message.hasPrefix("'" + String(repeating: "a", count: 200) + "…' cannot be a user name: it is 100000"))
        // Visible letters of any script stay welcome.
        #expect(try StoreNames.checkUser("José Ødegård 李", reserved: ["Outbox"]) == "José Ødegård 李")
    }

    @Test func aTitleWithSlashesAndControlCharactersStaysInsideTheRoot() throws {
        let folder = try StoreFolder()
        let text = StoreFolder.templateText.replacingOccurrences(
            of: "Pump A/B check", with: "../../etc/passwd\\u0000\\n x/" + String(repeating: "y", count: 300))
        let stored = try folder.store.start(
            template: folder.template(text), user: "ann", now: StoreFolder.date("2026-03-01"))
        let expected = "etc-passwd x-" + String(repeating: "y", count: StoreNames.maxTitleBytes - 13) + " 01-03-2026"
        #expect(stored.reference.path == "ann/" + expected)
        #expect(folder.tree().allSatisfy { $0 == "forms" || $0.hasPrefix("forms/") })
    }

    @Test func titlesMapAsDocumented() {
        #expect(StoreNames.safeTitle("Pump A/B\\C") == "Pump A-B-C")
        #expect(StoreNames.safeTitle("  ..-.Hidden\t\ttitle  ") == "Hidden title")
        #expect(StoreNames.safeTitle("../..") == "Untitled")
        #expect(StoreNames.safeTitle(nil) == "Untitled")
        // Cut at a character boundary, never inside one.
        #expect(StoreNames.safeTitle(String(repeating: "温", count: 50)) == String(repeating: "温", count: 40))
        #expect(StoreNames.baseName("Pump 01-03-2026 (12)") == "Pump 01-03-2026")
        #expect(StoreNames.baseName("Pump (A)") == "Pump (A)")
    }

    @Test(arguments: [
        "../x", "ann/../../x", "/etc/passwd", "ann/.hidden", "ann", "Error/ann", "a/b/c/d", "CompletedMIs/x",
        "ann//x", "Outbox/../x/y",
    ])
    func referencesCannotLeaveTheRoot(text: String) throws {
        let folder = try StoreFolder()
        let error = try #require(throws: StoreError.self) { try folder.store.reference(text) }
        #expect(error.code == "store.bad-reference")
    }

    @Test func aSymbolicLinkInsideTheStoreIsNeverFollowed() throws {
        let folder = try StoreFolder()
        let stored = try folder.start()
        let outside = folder.path + "/outside"
        try FileManager.default.createDirectory(atPath: outside + "/X", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: outside + "/X/form.json"))
        try FileManager.default.createSymbolicLink(atPath: folder.store.root + "/eve", withDestinationPath: outside)
        #expect(try folder.store.list().forms.map(\.reference) == [stored.reference])
        let delete = try #require(throws: StoreError.self) { try folder.store.delete(folder.store.reference("eve/X")) }
        #expect(
            delete.message.hasSuffix(
                "forms/eve' is a symbolic link; the store follows no link and uses nothing there it did not make"))
        #expect(throws: StoreError.self) { try folder.start("eve") }
        #expect(FileManager.default.fileExists(atPath: outside + "/X/form.json"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == ["X"])
    }

    @Test func anEmptyRootIsTheCurrentFolderNeverTheFileSystemRoot() throws {
        let store = FormStore(root: "", reader: TemplateReader(registry: try SessionFixture.registry()))
        #expect(store.root == ".")
        #expect(try store.reference("ann/X").path == "ann/X")
        #expect(store.folder(of: try store.reference("ann/X")) == "./ann/X")
    }

    @Test func referencesReadAsListPrintsThem() throws {
        let folder = try StoreFolder()
        let store = folder.store
        #expect(try store.reference("ann/X 01-03-2026").state == .incomplete)
        #expect(try store.reference("CompletedMIs/ann/X").user == "ann")
        #expect(try store.reference("Outbox/ann/X/").state == .submitted)
        #expect(try store.reference(store.root + "/ann/X/form.json").path == "ann/X")
    }

    /// The file helpers' failures keep their words in the store's error, with the store's codes.
    @Test func fileFailuresAreReportedWithTheStoresCodes() throws {
        let failed = StoreError(FileSystemError.io("read", "a/form.json", "it is missing"))
        #expect(failed.description == "cannot read 'a/form.json': it is missing [store.io]")
        #expect(failed.hint == nil)
        let unsafe = StoreError(FileSystemError.unsafe("a/ann", .link))
        #expect(unsafe.code == "store.unsafe-path")
        #expect(unsafe.message.hasPrefix("'a/ann' is a symbolic link; the store follows no link"))
        #expect(unsafe.hint?.hasPrefix("Nothing was changed.") == true)
    }

    @Test func aBusyStoreIsReportedAfterAShortWait() throws {
        let folder = try StoreFolder()
        try folder.start()
        var store = folder.store
        store.lockWait = 0.1
        let lock = try StoreLock(root: store.root, exclusive: true, wait: 0)
        let error = try #require(throws: StoreError.self) { try store.list() }
        #expect(error.code == "store.busy")
        #expect(
            error.message.hasPrefix("the store '\(store.root)' is busy: another questionkit process is changing it"))
        lock.unlock()
        #expect(try store.list().forms.count == 1)
    }

    @Test func whatAKilledProcessLeftIsNeverAFormAndIsSweptAtTheNextChange() throws {
        let folder = try StoreFolder()
        let reference = try folder.start().reference
        let formFolder = folder.store.folder(of: reference)
        let root = folder.store.root
        try AtomicFile.write("{\"half", to: formFolder + "/.qk-abc.tmp")
        try FileManager.default.createDirectory(atPath: root + "/.staging/half", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/.trash/gone", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/ann/not a form", withIntermediateDirectories: true)
        let listing = try folder.store.list()
        #expect(listing.forms.map(\.reference) == [reference])
        #expect(listing.strays == ["ann/not a form"])
        _ = try folder.store.attach(reference, question: 1, file: try folder.write("p.jpg", "p"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: formFolder).sorted() == [
                "Qid0.jpg", "form.json", "store.json",
            ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/.staging").isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/.trash").isEmpty)
    }

    @Test func aFormInterruptedBeforeItsMoveIsStillIncomplete() throws {
        let folder = try StoreFolder()
        var stored = try folder.start()
        // As if `complete` had written the form and then been killed before moving it.
        stored.form.completedDate = "Mar 2, 2026"
        try folder.store.saveForm(stored)
        let loaded = try folder.store.form(stored.reference)
        #expect(loaded.form.completedDate == nil)
        #expect(FormSession(resuming: loaded.form).phase == .filling)
    }

    @Test func aDamagedFormIsReportedWithWhereItIsDamaged() throws {
        let folder = try StoreFolder()
        let reference = try folder.start().reference
        try AtomicFile.write("{\"Title\": ", to: folder.store.folder(of: reference) + "/form.json")
        let error = try #require(throws: StoreError.self) { try folder.store.form(reference) }
        #expect(error.code == "store.unreadable-form")
        #expect(error.path?.hasSuffix("/form.json") == true && !error.diagnostics.isEmpty)
        #expect(try folder.store.list().forms.first?.problem?.contains("cannot be read") == true)
        #expect(try folder.store.delete(reference).files == ["form.json", "store.json"])
    }

    @Test func aMissingStoreIsReported() throws {
        let folder = try StoreFolder()
        let error = try #require(throws: StoreError.self) { try folder.store.list() }
        #expect(error.code == "store.no-store")
    }
}
