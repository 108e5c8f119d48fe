import QuestionKit
import QuestionKitForms
import QuestionKitInterchange
import QuestionTypes
import Testing

struct FHIRReaderTests {
    static let registry = builtInRegistry

    static let questionnaire = #"""
        {
          "resourceType": "Questionnaire",
          "status": "active",
          "title": "Pump check",
          "item": [
            {"linkId": "g", "type": "group", "text": "Leaks",
             "item": [
               {"linkId": "leak", "type": "boolean", "text": "Any leaks?",
                "item": [{"linkId": "leak-help", "type": "display", "text": "Look under the seal."}]},
               {"linkId": "rate", "type": "decimal", "text": "Leak rate",
                "extension": [
                  {"url": "http://hl7.org/fhir/StructureDefinition/minValue", "valueDecimal": 0},
                  {"url": "http://hl7.org/fhir/StructureDefinition/maxValue", "valueInteger": 10}],
                "enableWhen": [{"question": "leak", "operator": "=", "answerBoolean": true}]},
               {"linkId": "where", "type": "choice", "text": "Where?", "repeats": true,
                "answerOption": [{"valueCoding": {"code": "s", "display": "Seal"}}, {"valueString": "Flange"}],
                "enableWhen": [{"question": "leak", "operator": "=", "answerBoolean": true}]},
               {"linkId": "when", "type": "date", "text": "Since when?",
                "enableWhen": [{"question": "where", "operator": "=", "answerCoding": {"code": "s"}}]},
               {"linkId": "note", "type": "string", "text": "Note", "initial": [{"valueString": "none"}],
                "enableWhen": [{"question": "when", "operator": "exists", "answerBoolean": true}]}
             ]}
          ]
        }
        """#

    func read() -> FHIRReader.Result { FHIRReader(registry: Self.registry).read(Array(Self.questionnaire.utf8)) }

    /// The template made is checked on the document recorded as it was written: the Questionnaire is the
    /// only text parsed, and the template's problems are found and moved to the items they came from.
    @Test func convertingParsesTheQuestionnaireOnly() {
        let questionnaire = #"""
            {"resourceType": "Questionnaire", "status": "active", "item": [
              {"linkId": "a", "type": "boolean", "text": "A?",
               "enableWhen": [{"question": "b", "operator": "=", "answerBoolean": true}]},
              {"linkId": "b", "type": "boolean", "text": "B?",
               "enableWhen": [{"question": "a", "operator": "=", "answerBoolean": true}]}
            ]}
            """#
        let reader = TemplateReader(registry: Self.registry)
        let (converted, work) = WorkCounter.counting { FHIRCheck.convert(Array(questionnaire.utf8), reader: reader) }
        #expect(work[.jsonParses] == 1)
        let checked = converted.diagnostics.filter { !$0.code.hasPrefix("fhir.") }
        #expect(checked.map(\.code) == ["template.missing-title", "logic.forward-reference", "logic.cycle"])
        #expect(checked.map(\.line) == [1, 3, 5])
    }

    @Test func mapsItemsThroughTheirTypes() throws {
        let result = read()
        let text = JSONWriter.text(of: try #require(result.template), indent: 0)
        #expect(text.contains(#""Title":"Pump check""#))
        #expect(
            text.contains(
                #"{"answer-type":"true/false","question":"Any leaks?","section":"Leaks","helpInfo":{"text":"Look under the seal.","images":[]},"linkId":"leak"}"#
            ))
        #expect(text.contains(#""numberInput":true,"acceptedAnswer":{"from":"0","to":"10"}"#))
        #expect(text.contains(#""enableWhen":[{"question":"leak","operator":"=","answer":true}]"#))
        #expect(text.contains(#""max-answers":0,"answers":["Seal","Flange"]"#))
        #expect(result.version == .r4)
        #expect(result.counts == ImportCounts(total: 7, questions: 4, sections: 1, help: 1, reported: 1))
    }

    /// An option is its text: what else an answerOption holds (a score, an initial selection) is said
    /// not to be carried, once per item and member, where it first stands.
    @Test func anOptionsScoresAndInitialSelectionAreReported() {
        let questionnaire = #"""
            {"resourceType": "Questionnaire", "title": "PHQ", "item": [
             {"linkId": "a", "text": "Little interest?", "type": "choice", "answerOption": [
              {"valueString": "Not at all", "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/ordinalValue", "valueDecimal": 0}]},
              {"valueString": "Several days", "initialSelected": true,
               "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/ordinalValue", "valueDecimal": 1}]}]}]}
            """#
        let read = FHIRReader(registry: Self.registry).read(Array(questionnaire.utf8))
        let found = read.diagnostics.filter { $0.code == "multiple-choice.fhir-option-member-not-carried" }
        #expect(found.map { "\($0.line):\($0.column) \($0.severity)" } == ["3:55 warning", "4:35 warning"])
        #expect(found.map(\.message).joined().contains("extension 'ordinalValue'"))
        #expect(found.map(\.message).joined().contains("'initialSelected'"))
        #expect(read.template != nil)
    }

    @Test func reportsWhatIsNotCarriedWhereItStands() {
        let found = read().diagnostics.map { "\($0.line):\($0.column) \($0.code)" }
        #expect(found.contains("18:35 fhir.item-type-unsupported"))
        #expect(found.contains("20:72 fhir.initial-not-carried"))
        #expect(found.contains("21:37 fhir.condition-target-not-made"))
        #expect(found.contains("16:42 multiple-choice.fhir-option-codes-not-carried"))
    }

    @Test func keepsWhatIsNotCarriedForTheWriter() throws {
        let text = JSONWriter.text(of: try #require(read().template), indent: 0)
        #expect(text.contains(#""_fhir":{"initial":[{"valueString":"none"}],"enableWhen":[{"question":"when""#))
        #expect(text.contains(#""_fhir":{"status":"active","item":[{"linkId":"when""#))
    }

    /// Two things real Questionnaires do that the template cannot hold as written: `repeats` as the
    /// string "true" (lforms' enableWhen test), and `>` on a string item, which FHIR orders by text.
    /// The first is read as true, not silently as one answer; the second is kept, not an error.
    @Test func readsAQuotedRepeatsAndKeepsAnOrderOnText() throws {
        let questionnaire = #"""
            {"resourceType": "Questionnaire", "title": "Words", "item": [
              {"linkId": "q8", "type": "choice", "text": "Which?", "repeats": "true",
               "answerOption": [{"valueString": "B"}, {"valueString": "C"}]},
              {"linkId": "q7", "type": "string", "text": "Word"},
              {"linkId": "both", "type": "string", "text": "B and C chosen", "enableBehavior": "all",
               "enableWhen": [{"question": "q8", "operator": "=", "answerString": "B"},
                              {"question": "q8", "operator": "=", "answerString": "C"}]},
              {"linkId": "after", "type": "string", "text": "After 'tes'",
               "enableWhen": [{"question": "q7", "operator": ">", "answerString": "tes"}]}
            ]}
            """#
        let checked = FHIRCheck.convert(Array(questionnaire.utf8), reader: TemplateReader(registry: Self.registry))
        let found = checked.diagnostics.map { "\($0.line):\($0.column) \($0.severity) \($0.code)" }
        #expect(
            found == [
                "2:67 warning fhir.repeats-not-a-boolean",
                "9:50 warning fhir.condition-operator-not-carried",
            ])
        let template = try #require(checked.template)
        #expect(template.contains(#""max-answers": 0"#))
        // Kept under `_fhir` for the writer (the only place it can be: the question has no condition).
        #expect(template.contains(#""_fhir": {"# + "\n" + #"        "enableWhen": ["#))
        #expect(template.contains(#""operator": ">""#))
    }

    /// Conditions on a choice item that name an option by its code or value rather than with an
    /// `answerCoding` (the SDC IG's enableWhen test form: `answerString: "2"`, `answerInteger: 2` for
    /// the coding 2 'Two'), or order its options (`<` with `answerDecimal`): the first become the
    /// option's text; the others are kept under `_fhir`, reported, not carried into a template that
    /// fails to read.
    @Test func conditionsOnOptionsNameThemByCodeOrAreKept() throws {
        let questionnaire = #"""
            {"resourceType": "Questionnaire", "title": "Radios", "item": [
              {"linkId": "r", "type": "choice", "text": "Radio",
               "answerOption": [{"valueCoding": {"code": "1", "display": "One"}},
                                {"valueCoding": {"code": "2", "display": "Two"}}]},
              {"linkId": "a", "type": "string", "text": "A",
               "enableWhen": [{"question": "r", "operator": "=", "answerString": "2"}]},
              {"linkId": "b", "type": "string", "text": "B",
               "enableWhen": [{"question": "r", "operator": "!=", "answerInteger": 1}]},
              {"linkId": "c", "type": "string", "text": "C",
               "enableWhen": [{"question": "r", "operator": "<", "answerDecimal": 2.1}]},
              {"linkId": "d", "type": "string", "text": "D",
               "enableWhen": [{"question": "r", "operator": "=", "answerString": "Three"}]},
              {"linkId": "e", "type": "string", "text": "E",
               "enableWhen": [{"question": "r", "operator": "=", "answerString": "one"}]}
            ]}
            """#
        let checked = FHIRCheck.convert(Array(questionnaire.utf8), reader: TemplateReader(registry: Self.registry))
        let found = checked.diagnostics.filter { $0.severity != .note }.map { "\($0.line):\($0.column) \($0.code)" }
        #expect(
            found == [
                "10:49 fhir.condition-operator-not-carried",
                "12:70 fhir.condition-answer-not-carried",
            ])
        let template = try #require(checked.template)
        let document = try #require(JSONParser.parse(Array(template.utf8)).document)
        let questions = try #require(document.root["questions"]).elements.map { $0 }
        #expect(questions[1]["enableWhen"]?.elements.map { $0 }.first?["answer"]?.stringValue == "Two")
        #expect(questions[2]["enableWhen"]?.elements.map { $0 }.first?["answer"]?.stringValue == "One")
        #expect(questions[3]["enableWhen"] == nil)
        #expect(questions[3]["_fhir"]?["enableWhen"] != nil)
        #expect(questions[5]["enableWhen"]?.elements.map { $0 }.first?["answer"]?.stringValue == "One")
    }

    /// An `answerValueSet` naming a contained ValueSet (`#id`, the SDC IG's PHQ-9) lists the options:
    /// its expansion's, else its compose's concepts; one whose members are not listed there (a
    /// filter, another value set) still lists none.
    @Test func optionsComeFromAContainedValueSet() throws {
        let questionnaire = #"""
            {"resourceType": "Questionnaire", "title": "PHQ", "contained": [
              {"resourceType": "ValueSet", "id": "freq", "url": "http://x/vs/freq", "compose": {"include": [{"system": "http://x",
                "concept": [{"code": "0", "display": "Not at all"}, {"code": "1", "display": "Several days"}]}]}},
              {"resourceType": "ValueSet", "id": "yn", "expansion": {"contains": [{"code": "Y", "display": "Yes"},
                {"code": "N"}]}},
              {"resourceType": "ValueSet", "id": "loinc", "compose": {"include": [{"system": "http://loinc.org",
                "filter": [{"property": "parent", "op": "=", "value": "x"}]}]}}
            ],
             "item": [
              {"linkId": "q1", "type": "choice", "text": "Interest?", "answerValueSet": "#freq"},
              {"linkId": "q2", "type": "choice", "text": "Sure?", "answerValueSet": "#yn"},
              {"linkId": "q3", "type": "string", "text": "Why?",
               "enableWhen": [{"question": "q1", "operator": "=", "answerCoding": {"code": "1"}}]},
              {"linkId": "q4", "type": "choice", "text": "Code?", "answerValueSet": "#loinc"},
              {"linkId": "q5", "type": "choice", "text": "By url?", "answerValueSet": "http://x/vs/freq"}
            ]}
            """#
        let checked = FHIRCheck.convert(Array(questionnaire.utf8), reader: TemplateReader(registry: Self.registry))
        #expect(!checked.diagnostics.containsErrors, "\(checked.diagnostics.map(\.message))")
        let template = try #require(checked.template)
        let document = try #require(JSONParser.parse(Array(template.utf8)).document)
        let questions = try #require(document.root["questions"]).elements.map { $0 }
        #expect(questions.count == 4)
        #expect(questions[3]["answers"]?.elements.compactMap(\.stringValue) == ["Not at all", "Several days"])
        #expect(questions[0]["answers"]?.elements.compactMap(\.stringValue) == ["Not at all", "Several days"])
        #expect(questions[1]["answers"]?.elements.compactMap(\.stringValue) == ["Yes", "N"])
        #expect(questions[2]["enableWhen"]?.elements.map { $0 }.first?["answer"]?.stringValue == "Several days")
        #expect(checked.diagnostics.map(\.code).contains("multiple-choice.fhir-no-options"))
    }

    /// A Questionnaire's modifier extension may change what it means (FHIR: one not understood must
    /// not be ignored): a warning, not the note other kept members get.
    @Test func aModifierExtensionIsAWarning() {
        let questionnaire = #"""
            {"resourceType": "Questionnaire", "title": "M", "modifierExtension": [
              {"url": "http://example.org/fhir/StructureDefinition/anti-prescription", "valueBoolean": true}],
             "item": [{"linkId": "a", "type": "string", "text": "A"}]}
            """#
        let result = FHIRReader(registry: Self.registry).read(Array(questionnaire.utf8))
        let warnings = result.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.map(\.code) == [FHIRCode.extensionNotRead.rawValue])
        #expect(warnings.first?.message.contains("anti-prescription") == true)
    }

    @Test func readsR5FromItsConstructs() {
        let r5 =
            #"{"resourceType": "Questionnaire", "status": "draft", "item": [{"linkId": "a", "type": "coding", "text": "A?", "answerConstraint": "optionsOnly", "answerOption": [{"valueCoding": {"display": "x"}}]}]}"#
        let result = FHIRReader(registry: Self.registry).read(Array(r5.utf8))
        #expect(result.version == .r5)
        #expect(result.counts.questions == 1)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func refusesOtherResources() {
        let response = FHIRReader(registry: Self.registry).read(
            Array(#"{"resourceType": "QuestionnaireResponse"}"#.utf8))
        #expect(response.template == nil)
        #expect(response.diagnostics.map(\.code) == [FHIRCode.responseNotSupported.rawValue])
        let broken = FHIRReader(registry: Self.registry).read(Array(#"{"resourceType": "#.utf8))
        #expect(broken.template == nil)
        #expect(broken.diagnostics.containsErrors)
    }

    @Test func guessesTheFormatFromTheContent() {
        #expect(InterchangeFormat.guess(Array(Self.questionnaire.utf8)) == .fhir)
        #expect(InterchangeFormat.guess(Array(#"{"Title": "T", "questions": []}"#.utf8)) == .mi)
        #expect(InterchangeFormat.guess(Array("[]".utf8)) == nil)
    }
}
