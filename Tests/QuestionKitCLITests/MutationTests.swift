import FormGenerators
import Foundation
import QuestionKit
import QuestionKitCLI
import QuestionKitForms
import QuestionKitPDF
import QuestionTypes
import TestSupport
import Testing

/// The bundled templates, fixtures and completed forms with values swapped at random for values of
/// every kind and shape: reading, replaying, reviewing, exporting and printing them must report
/// problems, never crash, and never fail without saying why. (The JSON parser has its own fuzzer;
/// this reaches the question types, the session, the review and the PDF layout.)
@Suite struct MutationTests {
    /// What values are replaced with: each kind, edge numbers, MI-looking strings, odd shapes.
    static var replacements: [Any] {
        [
            NSNull(), true, false, 0, -1, 7, 2.5, 1e308, -1e308, 4_000_000_000, "", " ", "x", "none", "2,2", "99,99",
            "1,1", "-5", "1e3", "Yes", "True", "温度 Ω «»", String(repeating: "long ", count: 400), [Any](), [1, "a"],
            ["", ""], ["Good", "Good"], [String: Any](), ["from": "a", "to": 3], ["from": "9", "to": "1"],
            ["2,2": "yes", "9,9": 1], ["check-boxes": ["Yes"], "comment": 5],
        ]
    }

    static let fixtures = TestCommand.fixtures(in: packageRoot + "/Templates/fixtures")

    @Test(arguments: fixtures)
    func mutatedInputsAreReportedNeverCrash(_ fixturePath: String) throws {
        let registry = try QuestionTypeRegistry(BuiltInQuestionTypes.all)
        let reader = TemplateReader(registry: registry)
        let fixtureData = try Data(contentsOf: URL(fileURLWithPath: fixturePath))
        let fixtureObject = try JSONSerialization.jsonObject(with: fixtureData)
        let templatePath = try #require((fixtureObject as? [String: Any])?["template"] as? String)
        let templateData = try Data(
            contentsOf: URL(fileURLWithPath: (fixturePath as NSString).deletingLastPathComponent + "/" + templatePath))
        let templateObject = try JSONSerialization.jsonObject(with: templateData)
        let template = try #require(reader.read(Array(templateData)).template)
        let fixture = try #require(Fixture.read(Array(fixtureData)).fixture)
        let form = FixtureReplayer(fixture: fixture, template: template).replay().session.form
        let completedObject = try JSONSerialization.jsonObject(
            with: Data(CompletedFormWriter.json(form).utf8))

        var random = SplitMix64(seed: UInt64(truncatingIfNeeded: fixturePath.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
        var rejected = (templates: 0, fixtures: 0, forms: 0)
        for round in 0..<120 {
            let brokenTemplate = try Self.mutated(templateObject, random: &random)
            if checkTemplate(brokenTemplate, fixture: fixture, reader: reader) { rejected.templates += 1 }
            let brokenFixture = try Self.mutated(fixtureObject, random: &random)
            if checkFixture(brokenFixture, template: template) { rejected.fixtures += 1 }
            let brokenForm = try Self.mutated(completedObject, random: &random)
            if checkCompletedForm(brokenForm, reader: reader, printing: round % 10 == 0) { rejected.forms += 1 }
        }
        // The mutations must really break things, or the test would prove nothing.
        #expect(rejected.templates >= 20 && rejected.fixtures >= 20 && rejected.forms >= 20, "\(rejected)")
    }

    /// Whether the mutated template has errors.
    private func checkTemplate(_ bytes: [UInt8], fixture: Fixture, reader: TemplateReader) -> Bool {
        let result = reader.read(bytes)
        #expect(result.template != nil || result.diagnostics.containsErrors, "a template vanished without an error")
        #expect(reader.diagnose(bytes).count == result.diagnostics.count)
        guard let template = result.template, result.isUsable else { return true }
        let replay = FixtureReplayer(fixture: fixture, template: template).replay()
        let review = Review(form: replay.session.form)
        _ = TextExport.render(review)
        _ = CompletedFormWriter.json(replay.session.form)
        return false
    }

    /// Whether the mutated fixture has errors or fails its replay.
    private func checkFixture(_ bytes: [UInt8], template: Template) -> Bool {
        let (fixture, diagnostics) = Fixture.read(bytes)
        #expect(fixture != nil || diagnostics.containsErrors, "a fixture vanished without an error")
        guard let fixture else { return true }
        let replay = FixtureReplayer(fixture: fixture, template: template).replay()
        _ = ReviewPrinter.text(Review(form: replay.session.form))
        return diagnostics.containsErrors || !replay.passed
    }

    /// Whether the mutated completed form has errors.
    private func checkCompletedForm(_ bytes: [UInt8], reader: TemplateReader, printing: Bool) -> Bool {
        let (form, diagnostics) = CompletedFormReader.read(bytes, with: reader)
        #expect(form != nil || diagnostics.containsErrors, "a completed form vanished without an error")
        guard let form else { return true }
        let review = Review(form: form)
        _ = TextExport.render(review)
        _ = FlagReport.text(review)
        _ = JSONWriter.text(of: ReviewPrinter.json(review))
        if printing {
            let document = FormPDF.render(review, options: FormPDFOptions(fonts: .standardOnly))
            #expect((try? document.write().isEmpty) == false)
        }
        return diagnostics.containsErrors
    }

    /// `value` with one to three of its values (at any depth, containers included) replaced.
    static func mutated(_ value: Any, random: inout SplitMix64) throws -> [UInt8] {
        var result = value
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let paths = allPaths(in: result)
            guard let path = paths.randomElement(using: &random),
                let replacement = replacements.randomElement(using: &random)
            else { break }
            result = replacing(path[...], in: result, with: replacement)
        }
        return Array(try JSONSerialization.data(withJSONObject: result, options: [.fragmentsAllowed]))
    }

    /// Every place in a JSON value, as the keys and indices that lead to it.
    static func allPaths(in value: Any, prefix: [AnyHashable] = []) -> [[AnyHashable]] {
        var paths = [prefix]
        if let object = value as? [String: Any] {
            for (key, child) in object { paths += allPaths(in: child, prefix: prefix + [key]) }
        } else if let array = value as? [Any] {
            for (index, child) in array.enumerated() { paths += allPaths(in: child, prefix: prefix + [index]) }
        }
        return paths
    }

    static func replacing(_ path: ArraySlice<AnyHashable>, in value: Any, with replacement: Any) -> Any {
        guard let step = path.first else { return replacement }
        if var object = value as? [String: Any], let key = step as? String, let child = object[key] {
            object[key] = replacing(path.dropFirst(), in: child, with: replacement)
            return object
        }
        if var array = value as? [Any], let index = step as? Int, array.indices.contains(index) {
            array[index] = replacing(path.dropFirst(), in: array[index], with: replacement)
            return array
        }
        return value
    }
}
