import Foundation
import QuestionKit
import QuestionKitFiles
import QuestionKitForms

/// `questionkit new-type NAME`: writes the skeleton of a new question type, ready to register.
package struct NewTypeCommand: Command {
    package init() {}

    package let name = "new-type"
    package let summary = "Write a new question type's skeleton, or a whole package around it (--package)."
    package let argumentsSynopsis = "NAME"
    package let discussion = """
        Writes <Name>Question.swift for a question type whose answer-type is NAME in lowercase with
        dashes ('star rating', 'StarRating' and 'star-rating' all give 'star-rating' and
        StarRatingQuestion). The skeleton compiles, reads text answers, and carries a placeholder
        example that fails until you replace it with a question your type rejects. Register the
        type by passing it with the others to QuestionKitTool.main(types:). Never overwrites a file.

        With --package DIR, writes a new Swift package into DIR (new, or empty and yours): the
        type, a tool named after DIR that has the built-in types plus it, a test that checks it
        with QuestionKitTesting (failing until the placeholder example is replaced), a template
        and a fixture. The package depends on the QuestionKit checkout this tool was built from,
        by a path relative to DIR (../QuestionKit when the two sit side by side), never an absolute
        one, so that the package can be shared; --questionkit-path gives another path, written as
        given, and --questionkit-url a git URL, on its main branch (QuestionKit has no release tags
        yet). Every file and folder is created new, relative to the opened DIR: a link put in DIR
        meanwhile is an error, never followed.
        """
    package let options: [OptionSpec] = [
        OptionSpec(
            "out", short: "o", value: "DIR", help: "The folder to write the file to (default: the current one)."),
        OptionSpec("package", value: "DIR", help: "Write a whole package into DIR, a new or empty folder."),
        OptionSpec(
            "questionkit-path", value: "DIR",
            help: "With --package: QuestionKit's folder (relative to DIR, or absolute)."),
        OptionSpec(
            "questionkit-url", value: "URL",
            help: "With --package: QuestionKit's git URL (its main branch)."),
    ]

    package func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        guard let rawName = arguments.positionals.first else {
            throw UsageError("no name given; e.g. '\(context.toolName) new-type star-rating'")
        }
        if let extra = arguments.positionals.dropFirst().first { throw UsageError("unexpected argument '\(extra)'") }
        let skeleton = try TypeSkeleton(name: rawName)
        if let owner = context.registry.type(for: skeleton.identifier) {
            context.printError(
                "\(context.toolName) new-type: error: '\(skeleton.identifier)' is already the answer-type of "
                    + "\(type(of: owner)); choose another name")
            return ExitStatus.inputErrors
        }
        if let packageFolder = arguments.values["package"] {
            return try writePackage(skeleton, into: packageFolder, arguments: arguments, context: &context)
        }
        if arguments.values["questionkit-path"] != nil || arguments.values["questionkit-url"] != nil {
            throw UsageError("--questionkit-path and --questionkit-url go with --package")
        }
        let folder = arguments.value("out", default: ".")
        let path = PathText.joined(folder, skeleton.fileName)
        guard !FileManager.default.fileExists(atPath: path) else {
            context.printError("\(context.toolName) new-type: error: '\(path)' already exists; it is left as it is")
            return ExitStatus.inputErrors
        }
        do {
            // Created exclusively in the opened folder: a file or link put there since the check is never replaced.
            try OutputFile.create(Array(skeleton.source.utf8), named: skeleton.fileName, in: Self.openFolder(folder))
        } catch {
            context.printError("\(context.toolName) new-type: error: \(error)")
            return ExitStatus.inputErrors
        }
        context.print("wrote \(path)")
        context.print(
            "Next: register \(skeleton.typeName)() with the other types: in the list your main.swift passes to")
        context.print("QuestionKitTool.main(types:) (<Package>Types.all in a package that new-type --package wrote),")
        context.print("then fill in its examples; its placeholder example fails until you do.")
        return ExitStatus.success
    }
}

/// The names and source of a new question type's skeleton.
struct TypeSkeleton: Equatable {
    /// The `answer-type` value, e.g. `star-rating`.
    let identifier: String
    /// The Swift type, e.g. `StarRatingQuestion`.
    let typeName: String
    /// The definition type, e.g. `StarRatingDefinition`.
    let definitionName: String
    /// The name of the answer's key, e.g. `starRatingAnswer`.
    let answerKeyName: String

    /// Splits `name` into words (at dashes, underscores, spaces and lowercase-to-uppercase steps).
    init(name: String) throws(UsageError) {
        guard name.allSatisfy(Self.isNameCharacter) else {
            throw UsageError("'\(name)' is not a valid type name; use letters, digits and dashes, e.g. 'star-rating'")
        }
        var words = Self.words(of: name)
        if words.count > 1 && words.last == "question" { words.removeLast() }
        guard let first = words.first, let initial = first.first, initial.isLetter else {
            throw UsageError("'\(name)' is not a valid type name; it must start with a letter, e.g. 'star-rating'")
        }
        let upperCamel = words.map(Self.capitalized).joined()
        identifier = words.joined(separator: "-")
        typeName = upperCamel + "Question"
        definitionName = upperCamel + "Definition"
        answerKeyName = first + words.dropFirst().map(Self.capitalized).joined() + "Answer"
    }

