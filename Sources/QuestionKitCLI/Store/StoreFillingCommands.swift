import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitStore

/// `questionkit store start TEMPLATE --user USER` (or `--title TITLE --templates DIR` for TEMPLATE).
struct StoreStartCommand: Command {
    let name = "start"
    let summary = "Start a form of a template for a user."
    let argumentsSynopsis = "TEMPLATE"
    let discussion = """
        Creates <root>/<user>/<Title dd-MM-yyyy>/ (with ' (2)', ' (3)', … when the user has a form of that
        name) holding the empty form, and the store itself when there is none. Prints the form's name for the
        other subcommands. A '/' in the title becomes '-'; user names that cannot be folder names are refused.
        With --title and --templates, the template is the latest revision of that title in the folder, as
        'questionkit templates' lists it.
        """
    let options =
        StoreOptions.common + [
            StoreOptions.user, StoreOptions.now, StoreTemplateChoice.title, StoreTemplateChoice.templates,
        ]

    func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        let user = try arguments.required("user", "USER")
        guard let setup = try StoreSetup.make(arguments, command: name, context: &context),
            let templatePath = try StoreTemplateChoice.path(arguments, setup: setup, context: &context)
        else { return ExitStatus.inputErrors }
        let template = FormFiles(reader: setup.store.reader).template(at: templatePath)
        if !template.report.diagnostics.isEmpty { context.printDiagnostics(template.report) }
        guard let loaded = template.value else { return ExitStatus.inputErrors }
        return setup.perform(&context) { store, context throws(StoreError) in
            let stored = try store.start(template: loaded, user: user, now: setup.now)
            let configuration = store.configuration
            context.print("started \(stored.reference)")
            context.print(
                "\(loaded.questions.count) questions; reminders \(Self.days(configuration.sendNotificationAfterDays)) "
                    + "after the start; deleted after \(Self.days([configuration.deleteAfterDays])) unless completed")
            return ExitStatus.success
        }
    }

    static func days(_ values: [Double]) -> String {
        let numbers = values.map { $0 == $0.rounded() ? String(Int($0)) : String($0) }
        return (numbers.count > 1 ? numbers.dropLast().joined(separator: ", ") + " and " : "")
            + (numbers.last ?? "no") + (values == [1] ? " day" : " days")
    }
}

/// `questionkit store fill FORM --answers FIXTURE`.
struct StoreFillCommand: Command {
    let name = "fill"
    let summary = "Fill an incomplete form from a fixture, continuing where it was left."
    let argumentsSynopsis = "FORM"
    let discussion = """
        Replays the fixture's answers into the stored form, as the technician would enter them. The form
        continues at its first open question. With "steps", they run as in 'questionkit run' (a first step
        other than "resume" resumes the form first) and may stop half way with "exit". Without steps, each
        question from there is filled and Next is pressed (Finish on the last), stopping at the first question
        the fixture has nothing for. The form is saved unless the fixture has errors; then it stays as it was
        and the exit status is 1. Completing, the foreman's steps and media are subcommands of their own.
        """
    let options =
        StoreOptions.common + [OptionSpec("answers", value: "FIXTURE", required: true, help: "The fixture (required).")]

    func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        let formName = try arguments.single("form")
        let fixturePath = try arguments.required("answers", "FIXTURE")
        guard let setup = try StoreSetup.make(arguments, command: name, context: &context),
            let reference = setup.reference(formName, context: &context)
        else { return ExitStatus.inputErrors }
        let fixture = FormFiles(reader: setup.store.reader).fixture(at: fixturePath)
        if !fixture.report.diagnostics.isEmpty { context.printDiagnostics(fixture.report) }
        guard let loaded = fixture.value else { return ExitStatus.inputErrors }
        // A fixture's own errors (an unknown key or step) fail it before anything is filled.
        guard !fixture.report.diagnostics.containsErrors else {
            context.printError("\(setup.commandName): the fixture has errors; '\(reference)' was not changed")
            return ExitStatus.inputErrors
        }
        return setup.perform(&context) { store, context throws(StoreError) in
            let result = try store.fill(reference, with: loaded)
            context.print(TerminalText.lines(result.transcript))
            context.printDiagnostics(
                FileDiagnostics(path: fixturePath, diagnostics: result.diagnostics, source: fixture.report.source))
            guard result.saved else {
                context.printError("\(setup.commandName): the fixture has errors; '\(reference)' was not changed")
                return ExitStatus.inputErrors
            }
            let (done, questions) = result.form.progress
            context.print(
                "saved \(reference): \(done) of \(questions) questions done; the walk ended in '\(result.outcome)'")
            return ExitStatus.success
        }
    }
}

