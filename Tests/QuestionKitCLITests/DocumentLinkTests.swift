import Foundation
import TestSupport
import Testing

/// The repository's Markdown pages, followed as a new reader follows them: every relative link leads
/// to a file or folder that exists and, with `#anchor`, to a heading of the page it names.
@Suite struct DocumentLinkTests {
    /// README.md, BENCHMARKS.md and every page under Docs, Templates, Tests/Templates and Examples.
    static func pages() -> [String] {
        let folders = ["Docs", "Templates", "Tests/Templates", "Examples"]
        let nested = folders.flatMap { folder in
            (FileManager.default.enumerator(atPath: packageRoot + "/" + folder)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(".md") && !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
                .map { folder + "/" + $0 }
        }
        return ["README.md", "BENCHMARKS.md"] + nested.sorted()
    }

    @Test func everyRelativeLinkResolves() throws {
        let pages = Self.pages()
        #expect(pages.contains("Docs/Contributing.md") && pages.contains("Docs/QuestionTypes/README.md"))
        var failures: [String] = []
        var followed = 0
        for page in pages {
            let text = try String(contentsOfFile: packageRoot + "/" + page, encoding: .utf8)
            for link in MarkdownLinks.relativeLinks(in: text) {
                followed += 1
                let (path, anchor) = MarkdownLinks.split(link.target)
                let target = path.isEmpty ? page : MarkdownLinks.resolve(path, from: page)
                guard FileManager.default.fileExists(atPath: packageRoot + "/" + target) else {
                    failures.append("\(page):\(link.line): '\(link.target)' leads to nothing")
                    continue
                }
                guard let anchor, target.hasSuffix(".md") else { continue }
                let targetPage = try String(contentsOfFile: packageRoot + "/" + target, encoding: .utf8)
                if !MarkdownLinks.anchors(in: targetPage).contains(anchor) {
                    failures.append("\(page):\(link.line): '\(link.target)': \(target) has no heading '#\(anchor)'")
                }
            }
        }
        #expect(followed > 50, "the pages hold \(followed) links; are they read?")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func linksInCodeAreNotLinksAndAnchorsAreTheHeadingsWords() {
        let text = """
            # The `store`: a folder, kept
            See [Store.md](Store.md#the-commands) and [`Examples/`](../Examples), not `[a](b)`.
            ```
            [c](d)
            # not a heading
            ```
            ![A page](images/page.png) [web](https://example.com) [here](#the-store-a-folder-kept)
            ## Again
            ## Again
            """
        #expect(
            MarkdownLinks.relativeLinks(in: text).map(\.target) == [
                "Store.md#the-commands", "../Examples", "images/page.png", "#the-store-a-folder-kept",
            ])
        #expect(MarkdownLinks.relativeLinks(in: text).map(\.line) == [2, 2, 7, 7])
        #expect(MarkdownLinks.anchors(in: text) == ["the-store-a-folder-kept", "again", "again-1"])
        #expect(MarkdownLinks.resolve("../Examples", from: "Docs/Contributing.md") == "Examples")
        #expect(MarkdownLinks.resolve("images/a.png", from: "Docs/PrintedForm.md") == "Docs/images/a.png")
    }

    @Test func theReadmeIsTheWayInAtMost200Lines() throws {
        let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(lines <= 200, "README.md has \(lines) lines; the reference belongs in Docs/")
    }
}

/// Links and headings of a Markdown page, outside code, as GitHub renders them.
enum MarkdownLinks {
    /// The `[text](target)` and `![alt](target)` links whose target is not a URL (no `scheme:`).
    static func relativeLinks(in text: String) -> [(target: String, line: Int)] {
        var links: [(target: String, line: Int)] = []
        for (index, line) in proseLines(of: text) {
            var rest = Substring(withoutCodeSpans(line))
            while let open = rest.range(of: "](") {
                rest = rest[open.upperBound...]
                guard let close = rest.firstIndex(of: ")") else { break }
                let target = String(rest[..<close])
                rest = rest[close...]
                let isURL = target.prefix(while: { $0 != "/" && $0 != "#" }).contains(":")
                if !target.isEmpty, !target.contains(" "), !isURL { links.append((target, index + 1)) }
            }
        }
        return links
    }

    /// The anchors of the page's headings: lowercase, punctuation dropped, spaces as hyphens, and a
    /// repeated heading numbered from 1.
    static func anchors(in text: String) -> [String] {
        var seen: [String: Int] = [:]
        return proseLines(of: text).compactMap { _, line in
            guard line.hasPrefix("#"), let space = line.firstIndex(of: " "),
                line[..<space].allSatisfy({ $0 == "#" })
            else { return nil }
            let words = line[space...].trimmingCharacters(in: .whitespaces).lowercased()
            let slug = String(
                words.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == " " }
                    .map { $0 == " " ? "-" : $0 })
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            return count == 0 ? slug : "\(slug)-\(count)"
        }
    }

    /// A target split at `#` into its path and its anchor.
    static func split(_ target: String) -> (path: String, anchor: String?) {
        guard let hash = target.firstIndex(of: "#") else { return (target, nil) }
        return (String(target[..<hash]), String(target[target.index(after: hash)...]))
    }

    /// `path` relative to the folder of `page`, both relative to the package, `..` and `.` resolved.
    static func resolve(_ path: String, from page: String) -> String {
        var parts = page.split(separator: "/").dropLast().map(String.init)
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    /// The lines outside fenced code blocks, with their 0-based numbers.
    private static func proseLines(of text: String) -> [(Int, String)] {
        var inFence = false
        var lines: [(Int, String)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                inFence.toggle()
            } else if !inFence {
                lines.append((index, String(line)))
            }
        }
        return lines
    }

    /// `line` without its code spans (`` `like this` ``), whose brackets are not links.
    private static func withoutCodeSpans(_ line: String) -> String {
        line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset.isMultiple(of: 2) }.map(\.element).joined()
    }
}
