import QuestionKit
import QuestionKitForms
import QuestionKitInterchange
import QuestionTypes
import Testing

/// A page's or panel's `visibleIf` applies to every question inside, joined with the question's own,
/// as a FHIR group's enableWhen is inherited by its items.
struct SurveyJSContainerConditionTests {
    static let survey = #"""
        {"pages": [
          {"name": "p1", "elements": [
            {"type": "boolean", "name": "leak"},
            {"type": "text", "name": "rate", "inputType": "number"}]},
          {"name": "p2", "visibleIf": "{leak} = true", "elements": [
            {"type": "comment", "name": "where"},
            {"type": "panel", "name": "deep", "visibleIf": "{rate} > 5", "elements": [
              {"type": "comment", "name": "why", "visibleIf": "{where} notempty"},
              {"type": "comment", "name": "either", "visibleIf": "{where} empty or {rate} < 2"}]},
            {"type": "panel", "name": "odd", "visibleIf": "age({rate}) > 3", "elements": [
              {"type": "comment", "name": "plain"}]}]}
        ]}
        """#

    func questions() throws -> [JSONNode] {
        let result = SurveyJSReader(registry: builtInRegistry).read(Array(Self.survey.utf8))
        let template = try #require(result.template)
        let document = try #require(JSONParser.parse(Array(JSONWriter.text(of: template).utf8)).document)
        return try #require(document.root["questions"]).elements.map { $0 }
    }

    func conditions(_ question: JSONNode) -> String {
        question["enableWhen"].map { JSONWriter.text(of: $0.writerValue, indent: 0) } ?? ""
    }

    @Test func aPagesConditionAppliesToItsQuestions() throws {
        let questions = try questions()
        #expect(conditions(questions[2]) == #"[{"question":"leak","operator":"=","answer":true}]"#)
        // A panel's joins its page's, and a question's own joins both, all of which must hold.
        #expect(
            conditions(questions[3])
                == #"[{"question":"leak","operator":"=","answer":true},{"question":"rate","operator":">","answer":5},"#
                + #"{"question":"where","operator":"exists","answer":true}]"#)
        #expect(questions[3]["enableBehavior"] == nil)
        // The page's condition holds for a question beyond simple forms too.
        #expect(conditions(questions[5]) == #"[{"question":"leak","operator":"=","answer":true}]"#)
    }

    @Test func aComparisonSaidByThePageAndTheQuestionIsWrittenOnce() throws {
        let survey = #"""
            {"pages": [{"name": "p", "elements": [{"type": "text", "name": "a"}]},
              {"name": "q", "visibleIf": "{a} = 'x'", "elements": [
                {"type": "text", "name": "b", "visibleIf": "{a} = 'x'"}]}]}
            """#
        let template = try #require(SurveyJSReader(registry: builtInRegistry).read(Array(survey.utf8)).template)
        #expect(
            JSONWriter.text(of: template, indent: 0).contains(
                #""enableWhen":[{"question":"a","operator":"=","answer":"x"}]"#))
    }

    @Test func whatCannotBeJoinedIsReportedAndTheQuestionsOwnApplies() throws {
        let questions = try questions()
        #expect(
            conditions(questions[4])
                == #"[{"question":"where","operator":"exists","answer":false},{"question":"rate","operator":"<","answer":2}]"#
        )
        #expect(questions[4]["enableBehavior"]?.stringValue == "any")
        let result = SurveyJSReader(registry: builtInRegistry).read(Array(Self.survey.utf8))
        let notJoined = result.diagnostics.filter { $0.code == SurveyJSCode.conditionNotJoined.rawValue }
        #expect(notJoined.map(\.pointer) == ["/pages/1/elements/1/elements/1/visibleIf"])
        let notCarried = result.diagnostics.filter { $0.code == SurveyJSCode.containerConditionNotCarried.rawValue }
        #expect(notCarried.map(\.pointer) == ["/pages/1/elements/2/visibleIf"])
        // The template made checks clean: every question named exists.
        let checked = SurveyJSCheck.convert(Array(Self.survey.utf8), reader: TemplateReader(registry: builtInRegistry))
        #expect(!checked.diagnostics.containsErrors, "\(checked.diagnostics.map(\.message))")
    }

    @Test func aPagesConditionOnAnElementNotMadeIsReportedOnce() {
        let survey = #"""
            {"pages": [{"name": "p", "elements": [{"type": "html", "name": "h"}]},
              {"name": "q", "visibleIf": "{h} = 1", "elements": [
                {"type": "text", "name": "a"}, {"type": "text", "name": "b", "visibleIf": "{a} = 'x'"}]}]}
            """#
        let result = SurveyJSReader(registry: builtInRegistry).read(Array(survey.utf8))
        let reported = result.diagnostics.filter { $0.code == SurveyJSCode.conditionTargetNotMade.rawValue }
        #expect(reported.map(\.pointer) == ["/pages/1/visibleIf"])
        let text = result.template.map { JSONWriter.text(of: $0, indent: 0) } ?? ""
        // The question's own condition is kept for the way back.
        #expect(text.contains(#""_surveyjs":{"visibleIf":"{a} = 'x'"}"#))
    }
}
