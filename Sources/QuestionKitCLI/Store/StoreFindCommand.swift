import QuestionKit
import QuestionKitForms
import QuestionKitStore

/// `questionkit store find [filters]`: the completed forms whose fields match, as the original
/// server searched them.
struct StoreFindCommand: Command {
    let name = "find"
    let summary = "Find forms by title, equipment, instruction, people, dates, flags or text."
    let argumentsSynopsis = ""
    let discussion = """
        Searches the completed and submitted forms (--state for others) and prints one line per form
        that matches: its name (as the other subcommands take it), state, completed and submitted days,
        how many questions are flagged, title, equipment and technician; sorted by completed day (forms
        without one last), then name. --format json gives an array of objects with these fields, and
        the instruction number, revision and foreman.

        Every filter given must match; a filter given several times matches any of its values. A value
        is exact (the whole field, case and all) unless it holds * or ?: then it is a pattern of the whole
        field that ignores case, * standing for any run of characters, ? for one, \\ making the next
        character plain ('Pump*', '*leak*'). --text looks in the answers as the review shows them
        (values, chosen options, table cells), the questions' comments and the foreman's comment.
        --from and --to are days (2026-03-01), both included, compared with the form's completedDate.

        A form that cannot be read is named on standard error with its located problems and left
        out; the search goes on. Exits 0 when a form matches, 1 when none does (as grep), 2 when the
        store cannot be searched, 64 for bad usage.
        """
    let options =
        StoreOptions.common + [
            OptionSpec("title", value: "TEXT", help: "The template's Title."),
            OptionSpec("equipment", value: "TEXT", help: "The template's AppliedToEquipment."),
            OptionSpec("instruction", value: "TEXT", help: "The template's InstructionNumber."),
            OptionSpec("technician", value: "USER", help: "The technician (whose folder the form is in)."),
            OptionSpec("foreman", value: "NAME", help: "The foreman who reviewed the form."),
            OptionSpec(
                "state", value: "STATE", choices: ["incomplete", "completed", "submitted", "all"],
                help: "Forms in this state (default: completed and submitted)."),
            OptionSpec("from", value: "DAY", help: "Completed on this day (yyyy-MM-dd) or later."),
            OptionSpec("to", value: "DAY", help: "Completed on this day (yyyy-MM-dd) or earlier."),
            OptionSpec("flagged", help: "Only forms with an answer that needs attention."),
            OptionSpec("not-flagged", help: "Only forms without one."),
            OptionSpec("text", value: "TEXT", help: "An answer or a comment."),
            StoreOptions.format,
        ]

    /// The status when the store cannot be searched (no store, busy, bad settings): grep's 2, since
    /// 1 says that nothing matched.
    static let cannotSearch: Int32 = 2

    func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        try arguments.none()
        let query = try Self.query(arguments)
        guard let setup = try StoreSetup.make(arguments, command: name, context: &context) else {
            return Self.cannotSearch
        }
        let search: StoreSearch
        do {
            search = try setup.store.find(query)
        } catch {
            setup.report(error, context: &context)
            return Self.cannotSearch
        }
        setup.warn(strays: search.strays, context: &context)
        for problem in search.unreadable { setup.report(problem, as: "warning", context: &context) }
        if arguments.value("format", default: "text") == "json" {
            context.print(JSONWriter.text(of: .array(search.forms.map(Self.json))))
        } else {
            Self.print(search.forms, context: &context)
        }
        return search.forms.isEmpty ? ExitStatus.inputErrors : ExitStatus.success
    }

    /// The query the options describe.
    static func query(_ arguments: ParsedArguments) throws(UsageError) -> FormQuery {
        var query = FormQuery()
        let patterns = { (name: String) in (arguments.allValues[name] ?? []).map(TextPattern.init) }
        query.titles = patterns("title")
        query.equipment = patterns("equipment")
        query.instructions = patterns("instruction")
        query.technicians = patterns("technician")
        query.foremen = patterns("foreman")
        query.texts = patterns("text")
        if let states = arguments.allValues["state"] {
            query.states = FormReference.State.allCases.filter { state in
                states.contains(state.rawValue) || states.contains("all")
            }
        }
        query.completedFrom = try day(arguments.values["from"], option: "from")
        query.completedTo = try day(arguments.values["to"], option: "to")
        switch (arguments.flags.contains("flagged"), arguments.flags.contains("not-flagged")) {
        case (true, true): throw UsageError("give --flagged or --not-flagged, not both")
        case (true, false): query.flagged = true
        case (false, true): query.flagged = false
        case (false, false): break
        }
        return query
    }

    /// A day given to `--from` or `--to`, as `yyyy-MM-dd`.
    private static func day(_ text: String?, option: String) throws(UsageError) -> String? {
        guard let text else { return nil }
        guard text.count == 10, StoreDates.parse(text) != nil, !text.contains("T") else {
            throw UsageError("'\(text)' is not a day for '--\(option)': write it as 2026-03-08")
        }
        return text
    }

    /// One line per form, the columns padded to the widest value (the last one, technician, not).
    private static func print(_ forms: [FoundForm], context: inout CommandContext) {
        let rows = forms.map { form in
            [
                form.reference.path, form.reference.state.rawValue, form.completed ?? "-", form.submitted ?? "-",
                "\(form.flaggedQuestions) flagged", form.title ?? "-", form.equipment ?? "-", form.technician ?? "-",
            ]
        }
        let widths = (0..<8).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let padded = row.indices.map { column in
                column == row.count - 1
                    ? row[column] : row[column].padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }
            context.print(padded.joined(separator: "  "))
        }
    }

    private static func json(_ form: FoundForm) -> JSONWriter.Value {
        let text = { (value: String?) in value.map { JSONWriter.Value.string($0) } ?? .null }
        return .object([
            ("form", .string(form.reference.path)), ("state", .string(form.reference.state.rawValue)),
            ("title", text(form.title)), ("revision", text(form.revision)), ("instruction", text(form.instruction)),
            ("equipment", text(form.equipment)), ("technician", text(form.technician)),
            ("foreman", text(form.foreman)), ("completed", text(form.completed)), ("submitted", text(form.submitted)),
            ("flaggedQuestions", .integer(form.flaggedQuestions)),
        ])
    }
}
