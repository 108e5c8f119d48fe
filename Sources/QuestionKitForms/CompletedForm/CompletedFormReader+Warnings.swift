import QuestionKit

extension CompletedFormReader {
    /// Gives each answer the located warnings about it: those whose pointer lies under its
    /// question's `user-answer` (`/questions/3/user-answer/…`). One pass over the diagnostics.
    static func attach(_ diagnostics: [Diagnostic], to form: inout FilledForm, userAnswerKey: String) {
        guard !diagnostics.isEmpty else { return }
        var positionOfPrefix: [String: Int] = [:]
        for (position, question) in form.template.questions.enumerated() {
            guard let list = question.node.parent?.memberKey else { continue }
            let prefix = "/" + JSONPointer.escape(list) + "/\(question.index)/" + JSONPointer.escape(userAnswerKey)
            positionOfPrefix[prefix] = position
        }
        for diagnostic in diagnostics {
            guard let position = positionOfPrefix[prefix(of: diagnostic.pointer)],
                form.entries.indices.contains(position)
            else { continue }
            form.entries[position].answer?.warnings.append(diagnostic)
        }
    }

    /// The first three tokens of `pointer` (`/questions/3/user-answer`), or all it has.
    private static func prefix(of pointer: String) -> String {
        var slashes = 0
        var end = pointer.endIndex
        for index in pointer.indices where pointer[index] == "/" {
            slashes += 1
            if slashes == 4 {
                end = index
                break
            }
        }
        return String(pointer[..<end])
    }
}
