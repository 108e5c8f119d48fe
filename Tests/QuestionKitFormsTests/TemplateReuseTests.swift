import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

@Suite("Completed form: a template reused by the forms that carry it")
struct TemplateReuseTests {
    private static let questions = [
        #"{"answer-type": "short-answer", "question": "Oil temperature", "numberInput": true, "#
            + #""acceptedAnswer": {"from": "0", "to": "75"}"#,
        #"{"answer-type": "multiple-choice", "question": "Coupling", "answers": ["Good", "Worn"], "#
            + #""acceptedAnswer": ["Good"]"#,
    ]

    /// A completed form of one template: `header` first (its lines move the template's), `extra`
    /// among the template's own keys, then each question with its `user-answer` (nil: none).
    private static func form(header: String = #""username": "Ann","#, extra: String = "", answers: [String?]) -> [UInt8]
    {
        var text = "{\n  \(header)\n  \"Title\": \"Pump\",\n  \"RevisionNumber\": \"1\",\(extra)\n  \"questions\": [\n"
        text += zip(questions, answers).map { question, answer in
            "    " + question + (answer.map { #", "user-answer": "# + $0 } ?? "") + "}"
        }.joined(separator: ",\n")
        return Array((text + "\n  ]\n}\n").utf8)
    }

    /// Reads each of `forms` alone and through one `TemplateReuse`, and expects the same of both:
    /// the diagnostics (lines and columns too), the form written back, its review and metadata.
    private func expectReadAsAlone(_ forms: [[UInt8]]) throws -> (TemplateReuse, [[Diagnostic]]) {
        let reader = try ReviewFixture.reader()
        let templates = TemplateReuse()
        var diagnostics: [[Diagnostic]] = []
        for bytes in forms {
            let alone = CompletedFormReader.read(bytes, with: reader)
            let reused = CompletedFormReader.read(bytes, with: reader, reusing: templates)
            #expect(reused.diagnostics == alone.diagnostics)
            let form = try #require(alone.form)
            let again = try #require(reused.form)
            #expect(CompletedFormWriter.json(again) == CompletedFormWriter.json(form))
            #expect(Review(form: again) == Review(form: form))
            #expect(
                again.template.metadata.map { "\($0.key)=\($0.value)" }
                    == form.template.metadata.map { "\($0.key)=\($0.value)" })
            diagnostics.append(alone.diagnostics)
        }
        return (templates, diagnostics)
    }

    @Test func aCleanTemplateIsReadOnceAndEachFormReadsAsItWouldAlone() throws {
        let first = Self.form(answers: [#"{"short-answer": "12"}"#, #"{"check-boxes": ["Good"]}"#])
        #expect(try ReviewFixture.reader().read(first).diagnostics.isEmpty)
        let (templates, diagnostics) = try expectReadAsAlone([
            first,
            // Other answers over more lines, one its type refuses (located in this form), a longer name.
            Self.form(
                header: #""username": "Bob, a longer name","#,
                answers: [#"{"short-answer": "99",\#n      "comment": "hot"}"#, #"{"check-boxes": ["Rusty"]}"#]),
            Self.form(answers: [nil, nil]),
        ])
        #expect(!diagnostics[1].isEmpty)
        #expect((templates.readInFull, templates.reused) == (1, 2))
    }

    @Test func aTemplateWithAProblemIsReadForEachFormItsProblemLocatedInIt() throws {
        let extra = "\n  \"x-editor\": 1,"
        let (templates, diagnostics) = try expectReadAsAlone([
            Self.form(extra: extra, answers: [#"{"short-answer": "12"}"#, nil]),
            Self.form(
                header: #""username": "Bob",\#n  "completedDate": "Mar 2, 2026","#, extra: extra, answers: [nil, nil]),
        ])
        #expect(diagnostics.map { $0.map(\.code) } == [["template.unknown-key"], ["template.unknown-key"]])
        #expect(diagnostics[0][0].line + 1 == diagnostics[1][0].line)
        #expect((templates.readInFull, templates.reused) == (2, 0))
    }

    @Test func aCompletedFormFieldOfAnotherKindIsAnotherTemplate() throws {
        let (templates, diagnostics) = try expectReadAsAlone([
            Self.form(answers: [nil, nil]),
            Self.form(header: #""username": 7,"#, answers: [nil, nil]),
        ])
        #expect(diagnostics.map { $0.map(\.code) } == [[], ["template.metadata-not-string"]])
        #expect((templates.readInFull, templates.reused) == (2, 0))
    }

    /// A template has the questions of a completed form of it whatever its layout, metadata and
    /// escapes, its answers aside; not when a question differs in a value, a key or a number's digits.
    @Test func aTemplateHasTheQuestionsOfItsFormsAnswersAside() throws {
        let keys = try ReviewFixture.reader().keys
        func document(_ bytes: [UInt8]) throws -> JSONDocument { try #require(JSONParser.parse(bytes).document) }
        let form = try document(Self.form(answers: [#"{"short-answer": "12"}"#, nil]))
        // The template alone, on one line, with other metadata and an escape in a string.
        let template = try document(
            Array(
                (#"{"Title": "Other", "_id": "1", "questions": [{"answer-type": "short-answer", "#
                    + #""question": "Oil temperature", "numberInput": true, "acceptedAnswer": {"from": "0", "#
                    + #""to": "75"}}, {"answer-type": "multiple-choice", "question": "Coupling", "#
                    + #""answers": ["Good", "Worn"], "acceptedAnswer": ["Good"]}]}"#).utf8))
        #expect(TemplateReuse.sameQuestions(template, as: form, keys: keys))
        for (changed, by) in [
            ("\"Worn\"", "\"Worn\", \"Cracked\""), ("\"75\"", "\"76\""), ("true", "false"),
            ("\"Coupling\"", "\"Coupling \""), ("\"numberInput\"", "\"numberinput\""),
        ] {
            let text = String(decoding: template.bytes, as: UTF8.self)
            let other = try document(Array(text.replacing(changed, with: by).utf8))
            #expect(!TemplateReuse.sameQuestions(other, as: form, keys: keys), "\(changed)")
        }
        let numbers = try document(Array(#"{"questions": [{"size": 1.0}]}"#.utf8))
        let digits = try document(Array(#"{"questions": [{"size": 1}]}"#.utf8))
        #expect(!TemplateReuse.sameQuestions(numbers, as: digits, keys: keys))
        #expect(TemplateReuse.sameQuestions(numbers, as: numbers, keys: keys))
    }
}
