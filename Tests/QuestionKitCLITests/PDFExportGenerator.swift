/// Large MI templates and fixtures that answer them, for the PDF tests: the four question types in
/// turn, as `Sources/Benchmarks/TemplateGenerator.swift` and `FixtureGenerator.swift` make them
/// (copied, since tests do not import the benchmark target), with longer texts so that lines wrap.
enum PDFExportGenerator {
    static func template(questions count: Int) -> String {
        var text = """
            {
              "Title": "Generated inspection \(count)",
              "RevisionNumber": "1",
              "MIDiscipline": "Mechanical",
              "InstructionNumber": "MI-BENCH-\(count)",
              "AppliedToEquipment": "Pump station P-\(count)",
              "PreparedBy": "Benchmark",
              "email": "maintenance@example.com",
              "questions": [\n
            """
        for index in 0..<count {
            text += question(index)
            text += index + 1 < count ? ",\n" : "\n"
        }
        text += "  ]\n}\n"
        return text
    }

    private static func question(_ index: Int) -> String {
        let section = "\"section\": \"Section \(index / 25 + 1)\""
        switch index % 4 {
        case 0:
            return """
                    {"answer-type": "short-answer", "question": "Bearing temperature at point \(index) (°C)",
                     \(section), "qid": "1", "numberInput": true, "acceptedAnswer": {"from": "-20", "to": "95"},
                     "answers": ["", "", "", "", ""]}
                """
        case 1:
            return """
                    {"answer-type": "true/false", "question": "Is guard \(index) fitted and secure, with every fixing \
                bolt present, tight and locked, and the mesh free of holes wider than the guard standard allows?",
                     \(section), "qid": "2", "answers": ["yes", "no"], "acceptedAnswer": "Yes"}
                """
        case 2:
            return """
                    {"answer-type": "multiple-choice", "question": "Condition of drive belt \(index)", \(section),
                     "qid": "4", "max-answers": "2", "answers": ["Good", "Worn", "Cracked", "Replaced", ""],
                     "acceptedAnswer": ["Good"]}
                """
        default:
            return """
                    {"answer-type": "table-answer", "question": "Vibration readings, unit \(index)", \(section),
                     "qid": "3", "numRows": 3, "numColumns": 4,
                     "firstRow": ["", "Axial mm/s", "Radial mm/s", "Checked"],
                     "firstColumn": ["", "Drive end", "Non-drive end"], "rowType": ["", "text", "check"],
                     "noCells": ["3,2"]}
                """
        }
    }

    static func fixture(questions count: Int, seed: Int = 1) -> String {
        let answers = (0..<count).map { "    \"\($0 + 1)\": {\(answer($0, seed: seed))}" }
        return """
            {
              "technician": "Technician \(seed)",
              "foreman": "Foreman \(seed % 7)",
              "completedDate": "Nov 22, 2026",
              "submittedDate": "Nov 23, 2026",
              "answers": {
            \(answers.joined(separator: ",\n"))
              },
              "foremanComment": "Reviewed."
            }
            """
    }

    private static func answer(_ index: Int, seed: Int) -> String {
        let variant = (index + seed) % 9
        switch index % 4 {
        case 0:
            return "\"answer\": \"\(variant == 0 ? 120 : 20 + variant * 5)\""
        case 1:
            let comment =
                variant == 3
                ? "Guard checked; two fixing bolts were loose and have been re-torqued, the mesh has a small dent "
                    + "near the coupling but no hole, and a new warning label was fitted on the drive side."
                : "Guard checked."
            return "\"answer\": [\"\(variant == 0 ? "No" : "Yes")\"], \"comment\": \"\(comment)\""
        case 2:
            return "\"answer\": [\(variant == 0 ? "\"Worn\", \"Cracked\"" : "\"Good\"")], \"media\": [\"image\"]"
        default:
            return #""answer": {"2,2": "1.1", "2,3": "0.9", "2,4": "ok", "3,3": "yes", "3,4": "no"}"#
        }
    }
}