    /// Whether `character` may be part of a name: ASCII letters and digits, and word separators.
    static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "-_ ".contains(character))
    }

    /// The lowercase words of `name`: split at dashes, underscores, spaces and lowercase-to-uppercase steps.
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in name {
            let startsWord = character.isUppercase && (previous?.isLowercase ?? false)
            if "-_ ".contains(character) || startsWord {
                if !current.isEmpty { words.append(current) }
                current = ""
            }
            if !"-_ ".contains(character) { current.append(Character(character.lowercased())) }
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `word` with its first letter in uppercase.
    static func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }

    /// `<Name>Question.swift`.
    var fileName: String { typeName + ".swift" }

    /// The Swift source of the skeleton.
    var source: String { fill(Self.template) }

    /// `template` with the type's names filled in.
    func fill(_ template: String) -> String {
        template.replacingOccurrences(of: "__TYPE__", with: typeName)
            .replacingOccurrences(of: "__DEFINITION__", with: definitionName)
            .replacingOccurrences(of: "__ANSWERKEY__", with: answerKeyName)
            .replacingOccurrences(of: "__ID__", with: identifier)
    }
}

extension TypeSkeleton {
    // The skeleton follows the built-in types' layout: the type, its definition, answers, examples.
    static let template = #"""
        import QuestionKit

        /// A __ID__ question. TODO: say what it asks and which keys it reads.
        ///
        /// Register it with the other types, e.g. in your tool's `main.swift`:
        /// `QuestionKitTool.main(types: BuiltInQuestionTypes.all + [__TYPE__()])`.
        public struct __TYPE__: QuestionType {
            /// `__ID__`, the `answer-type` of these questions: what it reads, its documentation and
            /// its examples.
            public var description: QuestionTypeDescription {
                QuestionTypeDescription(
                    identifier: "__ID__",
                    // One line for `questionkit types` and the documentation index.
                    summary: "TODO: one line saying what a __ID__ question asks.",
                    // The keys the type reads besides the ones every question has. TODO: add yours, and
                    // describe their values for `questionkit schema` in `schemaProperties:`.
                    keys: [],
                    // The rules the type enforces, one sentence each, for its documentation page.
                    rules: [],
                    codes: Code.allCases, examples: Self.examples, answerExamples: Self.answerExamples)
            }
            /// Answers are stored under `user-answer` → `__ID__`.
            public var answerKey: Key { Self.answer }

            public init() {}

            /// The answer to a __ID__ question, under `user-answer`.
            public static let answer = Key(
                "__ANSWERKEY__", spelling: "__ID__", summary: "The answer to a __ID__ question.")

            /// Reads the type's keys, reporting each problem at its JSON node.
            public func parseDefinition(
                of question: QuestionJSON, problems: inout ProblemCollector
            ) -> __DEFINITION__? {
                // TODO: read your keys (`question[Self.someKey]`) and report what is wrong with
                // `problems.error(Code.someProblem, "a message quoting the value", at: node)`, after
                // adding `case someProblem = "__ID__.some-problem"` to `Code`.
                __DEFINITION__()
            }
        }

        /// What a __ID__ question reads into: everything needed to check, flag and show its answers.
        public struct __DEFINITION__: Sendable, Hashable {
            public init() {}
        }

        // MARK: - Answers

        extension __TYPE__ {
            /// The answer: text. TODO: your type's answer.
            public typealias Answer = String

            /// Reads a string, reporting anything else.
            public func parseAnswer(
                _ value: JSONNode, for definition: __DEFINITION__, problems: inout ProblemCollector
            ) -> String? {
                guard let text = value.stringValue else {
                    problems.error(
                        Code.answerNotString, "the answer must be a string, not \(value.kind)", at: value)
                    return nil
                }
                return text
            }

            /// Text that is not blank counts as answered.
            public func isAnswered(_ answer: String, for definition: __DEFINITION__) -> Bool {
                !answer.allSatisfy(\.isWhitespace)
            }

            /// The answer as a completed form stores it.
            public func encodeAnswer(_ answer: String, for definition: __DEFINITION__) -> JSONWriter.Value {
                .string(answer)
            }

            /// The answer as the review, the text export and the PDF show it.
            public func render(_ answer: String?, of definition: __DEFINITION__) -> AnswerRendering {
                answer.map { AnswerRendering([.value($0)]) } ?? .noAnswer
            }
        }

        // MARK: - Examples

        extension __TYPE__ {
            /// Valid and invalid questions: the type's tests and its documentation page.
            static var examples: [QuestionExample] {
                [
                    .valid(
                        "A typical question", #"{"answer-type": "__ID__", "question": "TODO: a typical question?"}"#),
                    // TODO: fails until replaced by a question the type rejects, with the code and the
                    // pointer of the error it reports.
                    .invalid(
                        "TODO: replace with a question __ID__ rejects, and the code and pointer of its error",
                        #"{"answer-type": "__ID__", "question": "TODO", "TODO": true}"#,
                        .error(Code.todo, at: "/TODO")),
                ]
            }

            /// Example answers: how answers are read, when they count, and what they flag.
            static var answerExamples: [AnswerExample] {
                let question = #"{"answer-type": "__ID__", "question": "TODO: a typical question?"}"#
                return [
                    .valid("A text answer", question: question, answer: #""TODO""#),
                    .valid("A blank answer does not count", question: question, answer: #"" ""#, isAnswered: false),
                    .invalid(
                        "A number", question: question, answer: "1", .error(Code.answerNotString, at: "")),
                ]
            }
        }

        // MARK: - Codes

        extension __TYPE__ {
            /// What __ID__ questions and answers report: each code declared once, used by the code that
            /// reports it and by the examples that expect it. Every code starts with `__ID__.`.
            public enum Code: String, DiagnosticCode, CaseIterable {
                /// An answer that is not a string.
                case answerNotString = "__ID__.answer-not-string"
                /// TODO: the placeholder example's code; replace it with your own codes.
                case todo = "__ID__.todo"
            }
        }

        """#
}
