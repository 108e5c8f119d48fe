import QuestionKit

/// A folder of templates playing the original server's part: per title, every revision, and the
/// latest one, which is what a technician starts.
///
/// Revisions compare as numbers (`TemplateRevision`: `"10.00"` is later than `"9.00"`). Two files
/// with one title and equal revisions are an error at the later file (in path order) naming the
/// earlier one; when that revision is the highest, the title has no latest edition until one of
/// them changes. Where a title has several files, one whose revision is not a number, or that has
/// none, is a warning: it ranks below every numbered revision. A template with errors is never the
/// latest; one with a title is kept aside on its title's shelf (`invalid`), so that starting the
/// title can refuse rather than quietly start an older revision. Building a library sorts each
/// title's files once: n log n in the number of files.
public struct TemplateLibrary: Sendable {
    /// One template file of the library.
    public struct Edition: Sendable {
        /// The file, as the caller named it.
        public var path: String
        /// The template's `Title`.
        public var title: String
        /// The template's `RevisionNumber` (or early `version`).
        public var revision: TemplateRevision
        /// Where the revision is written (the title when there is none): its JSON pointer.
        public var pointer: String
        /// Where the revision is written: its line and column, when known.
        public var position: SourcePosition?
        /// Whether the template validates (has no errors).
        public var isValid: Bool

        /// An edition read elsewhere.
        public init(
            path: String, title: String, revision: TemplateRevision, pointer: String = "",
            position: SourcePosition? = nil, isValid: Bool = true
        ) {
            self.path = path
            self.title = title
            self.revision = revision
            self.pointer = pointer
            self.position = position
            self.isValid = isValid
        }

        /// `path:line:column`, for messages that name this file.
        public var location: String {
            position.map { "\(path):\($0.line):\($0.column)" } ?? path
        }
    }

    /// The editions of one title.
    public struct Shelf: Sendable {
        /// The title they share.
        public var title: String
        /// The valid editions, latest revision first; files with equal revisions in path order.
        public var editions: [Edition]
        /// The editions of this title that do not validate, latest revision first.
        public var invalid: [Edition] = []

        /// What starting the title starts: the latest edition, unless a newer revision does not
        /// validate (then nothing, until it is fixed or removed).
        public var startable: Edition? { newerInvalid.isEmpty ? latest : nil }

        /// Invalid editions with a revision above every valid one: the title's newest revision
        /// cannot be started until they are fixed.
        public var newerInvalid: [Edition] {
            guard let top = editions.first?.revision else { return invalid }
            return invalid.filter { top < $0.revision }
        }

        /// The edition that wins: the highest revision, when exactly one file has it.
        public var latest: Edition? {
            guard let first = editions.first else { return nil }
            return editions.count > 1 && editions[1].revision == first.revision ? nil : first
        }
    }

    /// A problem of one file of the library.
    public struct Problem: Sendable {
        /// The file.
        public var path: String
        /// What is wrong, located in that file.
        public var diagnostic: Diagnostic
    }

    /// The titles, sorted.
    public let shelves: [Shelf]
    /// Equal revisions of a title, and revisions that cannot be compared, by file.
    public let problems: [Problem]
    private let shelfIndex: [String: Int]

    /// The library of `editions`.
    public init(_ editions: [Edition]) {
        var byTitle: [String: [Edition]] = [:]
        for edition in editions { byTitle[edition.title, default: []].append(edition) }
        var shelves: [Shelf] = []
        var problems: [Problem] = []
        for (title, group) in byTitle {
            let sorted = group.sorted { lhs, rhs in
                lhs.revision != rhs.revision ? rhs.revision < lhs.revision : lhs.path < rhs.path
            }
            let valid = sorted.filter(\.isValid)
            problems += Self.duplicates(in: valid) + Self.uncomparable(in: valid)
            shelves.append(Shelf(title: title, editions: valid, invalid: sorted.filter { !$0.isValid }))
        }
        shelves.sort { $0.title < $1.title }
        self.shelves = shelves
        self.problems = problems.sorted { lhs, rhs in
            lhs.path != rhs.path ? lhs.path < rhs.path : lhs.diagnostic.line < rhs.diagnostic.line
        }
        shelfIndex = Dictionary(uniqueKeysWithValues: shelves.enumerated().map { ($1.title, $0) })
    }

    /// The editions titled exactly `title`.
    public func shelf(titled title: String) -> Shelf? {
        shelfIndex[title].map { shelves[$0] }
    }

