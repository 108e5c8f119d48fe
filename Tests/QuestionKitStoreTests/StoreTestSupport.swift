import Foundation
import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitStore

/// A store in a fresh temporary folder, with the session tests' question types, in UTC.
final class StoreFolder {
    let path: String
    let store: FormStore

    init(configuration: StoreConfiguration = StoreFolder.utc) throws {
        path = NSTemporaryDirectory() + "questionkit-store-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        store = FormStore(
            root: path + "/forms", configuration: configuration,
            reader: TemplateReader(registry: try SessionFixture.registry()))
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    static let utc = StoreConfiguration(timeZone: TimeZone(identifier: "UTC") ?? .current)

    /// Question 1 text, question 2 yes-no (accepted: yes), question 3 a score out of 5.
    static let templateText = """
        {"Title": "Pump A/B check", "questions": [
          {"answer-type": "text", "question": "Serial number?"},
          {"answer-type": "yes-no", "question": "Valve closed?", "acceptedAnswer": "yes"},
          {"answer-type": "score", "question": "Condition?", "max-score": 5}
        ]}
        """

    /// The folder name the template's forms get on 1 March 2026.
    static let formName = "Pump A-B check 01-03-2026"

    func template(_ text: String = StoreFolder.templateText) throws -> Template {
        let result = store.reader.read(Array(text.utf8))
        #expect(!result.diagnostics.containsErrors, "\(result.diagnostics)")
        return try #require(result.template)
    }

    /// Starts a form of the template for `user` at `date` (ISO 8601).
    @discardableResult
    func start(_ user: String = "ann", at date: String = "2026-03-01T10:00:00Z") throws -> StoredForm {
        try store.start(template: template(), user: user, now: Self.date(date))
    }

    /// Writes `text` to `name` in the folder (outside the store) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Every file and folder under the folder, relative to it, sorted.
    func tree() -> [String] {
        (FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []).sorted()
    }

    static func date(_ text: String) throws -> Date {
        try #require(StoreDates.parse(text, timeZone: TimeZone(identifier: "UTC") ?? .current))
    }

    static func fixture(_ json: String) throws -> QuestionKitForms.Fixture {
        let (fixture, diagnostics) = QuestionKitForms.Fixture.read(Array(json.utf8))
        #expect(!diagnostics.containsErrors, "\(diagnostics)")
        return try #require(fixture)
    }
}
