import Foundation
import QuestionKit
import QuestionKitForms
import QuestionTypes
import TestSupport
import Testing

/// Docs/Format.md, the format in our own words, kept honest: its table of key names is generated,
/// and the pages of the repository point to it rather than outside the repository.
@Suite struct FormatPageTests {
    static let pagePath = packageRoot + "/Docs/Format.md"

    @Test func theKeyNamesTableIsTheGeneratedOne() throws {
        let page = try String(contentsOfFile: Self.pagePath, encoding: .utf8)
        let table = KeyNamesTable.markdown(for: try QuestionTypeRegistry(BuiltInQuestionTypes.all))
        let start = try #require(page.range(of: KeyNamesTable.begin), "Docs/Format.md has no generated key table")
        let end = try #require(page.range(of: KeyNamesTable.end))
        let stored = String(page[start.lowerBound..<end.upperBound])
        if ProcessInfo.processInfo.environment["QUESTIONKIT_RECORD_GOLDEN"] == "1", stored != table {
            try page.replacingCharacters(in: start.lowerBound..<end.upperBound, with: table)
                .write(toFile: Self.pagePath, atomically: true, encoding: .utf8)
        }
        #expect(stored == table, "Docs/Format.md's key table is stale; re-record with QUESTIONKIT_RECORD_GOLDEN=1")
    }

    @Test func everyKeyAndTypeIsDescribedOutsideTheTableToo() throws {
        let page = try String(contentsOfFile: Self.pagePath, encoding: .utf8)
        let prose = try #require(page.components(separatedBy: KeyNamesTable.begin).first)
        let registry = try QuestionTypeRegistry(BuiltInQuestionTypes.all)
        let spellings = Set(registry.allKeys.map(\.defaultSpelling)).subtracting(["text", "image", "imageText"])
        let missing = spellings.filter { !prose.contains("`\($0)`") }.sorted()
        #expect(missing.isEmpty, "Docs/Format.md does not describe \(missing)")
        for type in registry.types { #expect(prose.contains("`\(type.description.identifier)`")) }
        let codes = [
            "library.duplicate-revision", "library.revision-not-numeric", "library.no-revision", "library.no-title",
            "keys.spelling-clash",
        ]
        for code in codes {
            #expect(prose.contains(code), "Docs/Format.md does not mention \(code)")
        }
    }

    @Test func theRepositoryDescribesItsFormatItself() throws {
        let pages = ["Docs", "Tests/Templates", "Templates", "Examples"].flatMap { folder in
            (FileManager.default.enumerator(atPath: packageRoot + "/" + folder)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(".md") }.map { packageRoot + "/" + folder + "/" + $0 }
        }
        #expect(pages.contains(Self.pagePath))
        for path in [packageRoot + "/README.md"] + pages {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(!text.contains("MI-FORMAT"), "\(path) points outside the repository for the format")
        }
    }

    /// Issue 25, item 6: the page's whole template (the JSON block of "A whole template") validates
    /// without a problem and has a question of every built-in type.
    @Test func theWholeTemplateValidatesCleanlyWithEveryType() throws {
        let page = try String(contentsOfFile: Self.pagePath, encoding: .utf8)
        let section = try #require(page.components(separatedBy: "\n## A whole template\n").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```json\n").dropFirst().first)
        let json = try #require(block.components(separatedBy: "\n```").first)
        let outcome = runTool(["validate", "-"], standardInput: json)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.isEmpty)
        let registry = try QuestionTypeRegistry(BuiltInQuestionTypes.all)
        for type in registry.types {
            #expect(
                json.contains("\"answer-type\": \"\(type.description.identifier)\""),
                "no \(type.description.identifier)")
        }
        #expect(section.contains("](../Templates/)"))
    }
}
