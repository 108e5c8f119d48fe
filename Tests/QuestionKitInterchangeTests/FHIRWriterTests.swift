import FormGenerators
import QuestionKit
import QuestionKitForms
import QuestionKitInterchange
import QuestionTypes
import Testing

struct FHIRWriterTests {
    static let registry = builtInRegistry

    static let template = #"""
        {"Title": "Leak check", "questions": [
          {"linkId": "leak", "answer-type": "true/false", "question": "Any leaks?", "section": "Leaks",
           "helpInfo": {"text": "Look under the seal.", "images": []}},
          {"linkId": "where", "answer-type": "multiple-choice", "question": "Where?", "section": "Leaks",
           "max-answers": 1, "answers": ["Seal", "Flange"],
           "enableWhen": [{"question": "leak", "operator": "=", "answer": true}]},
          {"answer-type": "short-answer", "question": "Rate", "numberInput": true,
           "acceptedAnswer": {"from": "0", "to": "10"},
           "enableWhen": [{"question": "where", "operator": "=", "answer": "Seal"}]},
          {"answer-type": "table-answer", "question": "Belts", "numRows": 2, "numColumns": 2,
           "firstRow": ["", "Drive"], "firstColumn": ["", "Tension"], "rowType": ["", "text"]}
        ]}
        """#

    func write(_ version: FHIRVersion) -> FHIRWriter.Result {
        FHIRWriter(reader: TemplateReader(registry: Self.registry), version: version).write(Array(Self.template.utf8))
    }

    @Test func writesR4() throws {
        let written = write(.r4)
        let text = JSONWriter.text(of: try #require(written.questionnaire), indent: 0)
        #expect(
            text.hasPrefix(
                #"{"resourceType":"Questionnaire","status":"draft","title":"Leak check","item":[{"linkId":"section-1","text":"Leaks","type":"group""#
            ))
        #expect(
            text.contains(
                #""linkId":"where","text":"Where?","type":"choice","answerOption":[{"valueString":"Seal"},{"valueString":"Flange"}],"enableWhen":[{"question":"leak","operator":"=","answerBoolean":true}]"#
            ))
        #expect(text.contains(#""linkId":"q3","text":"Rate","type":"decimal""#))
        #expect(text.contains(#""enableWhen":[{"question":"where","operator":"=","answerString":"Seal"}]"#))
        #expect(text.contains(#""linkId":"leak-help","text":"Look under the seal.","type":"display""#))
        // The table is a grid group of one row group, its cell a string item; linkIds under the question's.
        #expect(
            text.contains(
                #""linkId":"q4","text":"Belts","type":"group","extension":[{"url":"http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl","valueCodeableConcept":{"coding":[{"system":"http://hl7.org/fhir/questionnaire-item-control","code":"grid"}]}}],"item":[{"linkId":"q4.2","text":"Tension","type":"group","item":[{"linkId":"q4.2.2","text":"Drive","type":"string"}]}]"#
            ))
        #expect(written.diagnostics.isEmpty, "\(written.diagnostics.map(\.code))")
    }

    @Test func writesR5Codings() throws {
        let text = JSONWriter.text(of: try #require(write(.r5).questionnaire), indent: 0)
        #expect(
            text.contains(
                #""type":"coding","answerOption":[{"valueCoding":{"display":"Seal"}},{"valueCoding":{"display":"Flange"}}],"answerConstraint":"optionsOnly""#
            ))
        #expect(text.contains(#""answerCoding":{"display":"Seal"}"#))
    }

    @Test func roundTripsToTheSameTemplate() throws {
        for version in FHIRVersion.allCases {
            let first = try #require(write(version).text)
            let template = try #require(FHIRReader(registry: Self.registry).read(Array(first.utf8)).template)
            let second = FHIRWriter(reader: TemplateReader(registry: Self.registry), version: version)
                .write(Array(JSONWriter.text(of: template).utf8))
            #expect(second.text == first)
        }
    }

    /// What flags an answer has no FHIR member: it travels in our own extension (a note says so) and
    /// comes back, so a template through FHIR flags the same answers; a limit of answers is SDC's
    /// maxOccurs. Before, both were reported as not written and lost on the way back.
    @Test func acceptedAnswersAndALimitComeBackFromFHIR() throws {
        let template = #"""
            {"Title": "Seal", "questions": [
              {"linkId": "dry", "answer-type": "true/false", "question": "Dry?", "acceptedAnswer": "True"},
              {"linkId": "state", "answer-type": "multiple-choice", "question": "State", "max-answers": 2,
               "answers": ["Clean", "Oily", "Cracked"], "acceptedAnswer": ["Clean"]}
            ]}
            """#
        let written = FHIRWriter(reader: TemplateReader(registry: Self.registry), version: .r4)
            .write(Array(template.utf8))
        let text = JSONWriter.text(of: try #require(written.questionnaire), indent: 0)
        #expect(text.contains(#"{"url":"urn:questionkit:fhir:accepted-answer","valueBoolean":true}"#))
        #expect(
            text.contains(
                #""extension":[{"url":"http://hl7.org/fhir/StructureDefinition/questionnaire-maxOccurs","valueInteger":2},{"url":"urn:questionkit:fhir:accepted-answer","valueString":"Clean"}],"repeats":true"#
            ))
        #expect(
            written.diagnostics.map { "\($0.severity) \($0.code)" } == [
                "note true-false.fhir-accepted-answer-in-extension",
                "note multiple-choice.fhir-accepted-answer-in-extension",
            ])
        let read = FHIRReader(registry: Self.registry).read(Array(try #require(written.text).utf8))
        let back = JSONWriter.text(of: try #require(read.template), indent: 0)
        #expect(back.contains(#""question":"Dry?","linkId":"dry","acceptedAnswer":"Yes"}"#))
        #expect(back.contains(#""max-answers":2,"answers":["Clean","Oily","Cracked"],"acceptedAnswer":["Clean"]}"#))
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics.map(\.code))")
    }

    /// tables21 found it in a corpus survey: a question without a linkId was written as `q` and its
    /// number, which another question's own linkId (or a section's group) could be already, so two
    /// items had one linkId and the Questionnaire read back lost a question.
    @Test func aQuestionWithoutALinkIdTakesOneNoOtherItemHas() throws {
        let template = #"""
            {"Title": "T", "questions": [
              {"answer-type": "true/false", "question": "First", "section": "A"},
              {"linkId": "q1", "answer-type": "true/false", "question": "Second", "section": "A"},
              {"linkId": "section-1", "answer-type": "true/false", "question": "Third"}]}
            """#
        let written = FHIRWriter(reader: TemplateReader(registry: Self.registry), version: .r4)
            .write(Array(template.utf8))
        let text = JSONWriter.text(of: try #require(written.questionnaire), indent: 0)
        #expect(text.contains(#"{"linkId":"section-1-2","text":"A","type":"group""#), "\(text)")
        #expect(text.contains(#"{"linkId":"q1-2","text":"First""#), "\(text)")
        let first = try #require(written.text)
        let read = try #require(FHIRReader(registry: Self.registry).read(Array(first.utf8)).template)
        let again = FHIRWriter(reader: TemplateReader(registry: Self.registry), version: .r4)
            .write(Array(JSONWriter.text(of: read).utf8))
        #expect(again.text == written.text)
        #expect(JSONWriter.text(of: read).components(separatedBy: "\"answer-type\"").count == 4)
    }

    /// Found by the fhir fuzz target: members the converter keeps under `_fhir` (an unknown one, an
    /// unread extension) were kept in the source's order, which the writer does not keep (it puts
    /// the extensions with the type's own), so the second reading differed from the first.
    @Test func keptMembersReachAFixedPointWhateverTheirOrderInTheSource() throws {
        let questionnaire = #"""
            {"resourceType": "Questionnaire", "status": "active", "item": [
              {"linkIf": "rate", "type": "decimal", "text": "Leak rate",
               "extension": [
                 {"url": "http://hl7.org/fhir/StructureDefinition/minValue", "valueDecimal": 0},
                 {"url": "http://example.org/unread", "valueInteger": 10}]}
            ]}
            """#
        let read = { (bytes: [UInt8]) in
            FHIRReader(registry: Self.registry).read(bytes).template.map { JSONWriter.text(of: $0) }
        }
        let first = try #require(read(Array(questionnaire.utf8)))
        for version in FHIRVersion.allCases {
            let written = FHIRWriter(reader: TemplateReader(registry: Self.registry), version: version)
                .write(Array(first.utf8))
            let text = try #require(written.text)
            let again = try #require(read(Array(text.utf8)))
            #expect(again == first, "through \(version)")
        }
    }

    @Test func refusesAnInvalidTemplate() {
        let written = FHIRWriter(reader: TemplateReader(registry: Self.registry))
            .write(Array(#"{"questions": [{"answer-type": "nope", "question": "Q"}]}"#.utf8))
        #expect(written.questionnaire == nil)
        #expect(written.diagnostics.containsErrors)
    }

    /// Work counted, never timed: ten times the items, ten times the visits (within a margin).
    @Test func convertingCostsLinearWork() throws {
        func visits(_ count: Int) throws -> Int {
            let template = TemplateGenerator.template(questions: count)
            let fhir = try #require(
                FHIRWriter(reader: TemplateReader(registry: Self.registry)).write(Array(template.utf8)).text)
            let (result, work) = WorkCounter.counting { FHIRReader(registry: Self.registry).read(Array(fhir.utf8)) }
            // Every question, the generated tables (a quarter) too, as grids.
            #expect(result.counts.questions == count)
            return work[.interchangeVisits]
        }
        let small = try visits(200)
        let large = try visits(2000)
        #expect(small > 0)
        #expect(large <= small * 11)
    }

    /// Work counted, never timed: ten times the questions (each asked on the one before), ten times the
    /// members written (within a margin).
    @Test func writingCostsLinearWork() {
        func visits(_ count: Int) -> Int {
            let template = LogicTemplateGenerator.chain(count)
            let (written, work) = WorkCounter.counting {
                FHIRWriter(reader: TemplateReader(registry: Self.registry)).write(Array(template.utf8))
            }
            #expect(written.questionnaire != nil)
            return work[.interchangeVisits]
        }
        let small = visits(200)
        let large = visits(2000)
        #expect(small > 0)
        #expect(large <= small * 11)
    }
}
