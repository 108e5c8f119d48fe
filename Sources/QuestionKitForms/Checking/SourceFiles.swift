import QuestionKit

/// What checking a file needs of the file system, which the engine never touches: the caller (the
/// command line, an editor's language server) hands in its own. A fixture names its template by a
/// path relative to its own folder; the template is read, and its problems quoted only when it lies
/// in a tree being worked on (see `FixtureTemplate.isQuotable`).
public protocol SourceFiles: Sendable {
    /// The bytes of the file at `path`, at most `limit` of them.
    func read(_ path: String, limit: Int) throws(UnreadableFile) -> [UInt8]
    /// Whether a file exists at `path`.
    func exists(_ path: String) -> Bool
    /// Whether two paths name the same file, through links.
    func isSameFile(_ first: String, _ second: String) -> Bool
    /// Whether `path`, through links, lies in the tree of `folder`.
    func lies(_ path: String, inTreeOf folder: String) -> Bool
    /// The folder that holds `path` (`"."` for a bare name).
    func folder(of path: String) -> String
    /// `name` read from `folder`: itself when absolute.
    func resolve(_ name: String, from folder: String) -> String
}

/// A file that could not be read, as the one problem that says why (`file.unreadable`, `json.too-large`).
public struct UnreadableFile: Error, Sendable {
    /// Why the file could not be read, located nowhere (the file has no text to locate it in).
    public var problem: Diagnostic

    /// The file that could not be read, for `problem`.
    public init(_ problem: Diagnostic) {
        self.problem = problem
    }
}

/// A file that was read (or not), with what went wrong in it.
package struct LoadedFile<Value> {
    package var value: Value?
    package var report: FileDiagnostics

    /// The file at `path`, its bytes from `bytes` handed to `read`; a file that cannot be read has
    /// the one problem of reading it.
    package static func load(
        _ path: String, bytes: () throws(UnreadableFile) -> [UInt8], _ read: ([UInt8]) -> (Value?, [Diagnostic])
    ) -> LoadedFile {
        do {
            let bytes = try bytes()
            let (value, diagnostics) = read(bytes)
            return LoadedFile(
                value: value, report: FileDiagnostics(path: path, diagnostics: diagnostics, source: bytes))
        } catch {
            return LoadedFile(
                value: nil, report: FileDiagnostics(path: path, diagnostics: [error.problem], source: nil))
        }
    }
}

extension LoadedFile: Sendable where Value: Sendable {}
