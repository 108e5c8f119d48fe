import QuestionKit

extension FixtureVocabulary {
    /// The line that opens the generated fixture reference in Docs/Fixtures.md.
    package static let referenceStart =
        "<!-- fixture-reference: generated from FixtureVocabulary; "
        + "QUESTIONKIT_RECORD_README=1 swift test --filter FixtureReferenceTests records it -->"
    /// The line that closes it.
    package static let referenceEnd = "<!-- end of fixture-reference -->"

    /// The fixture language as Markdown tables: every key, step, media kind, outcome and refusal
    /// code, between `referenceStart` and `referenceEnd`.
    package static var referenceMarkdown: String {
        let sections: [(title: String, column: String, entries: [Entry])] = [
            ("Keys of a fixture", "Key", topLevelKeys),
            ("Keys of an entry of `answers`", "Key", answerKeys),
            ("Steps written as words", "Step", wordSteps),
            ("Steps written as one-key objects", "Step", objectSteps),
            ("Keys of `expect`", "Key", expectKeys),
            ("Keys of an entry of `expect.refused`", "Key", refusedKeys),
            ("Media kinds (`media`, `attach`)", "Kind", mediaKinds),
            ("Outcomes (`expect.outcome`)", "Outcome", outcomes),
            ("Refusal codes (`expect.refused[].code`)", "Code", refusalCodes),
        ]
        var lines = [referenceStart]
        for section in sections {
            lines += ["", "**\(section.title)**", "", "| \(section.column) | Meaning |", "| --- | --- |"]
            lines += section.entries.map { "| `\($0.word)` | \($0.meaning) |" }
        }
        lines += ["", referenceEnd]
        return lines.joined(separator: "\n")
    }
}
