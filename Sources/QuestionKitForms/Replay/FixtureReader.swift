import QuestionKit

extension Fixture {
    /// The phases a replay may be expected to end in.
    package static let outcomes = FixtureVocabulary.words(FixtureVocabulary.outcomes)

    static let topLevelKeys = FixtureVocabulary.words(FixtureVocabulary.topLevelKeys)

    /// Reads a fixture, reporting every problem located in its JSON. The fixture is nil when its
    /// JSON cannot be parsed or is not an object.
    public static func read(_ bytes: [UInt8]) -> (fixture: Fixture?, diagnostics: [Diagnostic]) {
        read(JSONParser.parse(bytes))
    }

    /// `read(_:)` on the bytes' parse, made once by a caller that looked at it first (`validate`
    /// tells fixtures from templates by it).
    package static func read(_ parsed: JSONParseResult) -> (fixture: Fixture?, diagnostics: [Diagnostic]) {
        guard let document = parsed.document else { return (nil, parsed.diagnostics) }
        var problems = ProblemCollector(document: document)
        let fixture = read(document, problems: &problems)
        return (fixture, parsed.diagnostics + problems.diagnostics())
    }

    static func read(_ document: JSONDocument, problems: inout ProblemCollector) -> Fixture? {
        let root = document.root
        guard root.kind == .object else {
            problems.error(
                "fixture.not-an-object", "a fixture must be a JSON object, not \(root.kind)", at: root,
                hint: "Write {\"template\": \"form.json\", \"answers\": {\"1\": {\"answer\": …}}}.")
            return nil
        }
        for member in root.members where !topLevelKeys.contains(member.key) {
            problems.reportUnknownKey(
                member, severity: .error, code: "fixture.unknown-key", in: "the fixture", known: topLevelKeys)
        }
        var text = FixtureText(problems: problems)
        let fixture = Fixture(
            templatePath: text.string(root["template"], "template"),
            technician: text.string(root["technician"], "technician") ?? "Technician",
            foreman: text.string(root["foreman"], "foreman") ?? "Foreman",
            completedDate: text.string(root["completedDate"], "completedDate"),
            submittedDate: text.string(root["submittedDate"], "submittedDate"),
            answers: readAnswers(root["answers"], text: &text),
            foremanComment: text.string(root["foremanComment"], "foremanComment"),
            steps: root["steps"].map { readSteps($0, text: &text) },
            expectations: readExpectations(root["expect"], text: &text),
            document: document)
        problems = text.problems
        return fixture
    }

    static func readAnswers(_ node: JSONNode?, text: inout FixtureText) -> [Int: FixtureAnswer] {
        guard let node else { return [:] }
        guard node.kind == .object else {
            text.problems.error(
                "fixture.answers-not-object", "'answers' must be an object keyed by question number", at: node,
                hint: "Write \"answers\": {\"1\": {\"answer\": …, \"comment\": \"…\"}}.")
            return [:]
        }
        var answers: [Int: FixtureAnswer] = [:]
        for member in node.members {
            guard let number = Int(member.key), number >= 1 else {
                text.problems.report(
                    .error, "fixture.bad-question-number", "'\(member.key)' is not a question number", at: member.value,
                    hint: "Key answers by question number as people see it: \"1\", \"2\", …", atKey: true)
                continue
            }
            if let entry = readAnswer(member.value, text: &text) { answers[number - 1] = entry }
        }
        return answers
    }

    private static func readAnswer(_ node: JSONNode, text: inout FixtureText) -> FixtureAnswer? {
        guard
            text.object(
                node, "an answer entry", code: "fixture.answer-not-object", known: FixtureVocabulary.answerKeys,
                example: "{\"answer\": …, \"comment\": \"…\", \"media\": [\"image\"]}")
        else { return nil }
        var media: [MediaAttachment.Kind] = []
        for element in node["media"].map({ Array($0.elements) }) ?? [] {
            if let kind = text.mediaKind(element) { media.append(kind) }
        }
        if let list = node["media"], list.kind != .array {
            text.problems.error(
                "fixture.media-not-array", "'media' must be an array of kinds", at: list,
                hint: "Write \"media\": [\"image\", \"video\", \"voice\"].")
        }
        return FixtureAnswer(
            answer: node["answer"], comment: text.string(node["comment"], "comment"), media: media, node: node)
    }
}

/// Reading the scalar fields of a fixture, with problems reported alike.
struct FixtureText {
    var problems: ProblemCollector

    mutating func string(_ node: JSONNode?, _ name: String) -> String? {
        guard let node, !node.isNull else { return nil }
        guard let text = node.stringValue else {
            problems.error("fixture.not-a-string", "'\(name)' must be a string, not \(node.quotedForMessage)", at: node)
            return nil
        }
        return text
    }

    /// Whether `node` is an object (reported when not, quoting `example`); every key of it
    /// that is not `known` is an error, with "did you mean".
    mutating func object(
        _ node: JSONNode, _ place: String, code: String, known: [FixtureVocabulary.Entry], example: String
    ) -> Bool {
        guard node.kind == .object else {
            problems.error(code, "\(place) must be an object, not \(node.kind)", at: node, hint: "Write \(example).")
            return false
        }
        for member in node.members where !known.contains(where: { $0.word == member.key }) {
            problems.reportUnknownKey(
                member, severity: .error, code: "fixture.unknown-key", in: place, known: FixtureVocabulary.words(known))
        }
        return true
    }

    mutating func positiveInteger(_ node: JSONNode, _ what: String) -> Int? {
        guard let value = node.integerValue, value >= 1, node.kind == .number else {
            problems.error("fixture.not-a-number", "expected \(what), not \(node.quotedForMessage)", at: node)
            return nil
        }
        return value
    }

    mutating func mediaKind(_ node: JSONNode) -> MediaAttachment.Kind? {
        let names = MediaAttachment.Kind.allCases.map(\.rawValue)
        guard let name = node.stringValue, let kind = MediaAttachment.Kind(rawValue: name) else {
            let suggestion = node.stringValue.flatMap { Suggestion.nearest(to: $0, in: names) }
            problems.error(
                "fixture.bad-media-kind", "\(node.quotedForMessage) is not a kind of media", at: node,
                hint: (suggestion.map { "Did you mean '\($0)'? " } ?? "") + "Use \(Suggestion.quotedList(names)).")
            return nil
        }
        return kind
    }
}
