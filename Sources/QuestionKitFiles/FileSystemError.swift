/// Why a file helper of this module (`AtomicFile`, `PreparedFile`, `OpenFolder`, `FolderAccess`)
/// failed: the file system refused a step, or something is at a path that the helpers neither
/// follow nor use. Its message and hint are the words the store reports (`StoreError` gives them
/// the codes `store.io` and `store.unsafe-path`) and the commands quote (`OutputFile`), kept here
/// so that both say the same.
package enum FileSystemError: Error, Sendable {
    /// The file system refused to do something (a verb: `"read"`, `"create the folder"`) to a
    /// path, for a reason in the system's words: `.io("read", path, "it is missing")`.
    case io(String, String, String)
    /// Something at a path that the helpers did not make and will not use: a symbolic link, or a
    /// file or other thing where a folder belongs (the status says which).
    case unsafe(String, FileStatus)

    /// What went wrong, quoting the path: "cannot read 'a/b.json': it is missing".
    package var message: String {
        switch self {
        case .io(let verb, let path, let reason): "cannot \(verb) '\(path)': \(reason)"
        case .unsafe(let path, let found):
            "'\(path)' is \(Self.words(for: found)); the store follows no link and uses nothing there it did not make"
        }
    }

    /// How to go on, when there is a way.
    package var hint: String? {
        switch self {
        case .io: nil
        case .unsafe:
            "Nothing was changed. A person should look at it and move it away; the store makes its own "
                + "folders again when it needs them."
        }
    }

    private static func words(for found: FileStatus) -> String {
        switch found {
        case .link: "a symbolic link"
        case .file: "a file, not a folder"
        case .folder: "a folder, not a file"
        case .missing, .other: "neither a regular file nor a folder"
        }
    }
}
