import QuestionKit

// MARK: - Documentation and schema

extension MultipleChoiceQuestion {
    /// How the options, the selection limit and the accepted answer work together.
    static var documentation: String {
        """
        The technician chooses from the options in `answers`. `max-answers` sets how many may be \
        chosen: 1 for exactly one, 0 (or no `max-answers`) for any number, N for at most N. Blank \
        strings in `answers` are padding left by the web editor; they are not options, but they hold \
        places: the editor reads `answers[0..4]` and the accepted option's index back by position, so \
        `validate --fix` keeps them (removing them is only an offered fix).

        `acceptedAnswer` names the option, or the list of options, the answer should be. An answer \
        whose options differ from it (ignoring case and order) is flagged for attention. Without \
        `acceptedAnswer`, or with `""` or `"none"` (in any case, even when an option is called None), \
        nothing is checked. A question left with only a comment while `acceptedAnswer` expects \
        something is flagged "no answer", as the original server did.
        """
    }

    /// What makes a multiple-choice question invalid.
    static var rules: [String] {
        [
            "`answers` is a list of strings with at least one option that is not blank.",
            "No two options are the same, ignoring case and surrounding spaces.",
            "`max-answers` is a whole number of 0 or more (a number or a numeric string), at most the number of "
                + "options.",
            "`acceptedAnswer` names options of `answers` only, no more of them than `max-answers` allows, and is "
                + "not an empty list.",
        ]
    }

    /// `answers` (required), `max-answers` and `acceptedAnswer`.
    static var schemaProperties: [KeySchema] {
        let option: JSONWriter.Value = .object([("type", .string("string"))])
        let realOption: JSONWriter.Value = .object([("type", .string("string")), ("pattern", .string("\\S"))])
        return [
            KeySchema(
                .answers, description: "The options to choose from; blank strings are padding, not options.",
                required: true, [("type", .string("array")), ("items", option), ("contains", realOption)]),
            KeySchema(
                .maxAnswers, description: "How many options may be chosen: 1 one, 0 any number, N at most N.",
                JSONSchema.types("integer", "string", "null") + [("minimum", .integer(0))]),
            KeySchema(
                .acceptedAnswer,
                description: "The option, or list of options, the answer should be; \"none\" or \"\" checks nothing.",
                [
                    (
                        "anyOf",
                        .array([
                            .object(JSONSchema.types("string", "null")),
                            .object([("type", .string("array")), ("items", option), ("minItems", .integer(1))]),
                        ])
                    )
                ]),
        ]
    }
}
