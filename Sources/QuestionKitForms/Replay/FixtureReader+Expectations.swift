import QuestionKit

extension Fixture {
    static func readExpectations(_ node: JSONNode?, text: inout FixtureText) -> FixtureExpectations {
        var expectations = FixtureExpectations(
            flagged: nil, notAsked: nil, refusedSteps: [:], outcome: "submitted", node: node)
        guard let node else { return expectations }
        guard
            text.object(
                node, "'expect'", code: "fixture.expect-not-object", known: FixtureVocabulary.expectKeys,
                example: "\"expect\": {\"flagged\": [2], \"outcome\": \"submitted\"}")
        else { return expectations }
        if let flagged = node["flagged"], text.array(flagged, "flagged", example: "[2, 5]") {
            expectations.flagged = flagged.elements.compactMap { text.positiveInteger($0, "a question number") }
        }
        if let notAsked = node["notAsked"], text.array(notAsked, "notAsked", example: "[3, 4]") {
            expectations.notAsked = notAsked.elements.compactMap { text.positiveInteger($0, "a question number") }
        }
        if let refused = node["refused"], text.array(refused, "refused", example: "[{\"step\": 4, \"code\": …}]") {
            for entry in refused.elements {
                guard let (step, code) = readRefusal(entry, text: &text) else { continue }
                expectations.refusedSteps[step] = code
            }
        }
        if let outcome = node["outcome"] {
            if let value = outcome.stringValue, outcomes.contains(value) {
                expectations.outcome = value
            } else {
                let suggestion = outcome.stringValue.flatMap { Suggestion.nearest(to: $0, in: outcomes) }
                text.problems.error(
                    "fixture.bad-outcome", "\(outcome.quotedForMessage) is not an outcome", at: outcome,
                    hint: (suggestion.map { "Did you mean '\($0)'? " } ?? "")
                        + "Outcomes: \(Suggestion.quotedList(outcomes)).")
            }
        }
        return expectations
    }

    /// One entry of `refused`: a step number, or `{"step": N, "code": "…"}` with a code that
    /// the session can refuse with.
    private static func readRefusal(_ entry: JSONNode, text: inout FixtureText) -> (Int, String?)? {
        guard entry.kind == .object else {
            return text.positiveInteger(entry, "a step number").map { ($0, nil) }
        }
        _ = text.object(
            entry, "a 'refused' entry", code: "fixture.not-an-object", known: FixtureVocabulary.refusedKeys, example: ""
        )
        guard let stepNode = entry["step"] else {
            text.problems.error(
                "fixture.refusal-without-step", "a 'refused' entry needs the step's number", at: entry,
                hint: "Write {\"step\": 4, \"code\": \"session.unanswered\"}.")
            return nil
        }
        guard let step = text.positiveInteger(stepNode, "a step number") else { return nil }
        guard let codeNode = entry["code"] else { return (step, nil) }
        let codes = FixtureVocabulary.words(FixtureVocabulary.refusalCodes)
        guard let code = codeNode.stringValue, codes.contains(code) else {
            let suggestion = codeNode.stringValue.flatMap { Suggestion.nearest(to: $0, in: codes) }
            text.problems.error(
                "fixture.unknown-refusal-code",
                "\(codeNode.quotedForMessage) is not a code the form session refuses a step with", at: codeNode,
                hint: (suggestion.map { "Did you mean '\($0)'? " } ?? "") + "Codes: \(Suggestion.quotedList(codes)).")
            // The step still counts as expected to be refused: its refusal is not a second error.
            return (step, nil)
        }
        return (step, code)
    }
}

extension FixtureText {
    /// Whether `node` is an array; reports it when not.
    mutating func array(_ node: JSONNode, _ name: String, example: String) -> Bool {
        guard node.kind != .array else { return true }
        problems.error(
            "fixture.not-an-array", "'\(name)' must be an array, not \(node.quotedForMessage)", at: node,
            hint: "Write \"\(name)\": \(example).")
        return false
    }
}
