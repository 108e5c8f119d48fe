/// Writes the hostile inputs of issue 10: templates (and a key map) whose every part is a problem,
/// for the benchmark and for the tests that hold validation linear. Laid out one entry per line,
/// as an editor would write them.
public enum HostileTemplateGenerator {
    /// `count` questions, each with one error: an unknown type, a missing text, a repeated
    /// option and a malformed `noCells` entry, in turn.
    public static func questionsInError(_ count: Int) -> String {
        template(questions: (0..<count).map(questionInError))
    }

    /// One table question whose `noCells` lists the same cell `count` times (`count - 1` repeats).
    public static func duplicateNoCells(_ count: Int) -> String {
        let head = """
                {
                  "answer-type": "table-answer",
                  "question": "Vibration readings",
                  "numRows": 3,
                  "numColumns": 4,
                  "firstRow": ["", "Axial mm/s", "Radial mm/s", "Checked"],
                  "firstColumn": ["", "Drive end", "Non-drive end"],
                  "rowType": ["", "text", "check"],
                  "noCells": [

            """
        return template(questions: [head + lines(count) { _ in "\"3,2\"" } + "\n      ]\n    }"])
    }

    /// One multiple-choice question with the option "Good" `count` times (`count - 1` repeats).
    public static func duplicateOptions(_ count: Int) -> String {
        let head = """
                {
                  "answer-type": "multiple-choice",
                  "question": "Condition of the drive belt",
                  "answers": [

            """
        return template(questions: [head + lines(count) { _ in "\"Good\"" } + "\n      ]\n    }"])
    }

    /// One question whose key "section" appears `count` times (`count - 1` duplicates).
    public static func duplicateKeys(_ count: Int) -> String {
        template(questions: [trueFalseHead + lines(count) { _ in "\"section\": \"Guards\"" } + "\n    }"])
    }

    /// One question with `count` keys that no type reads ("extra0", "extra1", …).
    public static func unknownKeys(_ count: Int) -> String {
        template(questions: [trueFalseHead + lines(count) { "\"extra\($0)\": \($0)" } + "\n    }"])
    }

    private static let trueFalseHead = """
            {
              "answer-type": "true/false",
              "question": "Is the guard fitted?",

        """

    /// A valid one-question template with one more top-level key, `length` letters long.
    public static func longKeyTemplate(length: Int) -> String {
        """
        {
          "Title": "Long key",
          "\(String(repeating: "k", count: length))": 1,
          "questions": [
            {"answer-type": "true/false", "question": "Is the guard fitted?"}
          ]
        }

        """
    }

    /// A key map whose one entry names no key: a name `length` letters long.
    public static func longKeyMap(length: Int) -> String {
        "{\"\(String(repeating: "k", count: length))\": \"type\"}\n"
    }

    /// A valid template (`TemplateGenerator`'s) of about `bytes` bytes: what a hostile input is
    /// compared with.
    public static func validTemplate(bytes: Int) -> String {
        let sample = TemplateGenerator.template(questions: 400).utf8.count
        return TemplateGenerator.template(questions: max(1, bytes * 400 / sample))
    }

    private static func questionInError(_ index: Int) -> String {
        switch index % 4 {
        case 0:
            return #"    {"answer-type": "multiple-choise", "question": "Condition of belt \#(index)"}"#
        case 1:
            return #"    {"answer-type": "true/false", "qestion": "Is guard \#(index) fitted?"}"#
        case 2:
            return #"    {"answer-type": "multiple-choice", "question": "Belt \#(index)", "answers": ["Good", "good"]}"#
        default:
            return #"""
                    {"answer-type": "table-answer", "question": "Readings \#(index)", "numRows": 2, "numColumns": 2,
                     "firstRow": ["", "mm/s"], "firstColumn": ["", "Drive end"], "rowType": ["", "text"],
                     "noCells": ["2-2"]}
                """#
        }
    }

    /// `count` lines made by `line`, indented as array elements or members, comma-separated.
    private static func lines(_ count: Int, _ line: (Int) -> String) -> String {
        var text = ""
        text.reserveCapacity(count * 24)
        for index in 0..<count {
            text += "        "
            text += line(index)
            text += index + 1 < count ? ",\n" : ""
        }
        return text
    }

    private static func template(questions: [String]) -> String {
        "{\n  \"Title\": \"Hostile\",\n  \"questions\": [\n" + questions.joined(separator: ",\n") + "\n  ]\n}\n"
    }
}
