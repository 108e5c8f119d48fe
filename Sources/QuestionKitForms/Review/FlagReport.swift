import QuestionKit

/// The "attention required" report: the answers that differ from what the template expects, as
/// the original server e-mailed them to the template's `email`.
package enum FlagReport {
    /// The report as plain text: a heading naming the form and who filled it, then each flagged
    /// question with its answer and what differs; or a line saying nothing needs attention. Control
    /// characters from the form are shown escaped (see ``TerminalText``).
    package static func text(_ review: Review) -> String {
        let header = review.header
        var lines = ["Attention required: \(header.title ?? "(untitled form)")"]
        if let technician = header.technician {
            lines.append("Work performed by \(technician)" + (header.completedDate.map { ", \($0)" } ?? ""))
        }
        if let email = header.metadata.first(where: { $0.key == "email" })?.value {
            lines.append("To: \(email)")
        }
        lines.append("")
        let flagged = review.flaggedRows
        if flagged.isEmpty {
            lines.append("No answers need attention.")
        }
        for row in flagged {
            lines.append("Question \(row.number)" + (row.section.map { " - \($0)" } ?? "") + ": \(row.question)")
            lines.append("  Answer: \(row.answerSummary)")
            lines += row.flags.map { "  ! \($0.message)" }
            if !row.comment.isEmpty { lines.append("  Comment: \(row.comment)") }
        }
        // Each line is one line, whatever line breaks or control characters the form's texts hold.
        return lines.map(TerminalText.line).joined(separator: "\n") + "\n"
    }
}
