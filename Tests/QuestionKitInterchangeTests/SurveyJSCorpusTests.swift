import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitInterchange
import QuestionTypes
import TestSupport
import Testing

/// Every SurveyJS survey of the shared corpus (`../shared/corpus/surveyjs`): converted without a
/// crash, every page and element accounted for, every problem located.
struct SurveyJSCorpusTests {
    static let folder = sharedFolder("corpus/surveyjs")

    static let surveys: [String] = {
        guard let folder else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    static func bytes(_ name: String) throws -> [UInt8] {
        let folder = try #require(folder)
        return Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    }

    @Test(.enabled(if: folder != nil, "../shared/corpus/surveyjs is absent (a clean checkout)"))
    func theCorpusHoldsSurveys() {
        #expect(Self.surveys.count > 100)
    }

    @Test(
        .enabled(if: folder != nil, "../shared/corpus/surveyjs is absent (a clean checkout)"),
        arguments: surveys)
    func convertsWithEveryElementAccountedFor(name: String) throws {
        let bytes = try Self.bytes(name)
        let result = SurveyJSReader(registry: builtInRegistry).read(bytes)
        _ = try #require(result.template, "\(result.diagnostics.first?.message ?? "")")
        let counts = result.counts
        #expect(counts.isWhole, "\(counts)")
        #expect(counts.total == Self.elements(in: bytes))
        let notMade = result.diagnostics.filter {
            [
                SurveyJSCode.elementTypeUnsupported, .elementNotMade, .htmlNotCarried, .calculatedNotCarried,
                .elementNotAnObject,
            ].map(\.rawValue).contains($0.code)
        }
        #expect(notMade.count <= counts.reported)
        #expect(result.diagnostics.allSatisfy { $0.position != nil })
        let converted = SurveyJSCheck.convert(bytes, reader: TemplateReader(registry: builtInRegistry))
        #expect(converted.template != nil)
        #expect(converted.diagnostics.allSatisfy { $0.position != nil })
    }

    /// Pages and elements at every depth (`elements`, `questions`, `templateElements`), counted on
    /// Foundation's reading of the file.
    static func elements(in bytes: [UInt8]) -> Int {
        func count(_ value: Any?) -> Int {
            guard let list = value as? [Any] else { return 0 }
            return list.reduce(0) { total, entry in
                let object = entry as? [String: Any]
                return total + 1 + count(object?["elements"] ?? object?["templateElements"] ?? object?["questions"])
            }
        }
        let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        return count(object?["pages"]) + count(object?["elements"] ?? object?["questions"])
    }
}
