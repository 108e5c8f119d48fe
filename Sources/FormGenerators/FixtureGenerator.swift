/// Fixtures that answer every question of a `TemplateGenerator` template, varied by a seed so
/// that no two forms are alike (and some answers are flagged).
public enum FixtureGenerator {
    /// A fixture answering `count` questions; with `longTexts`, some comments run over several
    /// printed lines (for layout tests).
    public static func fixture(questions count: Int, seed: Int, longTexts: Bool = false) -> String {
        var answers: [String] = []
        for index in 0..<count {
            answers.append("    \"\(index + 1)\": {\(answer(index, seed: seed, longTexts: longTexts))}")
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

    private static func answer(_ index: Int, seed: Int, longTexts: Bool) -> String {
        let variant = (index + seed) % 9
        switch index % 4 {
        case 0:
            // Accepted range -20…95; one variant in nine is out of range.
            return "\"answer\": \"\(variant == 0 ? 120 : 20 + variant * 5)\""
        case 1:
            let comment = longTexts && variant == 3 ? longGuardComment : "Guard checked."
            return "\"answer\": [\"\(variant == 0 ? "No" : "Yes")\"], \"comment\": \"\(comment)\""
        case 2:
            return "\"answer\": [\(variant == 0 ? "\"Worn\", \"Cracked\"" : "\"Good\"")], \"media\": [\"image\"]"
        default:
            return #""answer": {"2,2": "1.1", "2,3": "0.9", "2,4": "ok", "3,3": "yes", "3,4": "no"}"#
        }
    }

    private static let longGuardComment =
        "Guard checked; two fixing bolts were loose and have been re-torqued, the mesh has a small dent near the "
        + "coupling but no hole, and a new warning label was fitted on the drive side."
}
