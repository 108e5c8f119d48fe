/// Writes completed forms of any number, as `questionkit run` would have saved them: templates of
/// the four built-in types in turn, each question answered (a numeric reading now and then out of
/// range, so flagged; a comment now and then), with the technician, foreman and dates filled in.
/// For the dataset's tests, its budget job and its kill test (`Benchmarks completed-forms`).
public enum CompletedFormGenerator {
    /// The completed form number `index` (0-based) of a fleet of `templates` templates of
    /// `questions` questions each, in two revisions; the same text for the same arguments.
    public static func form(index: Int, questions: Int = 25, templates: Int = 4) -> String {
        var random = SplitMix64(seed: UInt64(index) &* 0x9E37_79B9 &+ 7)
        let template = index % max(templates, 1)
        let revision = index / max(templates, 1) % 2 + 1
        let day = index % 28 + 1
        var text = """
            {
              "Title": "Generated fleet MI \(template)",
              "RevisionNumber": "\(revision)",
              "InstructionNumber": "MI-GEN-\(template)",
              "username": "Technician \(index % 7)",
              "completedDate": "Mar \(day), 2026",
              "SubmittedDate": "Mar \(day), 2026",
              "foremanComment": {"comment": "Checked.", "supervisor": "Foreman \(index % 3)"},
              "questions": [\n
            """
        for number in 0..<questions {
            text += question(number, random: &random)
            text += number + 1 < questions ? ",\n" : "\n"
        }
        return text + "  ]\n}\n"
    }

    private static func question(_ number: Int, random: inout SplitMix64) -> String {
        let roll = random.next() % 100
        let comment = roll < 10 ? "Seen at round \(roll)" : ""
        let entry = #""comment": "\#(comment)", "images": []"#
        switch number % 4 {
        case 0:
            let reading = roll < 5 ? 120 : Int(roll % 80)
            return #"    {"answer-type": "short-answer", "question": "Bearing temperature \#(number) (°C)", "#
                + #""qid": "1", "numberInput": true, "acceptedAnswer": {"from": "-20", "to": "95"}, "#
                + #""user-answer": {"short-answer": "\#(reading)", \#(entry)}}"#
        case 1:
            let answer = roll < 8 ? "No" : "Yes"
            return #"    {"answer-type": "true/false", "question": "Guard \#(number) fitted?", "qid": "2", "#
                + #""answers": ["yes", "no"], "acceptedAnswer": "Yes", "#
                + #""user-answer": {"check-boxes": ["\#(answer)"], \#(entry)}}"#
        case 2:
            let chosen = roll < 20 ? #""Worn", "Cracked""# : #""Good""#
            return #"    {"answer-type": "multiple-choice", "question": "Belt \#(number) condition", "qid": "3", "#
                + #""max-answers": "2", "answers": ["Good", "Worn", "Cracked"], "acceptedAnswer": ["Good"], "#
                + #""user-answer": {"check-boxes": [\#(chosen)], \#(entry)}}"#
        default:
            return #"    {"answer-type": "table-answer", "question": "Readings \#(number)", "qid": "4", "#
                + #""numRows": 3, "numColumns": 3, "firstRow": ["", "Axial", "Radial"], "#
                + #""firstColumn": ["", "Drive end", "Non-drive end"], "rowType": ["", "text", "text"], "#
                + #""user-answer": {"table-answer": {"2,2": "\#(roll % 9)", "2,3": "\#(roll % 7)", "#
                + #""3,2": "\#(roll % 5)"}, \#(entry)}}"#
        }
    }
}
