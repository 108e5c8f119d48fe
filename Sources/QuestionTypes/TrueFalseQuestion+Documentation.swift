import QuestionKit

// MARK: - Documentation and schema

extension TrueFalseQuestion {
    /// How the accepted answer works, and the legacy spelling of the type.
    static var documentation: String {
        """
        The technician answers True or False; Yes and No are the same values, in any case. \
        `acceptedAnswer` is the answer expected (`"Yes"`, `"No"`, `"True"` or `"False"`, or a list \
        holding one of them); a different answer is flagged for attention. Without `acceptedAnswer`, \
        or with `""` or `"none"` (in any case), nothing is checked; a question left with only a \
        comment while `acceptedAnswer` expects something is flagged "no answer". `answers` holds \
        filler such as \
        `["yes", "no"]` and is ignored.

        The original web editor left `answer-type` out of true/false questions: a question with \
        `qid` "2" and no `answer-type` is read as true/false, with a warning.
        """
    }

    /// What makes a true/false question invalid.
    static var rules: [String] {
        [
            "`acceptedAnswer` is one of \"True\", \"False\", \"Yes\" or \"No\" (in any case), \"none\" or \"\", "
                + "or a list of exactly one of the first four."
        ]
    }

    /// `acceptedAnswer`, a string or a one-item list of strings.
    static var schemaProperties: [KeySchema] {
        // Spellings as the reader takes them: any case, surrounding spaces ignored.
        let words = "[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|[Yy][Ee][Ss]|[Nn][Oo]"
        let value: JSONWriter.Value = .object([
            ("type", .string("string")), ("pattern", .string("^\\s*(\(words))\\s*$")),
        ])
        let text: JSONWriter.Value = .object([
            ("type", .string("string")), ("pattern", .string("^\\s*(\(words)|[Nn][Oo][Nn][Ee])?\\s*$")),
        ])
        return [
            KeySchema(
                .acceptedAnswer,
                description: "The expected answer: \"Yes\" (or \"True\") or \"No\" (or \"False\"); "
                    + "\"none\" or \"\" checks nothing.",
                [
                    (
                        "anyOf",
                        .array([
                            .object([("type", .string("null"))]), text,
                            .object([
                                ("type", .string("array")), ("items", value), ("minItems", .integer(1)),
                                ("maxItems", .integer(1)),
                            ]),
                        ])
                    )
                ]),
            KeySchema(.answers, description: "Filler such as [\"yes\", \"no\"]; ignored."),
        ]
    }
}
