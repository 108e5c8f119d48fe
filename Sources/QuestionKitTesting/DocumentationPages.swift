import Foundation
import QuestionKit
import QuestionKitForms

/// A folder of committed documentation pages (`docs --out FOLDER`) that must be exactly what the
/// types generate: a changed example, summary or rule shows in review as a changed page.
public struct DocumentationPages: Sendable {
    /// The folder, e.g. `/path/to/package/Docs/QuestionTypes`.
    public let folder: String
    /// The command that writes the pages again, named in the failure: `swift run gauge-kit docs --out Docs`.
    public let refreshCommand: String

    /// The pages in `folder`, which `refreshCommand` writes.
    public init(folder: String, refreshCommand: String) {
        self.folder = folder
        self.refreshCommand = refreshCommand
    }

    /// A failure for each page that differs or is missing, and for each page no type generates.
    func failures(registry: QuestionTypeRegistry, keys: KeyMap) -> [QuestionTypeFailure] {
        let pages = DocumentationSet(registry: registry, keys: keys).pages
        var failures: [QuestionTypeFailure] = []
        for page in pages {
            let path = folder + "/" + page.fileName
            if FileManager.default.contents(atPath: path) != Data(page.markdown.utf8) {
                failures.append(
                    QuestionTypeFailure(
                        check: .documentation, type: nil, location: path,
                        reason: "\(path) is out of date or missing; refresh it with '\(refreshCommand)'"))
            }
        }
        let generated = Set(pages.map(\.fileName))
        let committed = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for stray in committed.sorted() where stray.hasSuffix(".md") && !generated.contains(stray) {
            let path = folder + "/" + stray
            failures.append(
                QuestionTypeFailure(
                    check: .documentation, type: nil, location: path,
                    reason: "\(path) is a page no registered type generates; remove it"))
        }
        return failures
    }
}