    /// Up to `limit` titles close to `title` (ignoring case: containing it, or a few edits away),
    /// closest first, for "did you mean" messages.
    public func titles(near title: String, limit: Int = 5) -> [String] {
        let wanted = title.lowercased()
        let allowed = max(2, wanted.count / 3)
        var near: [(distance: Int, title: String)] = []
        for shelf in shelves {
            let candidate = shelf.title.lowercased()
            if candidate.contains(wanted) || wanted.contains(candidate) {
                near.append((0, shelf.title))
            } else if abs(candidate.count - wanted.count) <= allowed {
                let distance = Suggestion.editDistance(wanted, candidate)
                if distance <= allowed { near.append((distance, shelf.title)) }
            }
        }
        return near.sorted { ($0.distance, $0.title) < ($1.distance, $1.title) }.prefix(limit).map(\.title)
    }

    private static func duplicates(in sorted: [Edition]) -> [Problem] {
        var problems: [Problem] = []
        var first = 0
        for index in sorted.indices.dropFirst() {
            guard sorted[index].revision == sorted[first].revision else {
                first = index
                continue
            }
            let earlier = sorted[first]
            let edition = sorted[index]
            let same = earlier.revision.text == edition.revision.text ? "" : " ('\(earlier.revision)' there)"
            let message =
                edition.revision.text == nil
                ? "'\(edition.title)' has no revision here nor in \(earlier.location)"
                : "revision '\(edition.revision)' of '\(edition.title)' is also in \(earlier.location)\(same)"
            problems.append(
                problem(
                    .error, "library.duplicate-revision", message + "; the library cannot tell which is later",
                    edition, hint: "Give the later of the two files a higher revision, or remove one of them."))
        }
        return problems
    }

    private static func uncomparable(in sorted: [Edition]) -> [Problem] {
        guard sorted.count > 1 else { return [] }
        return sorted.compactMap { edition in
            if edition.revision.isNumeric { return nil }
            let message =
                edition.revision.text == nil
                ? "'\(edition.title)' has other revisions, and this file has none"
                : "revision '\(edition.revision)' of '\(edition.title)' is not a number"
            return problem(
                .warning, edition.revision.text == nil ? "library.no-revision" : "library.revision-not-numeric",
                message + "; it ranks below every numbered revision", edition,
                hint: "Write the revision as a number, e.g. \"2\" or \"10.00\".")
        }
    }

    private static func problem(
        _ severity: Severity, _ code: String, _ message: String, _ edition: Edition, hint: String
    ) -> Problem {
        Problem(
            path: edition.path,
            diagnostic: Diagnostic(
                severity: severity, code: code, message: message, pointer: edition.pointer,
                position: edition.position, hint: hint))
    }
}

extension TemplateLibrary.Edition {
    /// Reads the template in `bytes` (from `path`) for the library: its edition (not valid, with its
    /// errors, only those, when it does not validate), or nil with its errors when it cannot be read
    /// as a template or with a `library.no-title` warning when it has no title.
    public static func read(_ bytes: [UInt8], path: String, reader: TemplateReader) -> (Self?, [Diagnostic]) {
        let result = reader.read(bytes, keepingQuestions: false)
        let errors = result.diagnostics.filter { $0.severity == .error }
        guard let template = result.template else { return (nil, errors) }
        let root = template.document.root
        let keys = reader.keys
        guard let title = template.title, let titleNode = root[keys.spelling(of: .title)] else {
            if !errors.isEmpty { return (nil, errors) }
            let problem = Diagnostic(
                severity: .warning, code: "library.no-title", message: "the template has no title; it is not listed",
                pointer: "", position: position(of: root, in: bytes),
                hint: "Add \"\(keys.spelling(of: .title))\": \"…\"; the library lists templates by title.")
            return (nil, [problem])
        }
        let revisionNode = root[keys.spelling(of: .revisionNumber)] ?? root[keys.spelling(of: .earlyRevisionNumber)]
        let node = revisionNode ?? titleNode
        let position = position(of: node, in: bytes)
        let edition = Self(
            path: path, title: title, revision: TemplateRevision(template.revision), pointer: node.pointer,
            position: position, isValid: errors.isEmpty)
        return (edition, errors)
    }

    private static func position(of node: JSONNode, in bytes: [UInt8]) -> SourcePosition? {
        SourceLocator.positions(ofSortedByteOffsets: [node.byteOffset], in: bytes).first
    }
}
