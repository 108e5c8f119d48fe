/// Fixtures that answer every question of a `TemplateGenerator` template, varied by a seed so
/// that no two forms are alike (and some answers are flagged).
enum FixtureGenerator {
    static func fixture(questions count: Int, seed: Int) -> String {
        var answers: [String] = []
        for index in 0..<count {
            answers.append("    \"\(index + 1)\": {\(answer(index, seed: seed))}")
        }
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
            // Accepted range -20…95; one variant in nine is out of range.
            return "\"answer\": \"\(variant == 0 ? 120 : 20 + variant * 5)\""
        case 1:
            return "\"answer\": [\"\(variant == 0 ? "No" : "Yes")\"], \"comment\": \"Guard checked.\""
        case 2:
            return "\"answer\": [\(variant == 0 ? "\"Worn\", \"Cracked\"" : "\"Good\"")], \"media\": [\"image\"]"
        default:
            return #""answer": {"2,2": "1.1", "2,3": "0.9", "2,4": "ok", "3,3": "yes", "3,4": "no"}"#
        }
    }
}
