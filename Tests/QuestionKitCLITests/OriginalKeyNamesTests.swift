import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitStore
import QuestionTypes
import TestSupport
import Testing

/// The original app's key list (`TemplateKeys` of its Info.plist) and its store settings, as they are.
@Suite struct OriginalKeyNamesTests {
    static let pagePath = packageRoot + "/Docs/OriginalKeyNames.md"

    private func registry() throws -> QuestionTypeRegistry { try QuestionTypeRegistry(BuiltInQuestionTypes.all) }

    @Test func theDocumentedTableIsTheGeneratedOne() throws {
        let page = OriginalKeyNames.page(for: try registry())
        if ProcessInfo.processInfo.environment["QUESTIONKIT_RECORD_GOLDEN"] == "1" {
            try page.write(toFile: Self.pagePath, atomically: true, encoding: .utf8)
        }
        let stored = try String(contentsOfFile: Self.pagePath, encoding: .utf8)
        #expect(stored == page, "Docs/OriginalKeyNames.md is stale; re-record with QUESTIONKIT_RECORD_GOLDEN=1")
    }

    static let originalPlist = referenceFile("MIApp-Info.plist")

    @Test(.enabled(if: originalPlist != nil, "../shared/refdata/mi/MIApp-Info.plist is absent"))
    func theOriginalsInfoPlistIsAKeyMapAsItIsAndEveryNameIsDocumented() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try #require(Self.originalPlist))))
        let (keys, diagnostics) = KeyMap.load(bytes, registry: try registry())
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(keys.spelling(of: .foremanCommentText) == "comment")
        #expect(keys.spelling(of: .revisionNumber) == "RevisionNumber")
        #expect(keys.spelling(of: TableAnswerQuestion.noCells) == "noCells")
        let top = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: Any]
        let list = try #require(top?["TemplateKeys"] as? [String: String])
        let documented = Set(OriginalKeyNames.rows(for: try registry()).map(\.originalName))
        #expect(list.count > 50)
        #expect(Set(list.keys).subtracting(documented).isEmpty)
    }

    @Test func theOriginalsNamesRenameOurKeysAndValues() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleName</key><string>MI</string>
            <key>TemplateKeys</key><dict>
              <key>cellsThatAreNotAnswerable</key><string>blocked</string>
              <key>foremanComment</key><string>note</string>
              <key>version</key><string>Rev</string>
              <key>shortAnswerQuestion</key><string>short-answer</string>
              <key>rowTypeText</key><string>txt</string>
            </dict></dict></plist>
            """
        let (keys, diagnostics) = KeyMap.load(Array(text.utf8), registry: try registry())
        #expect(keys.spelling(of: TableAnswerQuestion.noCells) == "blocked")
        #expect(keys.spelling(of: .foremanCommentText) == "note")
        #expect(keys.spelling(of: .foremanComment) == "foremanComment")
        #expect(keys.spelling(of: .revisionNumber) == "Rev")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(keys.spelling(ofValue: "short-answer", in: .answerType) == "short-answer")
        #expect(keys.spelling(ofValue: "text", in: TableAnswerQuestion.rowType) == "txt")
        // Outside the original's key list, our names come first.
        let (plain, problems) = KeyMap.load(
            Array(#"{"foremanComment": "boss", "numberOfRows": "rows"}"#.utf8), registry: try registry())
        #expect(problems.isEmpty)
        #expect(plain.spelling(of: .foremanComment) == "boss")
        #expect(plain.spelling(of: TableAnswerQuestion.numRows) == "rows")
    }

    @Test(.enabled(if: originalPlist != nil, "../shared/refdata/mi/MIApp-Info.plist is absent"))
    func theOriginalsInfoPlistIsAStoreConfigurationAsItIs() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try #require(Self.originalPlist))))
        let (configuration, diagnostics) = StoreConfiguration.load(bytes)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(configuration?.deleteAfterDays == 7)
        #expect(configuration?.sendNotificationAfterDays == [6, 4, 5, 0.0002])
        #expect(configuration?.completedFolder == "CompletedMIs" && configuration?.noticesFolder == "Error")
    }
}
