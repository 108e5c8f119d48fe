/// How serious a problem is. Errors make a template unusable; warnings do not; notes only say
/// that something valid is written an older way (`validate --strict` fails on warnings, not on notes).
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    /// Valid as written (e.g. an early template's spelling, the web editor's padding of an option
    /// list), with a cleaner way to write it.
    case note
    /// Worth fixing, but the template can still be used.
    case warning
    /// The template (or answer, or file) cannot be used as it is.
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A 1-based line and column in a source text.
///
/// Columns count Unicode scalar values (code points), not bytes: `"温度"` is two columns wide,
/// as in Python and rustc. An accented letter written as a base letter plus a combining mark
/// counts as two.
public struct SourcePosition: Sendable, Hashable, Comparable {
    /// The line, 1-based.
    public var line: Int
    /// The column, 1-based, in Unicode scalars (see above).
    public var column: Int

    /// The position at the given 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// One problem found in a template, a key map or an answer, located in its source.
public struct Diagnostic: Sendable, Hashable {
    /// Error, warning or note.
    public var severity: Severity
    /// A stable, lowercase identifier such as `multiple-choice.max-answers-exceeds-options`.
    /// Codes never change meaning; tools and tests match on them.
    public var code: String
    /// What is wrong, quoting the offending value (at most its first ``maxQuotedCharacters``
    /// characters, then `…`).
    public var message: String
    /// The JSON pointer (RFC 6901) of the value the problem is about; `""` is the whole document.
    public var pointer: String
    /// Where the problem is in the source; nil when there is no source text (e.g. a property list).
    public var position: SourcePosition?
    /// How to fix it, when a fix is known.
    public var hint: String?
    /// Repairs a tool can apply for the author (`validate --fix`, an editor's code action);
    /// empty when the fix needs a person's judgement.
    public var fixes: [FixIt] = []

    /// A diagnostic; by default about the whole document (pointer `""`) and without a position.
    public init(
        severity: Severity, code: String, message: String, pointer: String = "",
        position: SourcePosition? = nil, hint: String? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = Self.boundingQuotes(message)
        self.pointer = pointer
        self.position = position
        self.hint = hint.map(Self.boundingQuotes)
    }

    /// 1-based line, or 0 when the problem has no position.
    public var line: Int { position?.line ?? 0 }
    /// 1-based column, or 0 when the problem has no position.
    public var column: Int { position?.column ?? 0 }
}

/// One replacement in a source text: the bytes `range` (UTF-8 offsets, half-open) become `replacement`.
public struct SourceEdit: Sendable, Hashable {
    /// The UTF-8 byte offsets replaced; an empty range inserts.
    public var range: Range<Int>
    /// The text written in their place.
    public var replacement: String

    /// An edit replacing `range` with `replacement`.
    public init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

/// A repair of one diagnostic: edits applied together, and whether applying them unasked is safe.
public struct FixIt: Sendable, Hashable {
    /// What the fix does, for a person choosing it: "Rename 'numberImput' to 'numberInput'".
    public var title: String
    /// The edits; they never overlap.
    public var edits: [SourceEdit]
    /// Whether `validate --fix` applies it: the fix cannot change what a correct template means.
    public var isSafe: Bool

    /// A fix made of `edits`.
    public init(title: String, edits: [SourceEdit], isSafe: Bool) {
        self.title = title
        self.edits = edits
        self.isSafe = isSafe
    }
}

extension Array where Element == Diagnostic {
    /// Whether any of the diagnostics is an error.
    package var containsErrors: Bool { contains { $0.severity == .error } }

    /// Whether any of the diagnostics is a warning or an error (what `--strict` fails on).
    package var containsWarnings: Bool { contains { $0.severity >= .warning } }

    /// Number of diagnostics of the given severity.
    package func count(of severity: Severity) -> Int { lazy.filter { $0.severity == severity }.count }
}
