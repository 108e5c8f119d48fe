import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitStore

/// `questionkit store list [--user U] [--state S]`.
struct StoreListCommand: Command {
    let name = "list"
    let summary = "List the forms, by state and user."
    let argumentsSynopsis = ""
    let discussion = """
        Prints one line per form: its state, its name (as the other subcommands take it), how many questions
        are done, its template's revision ("rev -" when it has none), and when it was started. Without
        --state, incomplete and completed forms. Entries in the forms' folders that are not forms are named
        on standard error and left alone.
        """
    let options =
        StoreOptions.common + [
            OptionSpec("user", value: "USER", help: "Only this user's forms."),
            OptionSpec(
                "state", value: "STATE", choices: ["incomplete", "completed", "submitted", "all"],
                help: "Only forms in this state (all: submitted ones too)."),
            StoreOptions.format,
        ]

    func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        try arguments.none()
        let states: [FormReference.State] =
            switch arguments.values["state"] {
            case nil: [.incomplete, .completed]
            case "all": FormReference.State.allCases
            case let state?: FormReference.State(rawValue: state).map { [$0] } ?? []
            }
        guard let setup = try StoreSetup.make(arguments, command: name, context: &context) else {
            return ExitStatus.inputErrors
        }
        return setup.perform(&context) { store, context throws(StoreError) in
            let listing = try store.list(user: arguments.values["user"], states: states)
            setup.warn(strays: listing.strays, context: &context)
            if arguments.value("format", default: "text") == "json" {
                context.print(JSONWriter.text(of: .array(listing.forms.map(Self.json))))
            } else {
                print(listing.forms, context: &context)
            }
            return ExitStatus.success
        }
    }

    private func print(_ forms: [ListedForm], context: inout CommandContext) {
        let width = (forms.map(\.reference.path.count).max() ?? 0) + 2
        let revisionWidth = forms.map { ($0.form?.form.template.revision ?? "-").count }.max() ?? 1
        for listed in forms {
            let state = listed.reference.state.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)
            let path = listed.reference.path.padding(toLength: width, withPad: " ", startingAt: 0)
            guard let stored = listed.form else {
                context.print(state + path + "cannot be read: " + (listed.problem ?? "unknown problem"))
                continue
            }
            let (done, questions) = stored.progress
            let progress = "\(done)/\(questions)"
            let revision = (stored.form.template.revision ?? "-")
                .padding(toLength: revisionWidth, withPad: " ", startingAt: 0)
            context.print(
                state + path + String(repeating: " ", count: max(0, 7 - progress.count)) + progress
                    + "  rev \(revision)  started \(StoreDates.iso(stored.record.created))")
        }
        context.print(forms.isEmpty ? "no forms" : "\(forms.count) form\(forms.count == 1 ? "" : "s")")
    }

    private static func json(_ listed: ListedForm) -> JSONWriter.Value {
        let stored = listed.form
        return .object([
            ("form", .string(listed.reference.path)), ("state", .string(listed.reference.state.rawValue)),
            ("user", .string(listed.reference.user)),
            ("title", stored?.form.template.title.map { .string($0) } ?? .null),
            ("revision", stored?.form.template.revision.map { .string($0) } ?? .null),
            ("created", stored.map { .string(StoreDates.iso($0.record.created)) } ?? .null),
            ("completed", stored?.record.completed.map { .string(StoreDates.iso($0)) } ?? .null),
            ("done", stored.map { .integer($0.progress.done) } ?? .null),
            ("questions", stored.map { .integer($0.progress.questions) } ?? .null),
            ("problem", listed.problem.map { .string($0) } ?? .null),
        ])
    }
}

/// `questionkit store reassign FORM --to USER`.
struct StoreReassignCommand: Command {
    let name = "reassign"
    let summary = "Give an incomplete form to another user, with a notice to the previous one."
    let argumentsSynopsis = "FORM"
    let discussion = """
        Moves the form's folder to <root>/<user>/ and leaves the previous user a notice. As in the original,
        the name's ' (n)' counter is dropped and numbered again among the new user's forms: ' (2)', ' (3)', …
        only when that user already has a form of the same name.
        """
    let options =
        StoreOptions.common + [
            OptionSpec("to", value: "USER", required: true, help: "The new technician (required)."), StoreOptions.now,
        ]

    func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        let formName = try arguments.single("form")
        let user = try arguments.required("to", "USER")
        return try StoreSetup.performOnForm(formName, arguments, command: name, context: &context) {
            setup, store, reference, context throws(StoreError) in
            let result = try store.reassign(reference, to: user, now: setup.now)
            context.print("reassigned \(reference) to \(user): now \(result.form.reference)")
            if result.renamed {
                context.print("renamed: '\(reference.name)' is numbered again among \(user)'s forms")
            }
            context.print("notice left for \(reference.user): \(result.notice.message)")
            return ExitStatus.success
        }
    }
}

/// `questionkit store delete FORM`.
struct StoreDeleteCommand: Command {
    let name = "delete"
    let summary = "Delete a form with its attachments."
    let argumentsSynopsis = "FORM"
    let discussion = "Deletes the form's folder, in any state, and says which files it removed."
    let options = StoreOptions.common

    func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        let formName = try arguments.single("form")
        return try StoreSetup.performOnForm(formName, arguments, command: name, context: &context) {
            setup, store, reference, context throws(StoreError) in
            let removal = try store.delete(reference)
            context.print("deleted \(reference): removed \(removal.files.joined(separator: ", "))")
            return ExitStatus.success
        }
    }
}
