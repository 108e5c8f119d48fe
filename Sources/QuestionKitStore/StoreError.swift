import QuestionKit
import QuestionKitFiles
import QuestionKitForms

/// Why the form store refused or failed an operation. Nothing was changed unless the message
/// says so: every operation checks before it writes, and every write is atomic.
///
/// | code | when |
/// | --- | --- |
/// | `store.busy` | another process holds the store's lock for longer than the wait |
/// | `store.no-store` | the root folder does not exist (only `start` creates it) |
/// | `store.bad-user` | a user name that cannot be a folder name (see `StoreNames`) |
/// | `store.bad-reference` | a form reference that is not `USER/NAME` or `CompletedMIs/USER/NAME` |
/// | `store.no-such-form` | no form at the reference |
/// | `store.wrong-state` | e.g. completing a completed form, commenting an incomplete one, editing a submitted one |
/// | `store.unreadable-form` | the form's files do not read (the diagnostics say where) |
/// | `store.refused` | the form session refused the step (e.g. completing with open questions) |
/// | `store.bad-attachment` | the file to attach is missing, not a regular file, or of an unknown kind |
/// | `store.no-such-attachment` | `detach` names an attachment the form does not name |
/// | `store.bad-answer` | `edit` gives an answer the question's type does not read |
/// | `store.unsafe-path` | a symbolic link, or a file where a folder belongs, inside the store (never followed) |
/// | `store.unreadable-pending` | a journaled notice in `.pending/` is malformed or names a place outside the store |
/// | `store.io` | the file system refused a read or write |
public struct StoreError: Error, Sendable, CustomStringConvertible {
    /// A stable code (see the table above).
    public var code: String
    /// What went wrong, quoting the offending value.
    public var message: String
    /// How to go on, when there is a way.
    public var hint: String?
    /// Located problems in a file of the store, with that file's path.
    public var diagnostics: [Diagnostic]
    /// The file the diagnostics are about.
    public var path: String?

    /// An error with the given code and message, and optionally a hint and located problems in `path`.
    public init(
        code: String, message: String, hint: String? = nil, diagnostics: [Diagnostic] = [], path: String? = nil
    ) {
        self.code = code
        self.message = message
        self.hint = hint
        self.diagnostics = diagnostics
        self.path = path
    }

    /// The message and the code: "no form 'ann/x' in the store 'forms' [store.no-such-form]".
    public var description: String { "\(message) [\(code)]" }

    /// A file helper's failure in the store's words: `store.io` for a step the file system refused,
    /// `store.unsafe-path` for something there the store will not use, with the helper's message and hint.
    init(_ error: FileSystemError) {
        let code =
            switch error {
            case .io: "store.io"
            case .unsafe: "store.unsafe-path"
            }
        self.init(code: code, message: error.message, hint: error.hint)
    }

    /// Runs a file helper (`AtomicFile`, `OpenFolder`, `FolderAccess`, ...), reporting its failure
    /// as the store's: the one place where the store converts `FileSystemError`.
    static func converting<Value>(_ body: @autoclosure () throws(FileSystemError) -> Value) throws(StoreError) -> Value
    {
        do {
            return try body()
        } catch {
            throw StoreError(error)
        }
    }

    /// A file-system failure on `path`, with the system's reason.
    static func io(_ verb: String, _ path: String, _ reason: String) -> StoreError {
        StoreError(FileSystemError.io(verb, path, reason))
    }

    /// Something at `path` inside the store that the store did not make and will not use:
    /// a symbolic link, or a file or other thing where one of its folders belongs.
    static func unsafe(_ path: String, _ status: FileStatus) -> StoreError {
        StoreError(FileSystemError.unsafe(path, status))
    }

    static func wrongState(_ message: String, hint: String? = nil) -> StoreError {
        StoreError(code: "store.wrong-state", message: message, hint: hint)
    }

    static func refused(_ refusal: SessionRefusal) -> StoreError {
        StoreError(code: "store.refused", message: refusal.description, hint: refusal.hint)
    }
}
