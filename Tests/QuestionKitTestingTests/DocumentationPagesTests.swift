import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitTesting
import TestSupport
import Testing

@Suite struct DocumentationPagesTests {
    let refresh = "swift run checked-kit docs --out Docs"

    /// A folder holding the pages the test type generates today.
    private func currentPages() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for page in DocumentationSet(registry: try QuestionTypeRegistry([CheckedTestQuestion()])).pages {
            try folder.write(page.fileName, page.markdown)
        }
        return folder
    }

    private func failures(_ folder: TemporaryFolder) -> [QuestionTypeFailure] {
        let pages = DocumentationPages(folder: folder.path, refreshCommand: refresh)
        return QuestionTypeChecks([CheckedTestQuestion()], documentation: pages).failures()
    }

    @Test func pagesThatMatchPass() throws {
        #expect(failures(try currentPages()) == [])
    }

    @Test func aChangedMissingOrStrayPageFailsNamingTheRefreshCommand() throws {
        let folder = try currentPages()
        try folder.write("checked.md", "# edited\n")
        try FileManager.default.removeItem(atPath: folder.path + "/README.md")
        try folder.write("gone.md", "# old\n")
        #expect(
            failures(folder).map(\.description) == [
                "\(folder.path)/checked.md is out of date or missing; refresh it with '\(refresh)'",
                "\(folder.path)/README.md is out of date or missing; refresh it with '\(refresh)'",
                "\(folder.path)/gone.md is a page no registered type generates; remove it",
            ])
        #expect(
            failures(folder).allSatisfy { $0.check == .documentation && $0.location?.hasPrefix(folder.path) == true })
    }
}