/// `questionkit store attach FORM --question N FILE`.
struct StoreAttachCommand: Command {
    let name = "attach"
    let summary = "Copy a photo, video or voice note into a form as an attachment of a question."
    let argumentsSynopsis = "FORM FILE"
    let discussion = """
        Copies FILE into the form's folder under the MI format's name for question N: Qid<N-1>, Qid<N-1>(2), …
        (one counter per question for every kind) with the kind's extension (.jpg, .mov, .m4a), and names it
        in the form. The kind comes from the file's extension unless --kind says it. A completed form takes
        attachments from the foreman (--foreman, else the one who commented), as the original allowed from the
        review: the question records the edit under foremanEdits (who, when, the attachments before), and the
        form stays completed. A submitted form does not change.
        """
    let options =
        StoreOptions.common + [
            OptionSpec("question", value: "N", required: true, help: "The question's number, from 1 (required)."),
            OptionSpec(
                "kind", value: "KIND", choices: MediaAttachment.Kind.allCases.map(\.rawValue),
                help: "image, video or voice (default: from the file's extension)."),
            StoreOptions.foreman, StoreOptions.now,
        ]

    func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        let (formName, file) = try arguments.pair("give the form and the file to attach")
        let question = try StoreOptions.questionNumber(arguments.required("question", "N"), option: "question")
        let kind = arguments.values["kind"].flatMap(MediaAttachment.Kind.init(rawValue:))
        guard let setup = try StoreSetup.make(arguments, command: name, context: &context),
            let reference = setup.reference(formName, context: &context)
        else { return ExitStatus.inputErrors }
        return setup.perform(&context) { store, context throws(StoreError) in
            let attachment = try store.attach(
                reference, question: question, file: file, kind: kind, foreman: arguments.values["foreman"],
                now: setup.now)
            context.print(
                "attached \(attachment.media.fileName) (\(attachment.media.kind.rawValue)) to question \(question) "
                    + "of \(reference), copied from \(file)")
            return ExitStatus.success
        }
    }
}

/// `questionkit store complete FORM`.
struct StoreCompleteCommand: Command {
    let name = "complete"
    let summary = "Complete a form and move it to the foreman's completed forms."
    let argumentsSynopsis = "FORM"
    let discussion = """
        Refused, naming the questions, while any question is neither answered nor commented. Records the
        technician and the date, then moves the form to <root>/CompletedMIs/<user>/<name HH-mm-ss>/.
        """
    let options = StoreOptions.common + [StoreOptions.now]

    func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        let formName = try arguments.single("form")
        return try StoreSetup.performOnForm(formName, arguments, command: name, context: &context) {
            setup, store, reference, context throws(StoreError) in
            let stored = try store.complete(reference, now: setup.now)
            context.print("completed \(reference)")
            context.print("moved to \(stored.reference)")
            return ExitStatus.success
        }
    }
}

/// `questionkit store detach FORM NAME`.
struct StoreDetachCommand: Command {
    let name = "detach"
    let summary = "Delete an attachment from a form, with its file."
    let argumentsSynopsis = "FORM NAME"
    let discussion = """
        Deletes the attachment NAME (Qid3(2), or its file name Qid3(2).jpg) from an incomplete or completed
        form, as the original let whoever could edit the form: the form stops naming it, then its file is
        removed. The other attachments keep their names. On a completed form the deletion is the foreman's
        edit (--foreman, else the one who commented), recorded in the question under foremanEdits as attach
        records one. A submitted form does not change; a name the form does not have is refused, listing the
        ones it has.
        """
    let options = StoreOptions.common + [StoreOptions.foreman, StoreOptions.now]

    func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        let (formName, media) = try arguments.pair("give the form and the attachment's name")
        return try StoreSetup.performOnForm(formName, arguments, command: name, context: &context) {
            setup, store, reference, context throws(StoreError) in
            let detached = try store.detach(
                reference, name: media, foreman: arguments.values["foreman"], now: setup.now)
            let files = detached.removedFiles
            context.print(
                "detached \(detached.media.fileName) (\(detached.media.kind.rawValue)) from question "
                    + "\(detached.question) of \(reference); "
                    + (files.isEmpty ? "its file was already missing" : "removed " + files.joined(separator: ", ")))
            return ExitStatus.success
        }
    }
}
