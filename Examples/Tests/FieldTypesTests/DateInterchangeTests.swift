import FieldTypes
import QuestionKit
import QuestionKitForms
import QuestionKitInterchange
import Testing

/// Issue 21: an outside type claims foreign kinds with no change to the core. The date type takes
/// FHIR `date` items, with their SDC bounds, and writes its questions back as them.
@Suite struct DateInterchangeTests {
    static let questionnaire = #"""
        {"resourceType": "Questionnaire", "status": "active", "title": "Hydrostatic test", "item": [
          {"linkId": "tested", "type": "date", "text": "Date of the last hydrostatic test",
           "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/minValue", "valueDate": "2020-01-01"}]},
          {"linkId": "why", "type": "string", "text": "Why is the test overdue?",
           "enableWhen": [{"question": "tested", "operator": "<", "answerDate": "2021-01-01"}]}
        ]}
        """#

    @Test func aDateItemBecomesADateQuestion() throws {
        let registry = try FieldRegistry.make()
        let read = FHIRReader(registry: registry).read(Array(Self.questionnaire.utf8))
        let template = JSONWriter.text(of: try #require(read.template), indent: 0)
        #expect(
            template.contains(
                #""answer-type":"date","question":"Date of the last hydrostatic test","linkId":"tested","earliest":"2020-01-01""#
            ))
        #expect(template.contains(#""enableWhen":[{"question":"tested","operator":"<","answer":"2021-01-01"}]"#))
        #expect(read.diagnostics.filter { $0.severity != .note }.isEmpty)
        #expect(
            TemplateReader(registry: registry).read(Array(template.utf8)).diagnostics.filter { $0.severity != .note }
                .isEmpty)

        let written = FHIRWriter(reader: TemplateReader(registry: registry)).write(Array(template.utf8))
        let fhir = JSONWriter.text(of: try #require(written.questionnaire), indent: 0)
        #expect(
            fhir.contains(
                #""linkId":"tested","text":"Date of the last hydrostatic test","type":"date","extension":[{"url":"http://hl7.org/fhir/StructureDefinition/minValue","valueDate":"2020-01-01"}]"#
            ))
        #expect(fhir.contains(#""answerDate":"2021-01-01""#))
    }

    /// A completed form's date answer is a QuestionnaireResponse `valueDate`, and comes back as it was;
    /// a `valueDateTime` gives its day, its time reported.
    @Test func aDateAnswerIsAValueDate() throws {
        let registry = try FieldRegistry.make()
        let reader = TemplateReader(registry: registry)
        let completed = #"""
            {"Title": "Hydrostatic test", "questions": [
              {"linkId": "tested", "answer-type": "date", "question": "Date of the last test",
               "user-answer": {"short-answer": "2021-03-04", "comment": ""}}]}
            """#
        let template = try #require(FHIRResponseTemplate.read(Array(completed.utf8), reader: reader).template)
        let response = try #require(
            FHIRResponseWriter(reader: reader).write(Array(completed.utf8), template: template).text)
        #expect(response.contains(#""valueDate": "2021-03-04""#))
        let back = FHIRResponseReader().read(Array(response.utf8), template: template)
        #expect(back.diagnostics.isEmpty)
        #expect(back.text?.contains(#""short-answer": "2021-03-04""#) == true)

        let dateTime = response.replacingOccurrences(
            of: #""valueDate": "2021-03-04""#, with: #""valueDateTime": "2021-03-04T10:00:00Z""#)
        let read = FHIRResponseReader().read(Array(dateTime.utf8), template: template)
        #expect(read.diagnostics.map(\.code) == [DateQuestion.Code.fhirAnswerNotCarried.rawValue])
        #expect(read.text?.contains(#""short-answer": "2021-03-04""#) == true)
    }

    /// A SurveyJS `text` element with `inputType` date is a date question; other text elements stay
    /// short answers.
    @Test func aDateInputBecomesADateQuestion() throws {
        let survey = #"""
            {"title": "Hydrostatic test", "elements": [
              {"type": "text", "inputType": "date", "name": "tested", "title": "Date of the last test", "min": "2020-01-01"},
              {"type": "text", "name": "why", "title": "Why is it overdue?", "visibleIf": "{tested} < '2021-01-01'"}
            ]}
            """#
        let registry = try FieldRegistry.make()
        let read = SurveyJSReader(registry: registry).read(Array(survey.utf8))
        let template = JSONWriter.text(of: try #require(read.template), indent: 0)
        #expect(
            template.contains(
                #""answer-type":"date","question":"Date of the last test","linkId":"tested","earliest":"2020-01-01""#))
        #expect(template.contains(#""answer-type":"short-answer","question":"Why is it overdue?""#))
        #expect(template.contains(#""enableWhen":[{"question":"tested","operator":"<","answer":"2021-01-01"}]"#))
        #expect(read.diagnostics.filter { $0.severity != .note }.isEmpty)
        #expect(
            TemplateReader(registry: registry).read(Array(template.utf8)).diagnostics.filter { $0.severity != .note }
                .isEmpty)
    }

    /// An XLSForm `date` row is a date question, and a `relevant` comparing it is its condition.
    @Test func anXLSFormDateRowBecomesADateQuestion() throws {
        let form = """
            | survey |
            | | type | name | label | relevant |
            | | date | tested | Date of the last test | |
            | | text | why | Why is it overdue? | ${tested} < '2021-01-01' |
            | settings |
            | | form_title |
            | | Hydrostatic test |
            """
        let registry = try FieldRegistry.make()
        let read = XLSFormReader(registry: registry).read(Array(form.utf8))
        let template = JSONWriter.text(of: try #require(read.template), indent: 0)
        #expect(template.contains(#""answer-type":"date","question":"Date of the last test","linkId":"tested""#))
        #expect(template.contains(#""enableWhen":[{"question":"tested","operator":"<","answer":"2021-01-01"}]"#))
        #expect(read.counts.questions == 2)
        #expect(read.diagnostics.filter { $0.severity != .note }.isEmpty)
        #expect(
            TemplateReader(registry: registry).read(Array(template.utf8)).diagnostics.filter { $0.severity != .note }
                .isEmpty)
    }
}
