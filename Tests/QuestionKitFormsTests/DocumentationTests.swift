import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

@Suite("Generated documentation")
struct DocumentationTests {
    private func page(of type: any QuestionType, with others: [any QuestionType] = []) throws -> String {
        let registry = try QuestionTypeRegistry([type] + others)
        return TypeDocumentation(type: type, registry: registry).markdown
    }

    @Test(arguments: [
        ("true/false", "true-false"), ("multiple-choice", "multiple-choice"), ("Yes No!", "yes-no"),
        ("a//b", "a-b"), ("///", "type"), ("température", "temp-rature"),
    ])
    func pageNamesAreSafeFileNames(identifier: String, expected: String) {
        #expect(DescribedTestQuestion(identifier: identifier).pageName == expected)
    }

    @Test func identifiersThatMakeOneNameAreNumbered() throws {
        let registry = try QuestionTypeRegistry([
            DescribedTestQuestion(identifier: "a/b"), DescribedTestQuestion(identifier: "a-b"),
            DescribedTestQuestion(identifier: "c"),
        ])
        #expect(registry.uniquePageNames == ["a-b", "a-b-2", "c"])
        #expect(
            DocumentationSet(registry: registry).pages.map(\.fileName) == ["a-b.md", "a-b-2.md", "c.md", "README.md"])
    }

    @Test func thePageShowsTheTypeItsFieldsAndItsCodes() throws {
        let markdown = try page(of: YesNoTestQuestion())
        #expect(markdown.hasPrefix("# `yes-no`\n"))
        #expect(markdown.contains("| Also accepted | `yn` |"))
        #expect(markdown.contains("| Legacy `qid` | `2` (a question without `answer-type` is of this type) |"))
        #expect(markdown.contains("| strict | `strict` | any | no | Whether only an exact yes or no counts. |"))
        #expect(markdown.contains("| `yes-no.strict-not-boolean` | error | question |"))
        #expect(markdown.contains("| `question.answer-type-inferred` | warning | question |"))
        #expect(markdown.contains("| `yes-no.differs` | flag | answer |"))
        #expect(!markdown.contains("## Rules"))
    }

    @Test func invalidExamplesShowTheMessagesTheyProduce() throws {
        let markdown = try page(of: YesNoTestQuestion())
        #expect(
            markdown.contains(
                """
                ### Strict must be a boolean

                ```json
                {"answer-type": "yes-no", "question": "OK?", "strict": "yes"}
                ```

                ```text
                question.json:1:56: error: 'strict' must be true or false, not a string [yes-no.strict-not-boolean]
                ```
                """))
    }

    @Test func validExamplesWithWarningsShowThem() throws {
        let markdown = try page(of: YesNoTestQuestion())
        #expect(markdown.contains("Valid, with:"))
        #expect(markdown.contains("warning: question 1 has no 'answer-type'; qid '2' makes it 'yes-no'"))
    }

    @Test func answerExamplesShowHowAnswersRead() throws {
        let markdown = try page(of: YesNoTestQuestion())
        #expect(markdown.contains("| `[\"Yes\"]` | Yes | answered |"))
        #expect(
            markdown.contains(
                "| `[]` | Nothing chosen | error `yes-no.not-one-choice`: choose one of yes or no, not 0 values |"))
        #expect(
            markdown.contains(
                "| `false` | Differs from the accepted answer | answered; flag `yes-no.differs`: 'no' differs from the "
                    + "accepted 'yes' |"))
    }

    @Test func documentationAndRulesAppearWhenGiven() throws {
        var type = DescribedTestQuestion()
        type.description.documentation = "Longer words.\n\nA second paragraph."
        let markdown = try page(of: type)
        #expect(markdown.contains("A described question (test type).\n\nLonger words.\n\nA second paragraph.\n"))
        #expect(try page(of: DescribedTestQuestion()).components(separatedBy: "A described question").count == 2)
    }

    @Test func theSamePageEveryTime() throws {
        let registry = try QuestionTypeRegistry([YesNoTestQuestion(), ScoreTestQuestion()])
        let first = DocumentationSet(registry: registry).pages
        let second = DocumentationSet(registry: registry).pages
        #expect(first.map(\.markdown) == second.map(\.markdown))
        #expect(first.map(\.fileName) == ["yes-no.md", "score.md", "README.md"])
    }

    @Test func theIndexLinksEveryPage() throws {
        let registry = try QuestionTypeRegistry([YesNoTestQuestion(), ScoreTestQuestion()])
        let index = try #require(DocumentationSet(registry: registry).pages.last?.markdown)
        #expect(index.contains("| [`yes-no`](yes-no.md) | `2` | A single yes or no (test type). |"))
        #expect(index.contains("| [`score`](score.md) | `5` | A score from 0 to max-score (test type). |"))
    }

    @Test func valueSummaries() {
        #expect(TypeDocumentation.valueSummary([]) == "any")
        #expect(TypeDocumentation.valueSummary(JSONSchema.integer) == "integer")
        #expect(TypeDocumentation.valueSummary(JSONSchema.types("string", "null")) == "string or null")
        #expect(TypeDocumentation.valueSummary(JSONSchema.stringList) == "array of (string)")
        #expect(TypeDocumentation.valueSummary(JSONSchema.oneOf(["text", "check"])) == "one of `text`, `check`")
        let either: [(String, JSONWriter.Value)] = [
            ("anyOf", .array([.object(JSONSchema.boolean), .object(JSONSchema.string)]))
        ]
        #expect(TypeDocumentation.valueSummary(either) == "boolean or string")
    }

    @Test func tableCellsAndCodeBlocksKeepTheirText() {
        #expect(TypeDocumentation.cell("a | b\nc") == "a \\| b c")
        #expect(TypeDocumentation.codeBlock("x ``` y", language: "json") == ["````json", "x ``` y", "````"])
    }
}
