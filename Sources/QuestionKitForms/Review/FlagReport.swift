import QuestionKit

/// The "attention required" report: the answers that differ from what the template expects, as
/// the original server e-mailed them to the template's `email`.
package enum FlagReport {
    /// The report as plain text: a heading naming the form, who filled it and the supervisor who
    /// reviewed it (as the original's e-mail named them) and to whom it goes, then each flagged
    /// question with its answer and what differs; or a line saying nothing needs attention. Control
    /// characters from the form are shown escaped (see ``TerminalText``).
    package static func text(_ review: Review) -> String {
        let header = review.header
        var lines = ["Attention required: \(header.title ?? "(untitled form)")"]
        if let technician = header.technician {
            lines.append("Work performed by \(technician)" + (header.completedDate.map { ", \($0)" } ?? ""))
        }
        // The original's e-mail named the supervisor too, the foreman who reviewed and submitted.
        if let foreman = header.foreman {
            lines.append("Reviewed by \(foreman)" + (header.submittedDate.map { ", submitted \($0)" } ?? ""))
        }
        let emailKey = header.keys.spelling(of: .email)
        if let email = header.metadata.first(where: { $0.key == emailKey })?.value {
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
