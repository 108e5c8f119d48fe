import QuestionKit
import QuestionKitForms
import QuestionKitInterchange
import QuestionTypes
import Testing

struct SurveyJSReaderTests {
    static let registry = builtInRegistry

    static let survey = #"""
        {
          "title": "Pump check",
          "pages": [
            {"name": "p1", "title": "Leaks", "elements": [
              {"type": "boolean", "name": "leak", "title": "Any leaks?", "description": "Look under the seal.",
               "isRequired": true},
              {"type": "text", "name": "rate", "title": {"default": "Leak rate", "de": "Leckrate"},
               "inputType": "number", "min": 0, "max": 10, "visibleIf": "{leak} = true"},
              {"type": "checkbox", "name": "where", "title": "Where?", "maxSelectedChoices": 2,
               "choices": [{"value": "s", "text": "Seal"}, "Flange", 3], "visibleIf": "{rate} > 5 or {leak} = 'true'"},
              {"type": "panel", "name": "more", "title": "More", "elements": [
                {"type": "comment", "name": "note", "resetValueIf": "{leak} = false", "visibleIf": "{where} = 's' and {rate} notempty"},
                {"type": "dropdown", "name": "kind", "choices": ["a", "b"], "visibleIf": "{note} contains 'x'"},
                {"type": "expression", "name": "sum", "expression": "{rate} * 2"},
                {"type": "text", "name": "when", "inputType": "date", "defaultValueExpression": "today()"}
              ]}
            ]}
          ]
        }
        """#

    func read() -> SurveyJSReader.Result { SurveyJSReader(registry: Self.registry).read(Array(Self.survey.utf8)) }

    func codes(_ result: SurveyJSReader.Result) -> [String] { result.diagnostics.map(\.code) }

    @Test func mapsElementsThroughTheirTypes() throws {
        let result = read()
        let template = try #require(result.template)
        let document = try #require(JSONParser.parse(Array(JSONWriter.text(of: template).utf8)).document)
        let questions = try #require(document.root["questions"]).elements.map { $0 }
        #expect(questions.count == 5)
        #expect(document.root["Title"]?.stringValue == "Pump check")
        #expect(questions[0]["answer-type"]?.stringValue == "true/false")
        #expect(questions[0]["section"]?.stringValue == "Leaks")
        #expect(questions[0]["helpInfo"]?["text"]?.stringValue == "Look under the seal.")
        #expect(questions[1]["question"]?.stringValue == "Leak rate")
        #expect(questions[1]["numberInput"]?.boolValue == true)
        #expect(questions[1]["acceptedAnswer"]?["to"]?.stringValue == "10")
        #expect(questions[2]["max-answers"]?.numberText == "2")
        #expect(questions[2]["answers"]?.elements.compactMap(\.stringValue) == ["Seal", "Flange", "3"])
        #expect(questions[3]["section"]?.stringValue == "Leaks / More")
        #expect(questions[3]["question"]?.stringValue == "note")
        #expect(questions[4]["max-answers"]?.numberText == "1")
        #expect(result.counts.total == 9)
        #expect(result.counts.questions == 5)
        #expect(result.counts.sections == 2)
        #expect(result.counts.reported == 2)
        let template2 = TemplateReader(registry: Self.registry).read(Array(JSONWriter.text(of: template).utf8))
        #expect(!template2.diagnostics.containsErrors, "\(template2.diagnostics.map(\.message))")
    }

    @Test func carriesSimpleConditions() throws {
        let template = try #require(read().template)
        let text = JSONWriter.text(of: template, indent: 0)
        #expect(text.contains(#""enableWhen":[{"question":"leak","operator":"=","answer":true}]"#))
        // `or` is `any`; 'true' compared with a boolean is a boolean.
        #expect(
            text.contains(
                #""enableWhen":[{"question":"rate","operator":">","answer":5},{"question":"leak","operator":"=","answer":true}],"enableBehavior":"any""#
            ))
        // A choice's value is compared as its text; notempty is exists.
        #expect(
            text.contains(
                #""enableWhen":[{"question":"where","operator":"=","answer":"Seal"},{"question":"rate","operator":"exists","answer":true}]"#
            ))
        #expect(text.contains(#""_surveyjs":{"visibleIf":"{note} contains 'x'"}"#))
        #expect(text.contains(#""_surveyjs":{"resetValueIf":"{leak} = false"}"#))
    }

    @Test func reportsWhatIsNotCarriedWhereItStands() {
        let result = read()
        let codes = codes(result)
        for code in [
            SurveyJSCode.requiredNoted, .translationsNotCarried, .conditionNotCarried, .expressionNotCarried,
            .calculatedNotCarried,
            .elementTypeUnsupported,
        ] {
            #expect(codes.contains(code.rawValue), "\(code)")
        }
        #expect(result.diagnostics.allSatisfy { $0.position != nil })
        let unsupported = result.diagnostics.first { $0.code == SurveyJSCode.elementTypeUnsupported.rawValue }
        #expect(unsupported?.pointer == "/pages/0/elements/3/elements/3/type")
        #expect(unsupported?.line == 15)
    }

    @Test func conditionsBeyondSimpleComparisonsAreKept() {
        for text in ["{a} anyof ['x']", "({a} = 1)", "{a} = 1 and {b} = 2 or {c} = 3", "age({b}) > 3", "{a} ="] {
            let survey =
                #"{"elements": [{"type": "text", "name": "a"}, {"type": "text", "name": "b", "visibleIf": "#
                + JSONWriter.text(of: .string(text)) + "}]}"
            let result = SurveyJSReader(registry: Self.registry).read(Array(survey.utf8))
            #expect(codes(result).contains(SurveyJSCode.conditionNotCarried.rawValue), "\(text)")
        }
    }

    @Test func aConditionOnAnElementNotMadeIsReported() {
        let survey =
            #"{"elements": [{"type": "html", "name": "a"}, {"type": "text", "name": "b", "visibleIf": "{a} = 1"}]}"#
        let result = SurveyJSReader(registry: Self.registry).read(Array(survey.utf8))
        #expect(codes(result).contains(SurveyJSCode.conditionTargetNotMade.rawValue))
        #expect(codes(result).contains(SurveyJSCode.htmlNotCarried.rawValue))
    }

    @Test func aDuplicateNameGetsNoLinkId() throws {
        let survey = #"{"elements": [{"type": "text", "name": "a"}, {"type": "comment", "name": "a"}]}"#
        let converted = SurveyJSCheck.convert(Array(survey.utf8), reader: TemplateReader(registry: Self.registry))
        #expect(!converted.diagnostics.containsErrors)
        #expect(converted.diagnostics.map(\.code).contains(SurveyJSCode.duplicateName.rawValue))
    }

    /// SurveyJS reads a choice, row or column written `"value|text"` as that value and text (as the
    /// DevExpress survey of survey-library's site does): the option is the text, a condition names the value.
    @Test func readsTheValueTextShorthand() throws {
        let survey = #"""
            {"elements": [
              {"type": "radiogroup", "name": "skins", "choices": ["many|More than one", "one|", "plain"]},
              {"type": "text", "name": "which", "visibleIf": "{skins} = 'many'"},
              {"type": "matrix", "name": "value", "columns": ["high|High value", "low|Low value"],
               "rows": ["mac|Skins like macOS"]}
            ]}
            """#
        let converted = SurveyJSCheck.convert(Array(survey.utf8), reader: TemplateReader(registry: Self.registry))
        #expect(!converted.diagnostics.containsErrors, "\(converted.diagnostics.map(\.message))")
        let result = SurveyJSReader(registry: Self.registry).read(Array(survey.utf8))
        let template = try #require(result.template)
        let document = try #require(JSONParser.parse(Array(JSONWriter.text(of: template).utf8)).document)
        let questions = try #require(document.root["questions"]).elements.map { $0 }
        #expect(questions[0]["answers"]?.elements.compactMap(\.stringValue) == ["More than one", "one", "plain"])
        #expect(questions[1]["enableWhen"]?.elements.map { $0 }.first?["answer"]?.stringValue == "More than one")
        #expect(questions[2]["firstRow"]?.elements.compactMap(\.stringValue) == ["", "High value", "Low value"])
        #expect(questions[2]["firstColumn"]?.elements.compactMap(\.stringValue) == ["", "Skins like macOS"])
    }

    /// A comparison our multiple choice cannot make — SurveyJS ordering the choices' values
    /// (`{kids} >= 2`, survey-library's kids example), or naming a value no choice has (`'other'`) —
    /// is reported and kept, not carried into a template that fails to read.
    @Test func aComparisonTheChoicesCannotMakeIsKept() throws {
        for condition in ["{kids} >= 2", "{kids} < 3 and {kids} notempty", "{kids} = 'other'", "{kids} <> 9"] {
            let survey =
                #"{"elements": [{"type": "dropdown", "name": "kids", "choices": [1, 2, 3], "hasOther": true},"#
                + #"{"type": "text", "name": "age", "visibleIf": "# + JSONWriter.text(of: .string(condition)) + "}]}"
            let converted = SurveyJSCheck.convert(
                Array(survey.utf8), reader: TemplateReader(registry: Self.registry))
            #expect(!converted.diagnostics.containsErrors, "\(condition): \(converted.diagnostics.map(\.message))")
            let result = SurveyJSReader(registry: Self.registry).read(Array(survey.utf8))
            #expect(codes(result).contains(SurveyJSCode.conditionNotCarried.rawValue), "\(condition)")
            let text = try #require(result.template.map { JSONWriter.text(of: $0) })
            #expect(text.contains("\"visibleIf\""), "\(condition)")
        }
        // Equality with a choice's value or text is carried.
        for condition in ["{kids} = 2", "{kids} <> '3'"] {
            let survey =
                #"{"elements": [{"type": "dropdown", "name": "kids", "choices": [1, 2, 3]},"#
                + #"{"type": "text", "name": "age", "visibleIf": "# + JSONWriter.text(of: .string(condition)) + "}]}"
            let result = SurveyJSReader(registry: Self.registry).read(Array(survey.utf8))
            #expect(!codes(result).contains(SurveyJSCode.conditionNotCarried.rawValue), "\(condition)")
        }
    }

    @Test func refusesWhatIsNotASurvey() {
        let result = SurveyJSReader(registry: Self.registry).read(Array("[1]".utf8))
        #expect(result.template == nil)
        #expect(codes(result) == [SurveyJSCode.notAnObject.rawValue])
    }

    @Test func guessesTheFormat() {
        #expect(InterchangeFormat.guess(Array(#"{"pages": []}"#.utf8)) == .surveyjs)
        #expect(InterchangeFormat.guess(Array(#"{"elements": []}"#.utf8)) == .surveyjs)
        // SurveyJS's older root `questions` (survey-library's examples), told from ours by its entries.
        let older = #"{"questions": [{"type": "text", "name": "email"}, {"type": "checkbox", "name": "car"}]}"#
        #expect(InterchangeFormat.guess(Array(older.utf8)) == .surveyjs)
        #expect(InterchangeFormat.guess(Array(#"{"questions": []}"#.utf8)) == .mi)
        let ours = #"{"questions": [{"answer-type": "short-answer", "question": "Name?", "type": "x", "name": "n"}]}"#
        #expect(InterchangeFormat.guess(Array(ours.utf8)) == .mi)
    }

    /// Work counted, never timed: ten times the elements, ten times the visits (within a margin).
    @Test func readingCostsLinearWork() {
        func visits(_ count: Int) -> Int {
            var elements: [String] = []
            for index in 0..<count {
                elements.append(
                    #"{"type": "radiogroup", "name": "q\#(index)", "choices": ["a", {"value": "b", "text": "B"}]}"#)
                elements.append(#"{"type": "text", "name": "t\#(index)", "visibleIf": "{q\#(index)} = 'b'"}"#)
            }
            let survey = #"{"pages": [{"elements": ["# + elements.joined(separator: ",") + "]}]}"
            let (result, work) = WorkCounter.counting {
                SurveyJSReader(registry: Self.registry).read(Array(survey.utf8))
            }
            #expect(result.counts.questions == count * 2)
            return work[.interchangeVisits]
        }
        let small = visits(200)
        let large = visits(2000)
        #expect(small > 0)
        #expect(large <= small * 11)
    }
}
