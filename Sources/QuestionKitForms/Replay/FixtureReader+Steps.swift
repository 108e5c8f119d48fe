import QuestionKit

extension Fixture {
    /// The steps written as plain words.
    static let wordSteps: [String: FixtureStep.Action] = [
        "fill": .fill, "next": .next, "back": .back, "exit": .exit, "resume": .resume, "finish": .finish,
        "complete": .complete, "submit": .submit,
    ]

    static func readSteps(_ node: JSONNode, text: inout FixtureText) -> [FixtureStep] {
        guard node.kind == .array else {
            text.problems.error(
                "fixture.steps-not-array", "'steps' must be an array", at: node,
                hint: "Write \"steps\": [\"fill\", \"next\", {\"edit\": 2}, …].")
            return []
        }
        // An entry that is no step stays in the list, so that every step keeps its number.
        return node.elements.map { element in
            FixtureStep(action: readStep(element, text: &text) ?? .unreadable, node: element)
        }
    }

    private static let stepsHint =
        "Steps: \(Suggestion.quotedList(FixtureVocabulary.words(FixtureVocabulary.wordSteps))), or {\"answer\": …}, "
        + "{\"comment\": \"…\"}, {\"attach\": \"image\"}, {\"edit\": N}, {\"foremanComment\": \"…\"}."

    private static func readStep(_ node: JSONNode, text: inout FixtureText) -> FixtureStep.Action? {
        let objectSteps = FixtureVocabulary.words(FixtureVocabulary.objectSteps)
        if let word = node.stringValue {
            if let action = wordSteps[word] { return action }
            let known = FixtureVocabulary.words(FixtureVocabulary.wordSteps) + objectSteps
            let suggestion = Suggestion.nearest(to: word, in: known)
            text.problems.error(
                "fixture.unknown-step", "unknown step '\(word)'", at: node,
                hint: (suggestion.map { "Did you mean '\($0)'? " } ?? "") + stepsHint)
            return nil
        }
        guard node.kind == .object, node.count == 1, let member = node.members.first else {
            text.problems.error(
                "fixture.bad-step", "a step is a word such as \"next\" or an object with one key", at: node,
                hint: "Write \"next\", or {\"answer\": …}, {\"comment\": \"…\"}, {\"edit\": 2}.")
            return nil
        }
        let value = member.value
        switch member.key {
        case "answer": return .answer(value)
        case "comment": return text.string(value, "comment").map(FixtureStep.Action.comment)
        case "attach": return text.mediaKind(value).map(FixtureStep.Action.attach)
        case "edit": return text.positiveInteger(value, "a question number").map(FixtureStep.Action.edit)
        case "foremanComment": return text.string(value, "foremanComment").map(FixtureStep.Action.foremanComment)
        default:
            text.problems.reportUnknownKey(
                member, severity: .error, code: "fixture.unknown-step", in: "a step", known: objectSteps)
            return nil
        }
    }
}

extension FixtureStep.Action {
    /// How the step reads in a transcript: `next`, `answer`, `edit 3`.
    package var name: String {
        switch self {
        case .fill: "fill"
        case .answer: "answer"
        case .comment: "comment"
        case .attach(let kind): "attach \(kind.rawValue)"
        case .next: "next"
        case .back: "back"
        case .exit: "exit"
        case .resume: "resume"
        case .finish: "finish"
        case .edit(let number): "edit \(number)"
        case .complete: "complete"
        case .foremanComment: "foreman comment"
        case .submit: "submit"
        case .unreadable: "not a step"
        }
    }
}
