/// Writes templates whose logic is long, for the benchmark and for the tests that hold the logic
/// checks linear. Both are valid: validating them prints nothing.
public enum LogicTemplateGenerator {
    /// `count` numeric questions in a chain: each is asked when the one before it is answered.
    public static func chain(_ count: Int) -> String {
        template(
            (0..<count).map { index in
                let condition =
                    index == 0
                    ? "" : #", "enableWhen": [{"question": "q\#(index - 1)", "operator": "exists", "answer": true}]"#
                return #"    {"linkId": "q\#(index)", "answer-type": "short-answer", "numberInput": true, "#
                    + #""question": "Reading \#(index)"\#(condition)}"#
            })
    }

    /// A numeric question, and a question with `count` conditions on it that can all hold
    /// (`>= 0`, `<= 1000000`, and `!=` a different negative number, in turn).
    public static func conditionsOnOneQuestion(_ count: Int) -> String {
        let conditions = (0..<count).map { index in
            let (op, operand) = [(">=", "0"), ("<=", "1000000"), ("!=", "-\(index + 1)")][index % 3]
            return #"        {"question": "reading", "operator": "\#(op)", "answer": \#(operand)}"#
        }
        return template([
            #"    {"linkId": "reading", "answer-type": "short-answer", "numberInput": true, "question": "Reading"}"#,
            "    {\"answer-type\": \"short-answer\", \"question\": \"Why so high?\", \"enableWhen\": [\n"
                + conditions.joined(separator: ",\n") + "\n    ]}",
        ])
    }

    private static func template(_ questions: [String]) -> String {
        "{\n  \"Title\": \"Logic\",\n  \"questions\": [\n" + questions.joined(separator: ",\n") + "\n  ]\n}\n"
    }
}
