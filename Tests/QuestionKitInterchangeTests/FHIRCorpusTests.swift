import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitInterchange
import QuestionTypes
import TestSupport
import Testing

/// Every FHIR Questionnaire of the shared corpus (`../shared/corpus/fhir`): converted without a
/// crash, every item accounted for, and a fixed point after one round trip.
struct FHIRCorpusTests {
    static let folder = sharedFolder("corpus/fhir")

    /// The corpus's Questionnaires (not its QuestionnaireResponses), by name.
    static let questionnaires: [String] = {
        guard let folder else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { name in
            guard name.hasSuffix(".json"), let data = FileManager.default.contents(atPath: folder + "/" + name),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { return false }
            return object["resourceType"] as? String == "Questionnaire"
        }.sorted()
    }()

    static let registry = builtInRegistry

    static func bytes(_ name: String) throws -> [UInt8] {
        let folder = try #require(folder)
        return Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    }

    @Test(.enabled(if: folder != nil, "../shared/corpus/fhir is absent (a clean checkout)"))
    func theCorpusHoldsQuestionnaires() {
        #expect(Self.questionnaires.count > 100)
    }

    @Test(
        .enabled(if: folder != nil, "../shared/corpus/fhir is absent (a clean checkout)"),
        arguments: questionnaires)
    func convertsWithEveryItemAccountedFor(name: String) throws {
        let result = FHIRReader(registry: Self.registry).read(try Self.bytes(name))
        let template = try #require(result.template, "\(result.diagnostics.first?.message ?? "")")
        _ = template
        let counts = result.counts
        #expect(counts.isWhole, "\(counts)")
        #expect(counts.total == Self.items(in: try Self.bytes(name)))
        let notMade = result.diagnostics.filter {
            [FHIRCode.itemTypeUnsupported, .itemNotMade, .displayNotCarried, .itemNotAnObject].map(\.rawValue)
                .contains($0.code)
        }
        #expect(notMade.count <= counts.reported)
        #expect(result.diagnostics.allSatisfy { $0.position != nil })
    }

    @Test(
        .enabled(if: folder != nil, "../shared/corpus/fhir is absent (a clean checkout)"),
        arguments: questionnaires)
    func reachesAFixedPointAfterOneRoundTrip(name: String) throws {
        let first = try #require(Self.template(from: try Self.bytes(name)))
        for version in FHIRVersion.allCases {
            let writer = FHIRWriter(reader: TemplateReader(registry: Self.registry), version: version)
            let written = writer.write(Array(first.utf8))
            guard let questionnaire = written.text else {
                // Only a template our validate rejects (a condition cycle in the source) is not written.
                #expect(written.diagnostics.containsErrors)
                return
            }
            let again = try #require(Self.template(from: Array(questionnaire.utf8)))
            // R5-only members kept from an R5 source are left out of R4, reported: no fixed point there.
            let dropped = written.diagnostics.contains { $0.code == FHIRCode.memberNotInRelease.rawValue }
            #expect(again == first || dropped, "\(name) through \(version)")
            if version == .r5 { #expect(again == first, "\(name) through \(version)") }
        }
    }

    static func template(from bytes: [UInt8]) -> String? {
        FHIRReader(registry: registry).read(bytes).template.map { JSONWriter.text(of: $0) }
    }

    /// Items at every depth, counted on Foundation's reading of the file.
    static func items(in bytes: [UInt8]) -> Int {
        func count(_ value: Any?) -> Int {
            guard let items = value as? [Any] else { return 0 }
            return items.reduce(0) { $0 + 1 + count(($1 as? [String: Any])?["item"]) }
        }
        let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        return count(object?["item"])
    }
}
