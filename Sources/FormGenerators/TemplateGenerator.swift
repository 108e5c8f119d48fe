/// Writes realistic MI templates of any size: the four question types in turn, laid out as the
/// original web editor wrote them (two-space indentation, options padded to five). Used by the
/// benchmark and by tests of large forms.
public enum TemplateGenerator {
    /// A template of `count` questions; with `longTexts`, some question texts run over several
    /// printed lines (for layout tests). Unless `padded` is false, the multiple-choice option lists
    /// carry the web editor's blank padding, which `validate` notes (one note in four questions);
    /// unpadded, `validate` prints nothing.
    public static func template(questions count: Int, longTexts: Bool = false, padded: Bool = true) -> String {
        var text = """
            {
              "Title": "Generated inspection \(count)",
              "RevisionNumber": "1",
              "MIDiscipline": "Mechanical",
              "InstructionNumber": "MI-BENCH-\(count)",
              "AppliedToEquipment": "Pump station P-\(count)",
              "PreparedBy": "Benchmark",
              "email": "maintenance@example.com",
              "_id": "5f1d7c2e9b1e8a0012345678",
              "questions": [\n
            """
        for index in 0..<count {
            text += question(index, longTexts: longTexts, padded: padded)
            text += index + 1 < count ? ",\n" : "\n"
        }
        text += "  ]\n}\n"
        return text
    }

    private static func question(_ index: Int, longTexts: Bool, padded: Bool) -> String {
        let section = "\"section\": \"Section \(index / 25 + 1)\""
        switch index % 4 {
        case 0:
            return """
                    {
                      "answer-type": "short-answer",
                      "question": "Bearing temperature at point \(index) (°C)",
                      \(section),
                      "qid": "1",
                      "numberInput": true,
                      "acceptedAnswer": {"from": "-20", "to": "95"},
                      "answers": ["", "", "", "", ""]
                    }
                """
        case 1:
            return """
                    {
                      "answer-type": "true/false",
                      "question": "Is guard \(index) fitted and secure\(longTexts ? longGuardQuestion : "")?",
                      \(section),
                      "qid": "2",
                      "answers": ["yes", "no"],
                      "acceptedAnswer": "Yes"
                    }
                """
        case 2:
            return """
                    {
                      "answer-type": "multiple-choice",
                      "question": "Condition of drive belt \(index)",
                      \(section),
                      "qid": "4",
                      "max-answers": "2",
                      "answers": ["Good", "Worn", "Cracked", "Replaced"\(padded ? ", \"\"" : "")],
                      "acceptedAnswer": ["Good"]
                    }
                """
        default:
            return """
                    {
                      "answer-type": "table-answer",
                      "question": "Vibration readings, unit \(index)",
                      \(section),
                      "qid": "3",
                      "numRows": 3,
                      "numColumns": 4,
                      "firstRow": ["", "Axial mm/s", "Radial mm/s", "Checked"],
                      "firstColumn": ["", "Drive end", "Non-drive end"],
                      "rowType": ["", "text", "check"],
                      "noCells": ["3,2"]
                    }
                """
        }
    }

    private static let longGuardQuestion =
        ", with every fixing bolt present, tight and locked, and the mesh free of holes wider than the guard "
        + "standard allows"
}
