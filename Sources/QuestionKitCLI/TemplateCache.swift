import QuestionKit
import QuestionKitForms

/// The templates `test` has read, by path, so that fixtures sharing a template read and parse it
/// once. Only the most recently used few are kept: fixtures are replayed in path order, which
/// keeps those of one template together, and a folder of large templates must not hold them all.
struct TemplateCache {
    /// How many templates stay loaded.
    static let capacity = 4

    /// How many times a template file was read (for tests: once per template, not per fixture).
    private(set) var reads = 0
    private var recent: [(path: String, template: FormFiles.Loaded<Template>)] = []

    /// The template at `path`, read with `files` unless it is among the recent ones.
    mutating func template(at path: String, files: FormFiles) -> FormFiles.Loaded<Template> {
        if let index = recent.firstIndex(where: { $0.path == path }) {
            let entry = recent.remove(at: index)
            recent.append(entry)
            return entry.template
        }
        reads += 1
        let loaded = files.template(at: path)
        if recent.count >= Self.capacity {
            recent.removeFirst()
        }
        recent.append((path, loaded))
        return loaded
    }
}
