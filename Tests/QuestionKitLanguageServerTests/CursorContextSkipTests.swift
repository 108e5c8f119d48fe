import FormGenerators
import Testing

@testable import QuestionKitLanguageServer

@Suite("Cursor context: stepping over the containers closed before the cursor changes nothing")
struct CursorContextSkipTests {
    /// Texts with strings that hold brackets, escapes, unterminated strings, comments, stray
    /// brackets and words, and questions before and after the cursor.
    static let texts: [String] = [
        Fixtures.severalProblems,
        TemplateGenerator.template(questions: 12, padded: false),
        #"{"questions": [{"a": "x]}", "b": [1, [2, {"c": "\"}"}]]}, // ] }"# + "\n"
            + #"{"d": "unterminated ] }"# + "\n" + #"}, /* { */ {"answer-type": "yes-no", "question": "Q"}, [["x"]]"#
            + "\n" + #", {"e": "a\"# + "\n" + #"]"}, {oops: [}}, "s", 3]}"#,
    ]

    @Test("every cursor of the texts gets the context a scan of every byte gives")
    func sameContext() {
        for text in Self.texts {
            let bytes = Array(text.utf8)
            for cursor in 0...bytes.count {
                let skipping = CursorContext(bytes: bytes, cursor: cursor)
                let scanning = CursorContext(bytes: bytes, cursor: cursor, skipsClosedContainers: false)
                #expect(Self.summary(skipping) == Self.summary(scanning), "cursor \(cursor) of \(text.prefix(40))")
            }
        }
    }

    /// Everything a context says, as text.
    static func summary(_ context: CursorContext) -> String {
        let path = context.path.map { container in
            "\(container.isObject) \(container.name) \(container.keys) \(container.strings.sorted { $0.key < $1.key }) "
                + "\(container.stringLists.sorted { $0.key < $1.key }) \(container.elements) \(container.position) "
                + "\(container.currentKey ?? "-") \(container.afterColon)"
        }
        return "\(path) \(context.place) \(context.token) \(context.prefix) \(context.text) \(context.valueKey ?? "-")"
    }
}
