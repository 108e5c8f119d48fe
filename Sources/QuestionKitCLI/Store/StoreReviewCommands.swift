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

/// `questionkit store edit FORM QUESTION --answer TEXT | --answer-json JSON | --comment TEXT`.
struct StoreEditCommand: Command {
    let name = "edit"
    let summary = "Edit an answer or comment of a completed form, as the foreman."
    let argumentsSynopsis = "FORM QUESTION"
    let discussion = """
        The foreman changes question QUESTION (its number, from 1) of a completed form, as the original
        allowed from the review: --answer sets the answer to TEXT (a short answer's text, "Yes" or "No", one
        option); --answer-json to a JSON value as a fixture writes answers (["Good", "Worn"], {"2,2": "yes"});
        --comment sets the question's comment. The question's type reads the answer as it reads a fixture's,
        and refuses what it would refuse there. The form stays completed, awaiting the foreman's submit, and
        the question records the edit under foremanEdits in user-answer: the foreman, the time (UTC) and what
        it held before. The foreman is --foreman, else the one who commented. A submitted form does not change.
        """
    let options =
        StoreOptions.common + [
            OptionSpec("answer", value: "TEXT", help: "The new answer, as text."),
            OptionSpec("answer-json", value: "JSON", help: "The new answer, as JSON (a list, a table's cells)."),
            OptionSpec("comment", value: "TEXT", help: "The new comment of the question."),
            StoreOptions.foreman, StoreOptions.now,
        ]

    func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        let (formName, number) = try arguments.pair("give the form and the question's number")
        let question = try StoreOptions.questionNumber(number, option: nil)
        let answer = try Self.answer(arguments)
        let comment = arguments.values["comment"]
        guard answer != nil || comment != nil else {
            throw UsageError("nothing to edit: pass --answer TEXT, --answer-json JSON or --comment TEXT")
        }
        let foreman = arguments.values["foreman"]
        return try StoreSetup.performOnForm(formName, arguments, command: name, context: &context) {
            setup, store, reference, context throws(StoreError) in
            let edited = try store.edit(
                reference, question: question, QuestionEdit(answer: answer?.root, comment: comment), foreman: foreman,
                now: setup.now)
            let what = [answer != nil ? "answer" : nil, comment != nil ? "comment" : nil].compactMap { $0 }
            context.print(
                "\(edited.form.foreman ?? "the foreman") edited the \(what.joined(separator: " and ")) of question "
                    + "\(question) of \(reference); it awaits the foreman's submit")
            return ExitStatus.success
        }
    }

    /// The new answer's JSON: --answer's text as a JSON string, or --answer-json's value.
    private static func answer(_ arguments: ParsedArguments) throws(UsageError) -> JSONDocument? {
        switch (arguments.values["answer"], arguments.values["answer-json"]) {
        case (nil, nil):
            return nil
        case (let text?, nil):
            return JSONParser.parse(Array(JSONWriter.text(of: .string(text)).utf8)).document
        case (nil, let json?):
            let parsed = JSONParser.parse(Array(json.utf8))
            guard let document = parsed.document, !parsed.diagnostics.containsErrors else {
                let reason = parsed.diagnostics.first.map { ": \($0.message)" } ?? ""
                throw UsageError(
                    "'--answer-json' must be a JSON value, such as [\"Good\"] or {\"2,2\": \"yes\"}\(reason)")
            }
            return document
        case (_?, _?):
            throw UsageError("give the answer once: --answer TEXT or --answer-json JSON, not both")
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
