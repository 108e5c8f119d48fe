import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitStore

/// `questionkit store review FORM`.
struct StoreReviewCommand: Command {
    let name = "review"
    let summary = "Print the review of a stored form, with its flags."
    let argumentsSynopsis = "FORM"
    let discussion = "Prints the form's state and progress, then its review table and the answers that need attention."
    let options = StoreOptions.common + [StoreOptions.format]

    func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        let formName = try arguments.single("form")
        return try StoreSetup.performOnForm(formName, arguments, command: name, context: &context) {
            setup, store, reference, context throws(StoreError) in
            let stored = try store.form(reference)
            let review = Review(form: stored.form)
            if arguments.value("format", default: "text") == "json" {
                context.print(JSONWriter.text(of: ReviewPrinter.json(review)))
            } else {
                let (done, questions) = stored.progress
                context.print(
                    "\(reference): \(stored.reference.state.rawValue), started "
                        + "\(StoreDates.iso(stored.record.created)); \(done) of \(questions) questions done")
                context.print("")
                context.standardOutput += ReviewPrinter.text(review)
            }
            return ExitStatus.success
        }
    }
}

/// `questionkit store comment FORM --foreman F --text TEXT`.
struct StoreCommentCommand: Command {
    let name = "comment"
    let summary = "Add the foreman's general comment to a completed form."
    let argumentsSynopsis = "FORM"
    let discussion = "Sets the foreman's comment (replacing an earlier one) and records who the foreman is."
    let options =
        StoreOptions.common + [
            OptionSpec("foreman", value: "NAME", required: true, help: "The foreman (required)."),
            OptionSpec("text", value: "TEXT", required: true, help: "The comment (required)."),
        ]

    func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        let formName = try arguments.single("form")
        let foreman = try arguments.required("foreman", "NAME")
        let text = try arguments.required("text", "TEXT")
        return try StoreSetup.performOnForm(formName, arguments, command: name, context: &context) {
            setup, store, reference, context throws(StoreError) in
            _ = try store.comment(reference, foreman: foreman, text: text)
            context.print("\(foreman) commented on \(reference)")
            return ExitStatus.success
        }
    }
}

/// `questionkit store submit FORM`.
struct StoreSubmitCommand: Command {
    let name = "submit"
    let summary = "Submit a completed form: its final JSON and attachments go to the outbox."
    let argumentsSynopsis = "FORM"
    let discussion = """
        Records the foreman (--foreman, else the one who commented) and the date, and moves the form with its
        attachments to <root>/Outbox/<user>/<name>/: form.json there is the completed-form JSON that
        'questionkit review' reads, with every photo, video and voice note embedded as base64 under
        media, as the original app uploaded it (an attachment that cannot be is a warning). The working
        copy leaves the completed forms; the output says so.
        """
    let options =
        StoreOptions.common + [
            OptionSpec("foreman", value: "NAME", help: "The foreman who submits (default: who commented)."),
            StoreOptions.now,
        ]

    func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        let formName = try arguments.single("form")
        return try StoreSetup.performOnForm(formName, arguments, command: name, context: &context) {
            setup, store, reference, context throws(StoreError) in
            let submission = try store.submit(reference, foreman: arguments.values["foreman"], now: setup.now)
            let attachments = submission.attachments
            context.print("submitted \(reference)")
            context.print(
                "wrote \(submission.formFile) with \(attachments.count) attachment\(attachments.count == 1 ? "" : "s")"
                    + (attachments.isEmpty ? "" : ": " + attachments.joined(separator: ", ")))
            context.print("removed the working copy \(submission.removed) (now \(submission.outbox))")
            for warning in submission.warnings {
                context.printError(
                    TerminalText.escaped(
                        "\(context.toolName) store submit: warning: \(warning.message) [\(warning.code)]"))
            }
            return ExitStatus.success
        }
    }
}
