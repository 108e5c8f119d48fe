/// Writes forms of the other formats of any size, deterministically, for the cost of `convert`
/// (issue 21: converting costs within 3× `validate` of the same template). Each has the shapes the
/// readers carry, in turn: a number with a range, a yes/no, a choice of several, and a text asked on
/// the yes/no's answer with help; 25 questions to a section. Every item converts without a
/// diagnostic but the release's note, so the measured run prints next to nothing.
public enum InterchangeGenerator {
    /// A FHIR R4 Questionnaire of `count` questions in groups of 25.
    public static func fhirQuestionnaire(questions count: Int) -> String {
        let head = """
            {
              "resourceType": "Questionnaire",
              "status": "draft",
              "title": "Generated questionnaire \(count)",
              "item": [
            """
        return document(head: head, count: count, item: fhirItem) { number in
            (#""linkId": "section-\#(number)", "text": "Section \#(number)", "type": "group""#, "item")
        }
    }

    /// `head`, then `count` items in containers of 25 (their own members and the key of their items,
    /// by number), then the ends.
    private static func document(
        head: String, count: Int, item: (Int) -> String, container: (Int) -> (members: String, key: String)
    ) -> String {
        var text = head + "\n"
        let containers = (count + 24) / 25
        for index in 0..<containers {
            let items = (index * 25..<min(count, index * 25 + 25)).map(item)
            let (members, key) = container(index + 1)
            text += """
                    {
                      \(members),
                      "\(key)": [
                \(items.joined(separator: ",\n"))
                      ]
                    }
                """
            text += index + 1 < containers ? ",\n" : "\n"
        }
        text += "  ]\n}\n"
        return text
    }

    private static func fhirItem(_ index: Int) -> String {
        switch index % 4 {
        case 0:
            return """
                        {
                          "linkId": "q\(index)",
                          "text": "Bearing temperature at point \(index) (°C)",
                          "type": "decimal",
                          "extension": [
                            {"url": "http://hl7.org/fhir/StructureDefinition/minValue", "valueDecimal": -20},
                            {"url": "http://hl7.org/fhir/StructureDefinition/maxValue", "valueDecimal": 95}
                          ]
                        }
                """
        case 1:
            return """
                        {"linkId": "q\(index)", "text": "Is guard \(index) fitted and secure?", "type": "boolean"}
                """
        case 2:
            return """
                        {
                          "linkId": "q\(index)",
                          "text": "Condition of drive belt \(index)",
                          "type": "choice",
                          "repeats": true,
                          "answerOption": [
                            {"valueString": "Good"}, {"valueString": "Worn"}, {"valueString": "Cracked"},
                            {"valueString": "Replaced"}
                          ]
                        }
                """
        default:
            return """
                        {
                          "linkId": "q\(index)",
                          "text": "Why is guard \(index - 2) not fitted?",
                          "type": "string",
                          "enableWhen": [{"question": "q\(index - 2)", "operator": "=", "answerBoolean": false}],
                          "item": [
                            {
                              "linkId": "q\(index)-help",
                              "text": "Say what is missing and who was told.",
                              "type": "display"
                            }
                          ]
                        }
                """
        }
    }

    /// A SurveyJS survey of `count` questions on pages of 25.
    public static func surveyJSSurvey(questions count: Int) -> String {
        let head = """
            {
              "title": "Generated survey \(count)",
              "pages": [
            """
        return document(head: head, count: count, item: surveyJSElement) { number in
            (#""name": "page\#(number)", "title": "Section \#(number)""#, "elements")
        }
    }

    private static func surveyJSElement(_ index: Int) -> String {
        switch index % 4 {
        case 0:
            return """
                        {
                          "type": "text",
                          "name": "q\(index)",
                          "title": "Bearing temperature at point \(index) (°C)",
                          "inputType": "number",
                          "min": -20,
                          "max": 95
                        }
                """
        case 1:
            return """
                        {"type": "boolean", "name": "q\(index)", "title": "Is guard \(index) fitted and secure?"}
                """
        case 2:
            return """
                        {
                          "type": "checkbox",
                          "name": "q\(index)",
                          "title": "Condition of drive belt \(index)",
                          "choices": ["Good", "Worn", "Cracked", {"value": "replaced", "text": "Replaced"}]
                        }
                """
        default:
            return """
                        {
                          "type": "comment",
                          "name": "q\(index)",
                          "title": "Why is guard \(index - 2) not fitted?",
                          "description": "Say what is missing and who was told.",
                          "visibleIf": "{q\(index - 2)} = false"
                        }
                """
        }
    }
}
