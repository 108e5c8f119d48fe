import Testing

/// `questionkit convert` and `validate` on a FHIR Questionnaire (issue 21).
struct ConvertCommandTests {
    static let questionnaire = """
        {"resourceType": "Questionnaire", "status": "draft", "title": "Loop",
         "item": [
          {"linkId": "a", "type": "boolean", "text": "A?",
           "enableWhen": [{"question": "b", "operator": "=", "answerBoolean": true}]},
          {"linkId": "b", "type": "boolean", "text": "B?",
           "enableWhen": [{"question": "a", "operator": "=", "answerBoolean": true}]},
          {"linkId": "c", "type": "attachment", "text": "Photo"}
         ]}
        """

    @Test func convertsStandardInputToOurFormat() {
        let outcome = runTool(["convert", "-", "--from", "fhir"], standardInput: Self.questionnaire)
        #expect(outcome.standardOutput.contains(#""answer-type": "true/false""#))
        #expect(outcome.standardError.contains("<stdin>:7:27: warning: no registered question type takes 'attachment'"))
        // The conditions go round in a circle: an error of the template made, located in the Questionnaire.
        #expect(outcome.standardError.contains("<stdin>:6:19: error: the conditions go round in a circle"))
        #expect(outcome.status == 1)
    }

    @Test func guessesTheFormatAndWritesFHIR() {
        let template = #"{"Title": "T", "questions": [{"answer-type": "true/false", "question": "OK?"}]}"#
        let outcome = runTool(["convert", "-", "--to", "fhir"], standardInput: template)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains(#""type": "boolean""#))
        #expect(runTool(["convert", "-"], standardInput: template).status == 64)
        #expect(runTool(["convert", "-"], standardInput: "[]").status == 64)
    }

    @Test func validateReadsAQuestionnaireDirectly() {
        let outcome = runTool(["validate", "-"], standardInput: Self.questionnaire)
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains("<stdin>:6:19: error: the conditions go round in a circle"))
    }
}
