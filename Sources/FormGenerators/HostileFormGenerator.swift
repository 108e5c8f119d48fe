/// Inputs of legal but extreme shapes for replay and printing, paired with `TemplateGenerator`
/// templates: very long scripted walks, questions with thousands of media, a question that is one
/// enormous word. Each must cost time in proportion to its size (tests and the benchmark).
public enum HostileFormGenerator {
    /// The steps repeated by `manySteps`: on question 1, fill, comment, attach a photo, Next, Back,
    /// Exit and Resume; each leaves the walk on question 1 again.
    public static let stepCycle = [
        #""fill""#, #"{"comment": "Checked again"}"#, #"{"attach": "image"}"#, #""next""#, #""back""#,
        #""exit""#, #""resume""#,
    ]

    /// A fixture of about `count` steps (at least the closing ones) for a 4-question
    /// `TemplateGenerator` template at `templatePath`: `stepCycle` over and over, then every
    /// question filled, Finish, an edit from the review, completion and submission.
    public static func manySteps(_ count: Int, templatePath: String = "template.json") -> String {
        let closing = [
            #""next""#, #""fill""#, #""next""#, #""fill""#, #""next""#, #""fill""#, #""finish""#, #"{"edit": 2}"#,
            #""finish""#, #""complete""#, #""submit""#,
        ]
        var steps: [String] = []
        steps.reserveCapacity(count + stepCycle.count)
        while steps.count + closing.count < count {
            steps += stepCycle
        }
        steps += closing
        return fixture(
            templatePath: templatePath, media: 0,
            extra: "\"steps\": [\n    " + steps.joined(separator: ",\n    ") + "\n  ],\n")
    }

    /// A fixture for a 4-question `TemplateGenerator` template at `templatePath` whose question 1
    /// has `count` photos, videos and voice notes, replayed with the default walk.
    public static func manyMedia(_ count: Int, templatePath: String = "template.json") -> String {
        fixture(templatePath: templatePath, media: count, extra: "")
    }

    /// A 4-question `TemplateGenerator` template whose first question is one word of `length`
    /// letters; with `plain`, words of seven letters and a space instead, the same size.
    public static func longWordTemplate(length: Int, plain: Bool = false) -> String {
        var text = ""
        text.reserveCapacity(length)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for index in 0..<length {
            text.append(plain && index % 8 == 7 ? " " : letters[index % letters.count])
        }
        return TemplateGenerator.template(questions: 4).replacingFirst(
            "Bearing temperature at point 0 (°C)", with: text)
    }

    private static func fixture(templatePath: String, media: Int, extra: String) -> String {
        let kinds = ["\"image\"", "\"video\"", "\"voice\""]
        let mediaList = (0..<media).map { kinds[$0 % kinds.count] }.joined(separator: ", ")
        return """
            {
              "template": "\(templatePath)",
              "technician": "Technician", "foreman": "Foreman",
              "answers": {
                "1": {"answer": "20", "media": [\(mediaList)]},
                "2": {"answer": ["Yes"], "comment": "Guard checked."},
                "3": {"answer": ["Good"]},
                "4": {"answer": {"2,2": "1.1", "2,3": "0.9", "2,4": "ok", "3,3": "yes", "3,4": "no"}}
              },
            \(extra)  "foremanComment": "Reviewed."
            }
            """
    }
}

extension String {
    /// The text with the first occurrence of `target` replaced (the text itself when there is none).
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        var copy = self
        copy.replaceSubrange(range, with: replacement)
        return copy
    }
}
