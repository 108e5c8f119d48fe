import Foundation
import QuestionKit
import QuestionKitForms

extension LanguageServer {
    /// The values the question's type suggests at the cursor (`SuggestsValues`): in a template,
    /// for one of a question's keys (`acceptedAnswer`, a table's `noCells`); in a fixture, for an
    /// answer (`answers` → question number → `answer`), read from the fixture's template file.
    func suggestedValues(_ context: CursorContext, document: TextDocument) -> [String] {
        let path = context.path
        guard path.count >= 3, path[0].isObject else { return [] }
        let catalog = KeyCatalog(registry: configuration.registry, keys: configuration.keys)
        if case .question(_, let type) = catalog.scope(of: Array(path.prefix(3))),
            case .index(let position) = path[2].name,
            let valueKey = context.valueKey, path.count <= 4
        {
            let known = (type?.description.schemaProperties.map(\.key) ?? []) + Key.sharedQuestionKeys
            guard let key = known.first(where: { configuration.keys.spelling(of: $0) == valueKey }) else { return [] }
            return question(position + 1, in: document.bytes)?.suggestedValues(at: key) ?? []
        }
        // A fixture: the answer's value, an element of it, or a key of it (a table's cells).
        guard path[1].name == .key("answers"), path[1].isObject, case .key(let number) = path[2].name,
            let questionNumber = Int(number), isAnswer(context)
        else { return [] }
        guard let templateName = path[0].strings["template"], !templateName.isEmpty else { return [] }
        let folder = document.path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(
            separator: "/")
        let templatePath = templateName.hasPrefix("/") ? templateName : folder + "/" + templateName
        guard let data = FileManager.default.contents(atPath: templatePath) else { return [] }
        return question(questionNumber, in: Array(data))?.suggestedValues(at: nil) ?? []
    }

    private func isAnswer(_ context: CursorContext) -> Bool {
        switch (context.place, context.path.count) {
        case (.value, 3): context.valueKey == "answer"
        case (.value, 4), (.key, 4): context.path[3].name == .key("answer")
        default: false
        }
    }

    /// Question `number` (1-based) of a template's text, when it reads.
    private func question(_ number: Int, in bytes: [UInt8]) -> Question? {
        let read = TemplateReader(registry: configuration.registry, keys: configuration.keys).read(bytes)
        return read.template?.questions.first { $0.number == number }
    }
}
