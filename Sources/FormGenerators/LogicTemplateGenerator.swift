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

    /// A fixture of `chain(count)` (named `template`) that answers the first `answered` questions
    /// with numbers and comments on the next one, leaving it unanswered: the questions after it are
    /// then not asked (their condition, `exists true` on the one before, fails), and the form
    /// completes. With `answered` different per fixture, a folder of them makes every condition of
    /// the chain true in some fixture and false in another.
    public static func chainFixture(_ count: Int, answered: Int, template: String) -> String {
        let answers = (0..<min(answered, count)).map { #"    "\#($0 + 1)": {"answer": "\#($0 % 97)"}"# }
        let comment = answered < count ? [#"    "\#(answered + 1)": {"comment": "Not read."}"#] : []
        return "{\n  \"template\": \"\(template)\",\n  \"answers\": {\n"
            + (answers + comment).joined(separator: ",\n") + "\n  }\n}\n"
    }

    private static func template(_ questions: [String]) -> String {
        "{\n  \"Title\": \"Logic\",\n  \"questions\": [\n" + questions.joined(separator: ",\n") + "\n  ]\n}\n"
    }
}
