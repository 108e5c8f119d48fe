import QuestionKit

// MARK: - Documentation and schema

extension ShortAnswerQuestion {
    /// How free text, numbers and the accepted range work together.
    static var documentation: String {
        """
        The technician types an answer: free text, or a number when `numberInput` is true. For a \
        number, `acceptedAnswer` may give the range it should fall in, as \
        `{"from": "-20", "to": "95"}`; each bound is a number or a numeric string, and `""` or a \
        missing bound means no bound on that side. An answer outside the range is flagged for \
        attention. Without `acceptedAnswer`, or with `""` or `"none"`, nothing is checked.

        The original web editor left `answer-type` out of short-answer questions: a question with \
        `qid` "1" and no `answer-type` is read as short answer, with a warning.
        """
    }

    /// What makes a short-answer question invalid.
    static var rules: [String] {
        [
            "`numberInput` is true or false (the strings \"true\" and \"false\" are read, with a warning).",
            "`acceptedAnswer` is a range object, \"none\" or \"\".",
            "`from` and `to` are numbers (or numeric strings), or \"\" for no bound.",
            "`from` is not greater than `to`.",
        ]
    }

    /// `numberInput` and `acceptedAnswer` (a range with `from` and `to`).
    static var schemaProperties: [KeySchema] {
        let bound: [(String, JSONWriter.Value)] = JSONSchema.types("number", "string", "null")
        let range: JSONWriter.Value = .object([
            ("type", .string("object")),
            (
                "properties",
                .object([
                    ("from", KeySchema(Self.from, bound).schema), ("to", KeySchema(Self.to, bound).schema),
                ])
            ),
        ])
        let noRange: JSONWriter.Value = .object([
            ("type", .string("string")), ("pattern", .string("^(\\s*|[Nn][Oo][Nn][Ee])$")),
        ])
        let flagText: JSONWriter.Value = .object([
            ("type", .string("string")), ("pattern", .string("^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])$")),
        ])
        return [
            KeySchema(
                Self.numberInput, description: "true when the answer is a number; default false.",
                [("anyOf", .array([.object(JSONSchema.types("boolean", "null")), flagText]))]),
            KeySchema(
                .acceptedAnswer,
                description: "The range a number should fall in, {\"from\": …, \"to\": …}; "
                    + "\"none\" or \"\" for none.",
                [("anyOf", .array([.object([("type", .string("null"))]), noRange, range]))]),
        ]
    }
}
