import Foundation
import QuestionKit
import QuestionKitFiles
import QuestionKitForms

/// The machine's files as the commands and the language server hand them to the engine's checking
/// (`SourceCheck`): read by the input rule (`InputRule`), a file that cannot be read being the
/// problem `validate` reports for it.
struct DiskFiles: SourceFiles {
    func read(_ path: String, limit: Int) throws(UnreadableFile) -> [UInt8] {
        try Self.read(path, limit: limit, within: nil)
    }

    /// Reads the file at `path` (up to `limit` bytes, inside `folder` when given): one
    /// `file.unreadable` problem when it cannot be read, `json.too-large` when it is over the limit.
    static func read(_ path: String, limit: Int, within folder: String?) throws(UnreadableFile) -> [UInt8] {
        do {
            return try FileInput.read(path, limit: limit, within: folder)
        } catch {
            throw UnreadableFile(ValidateCommand.problem(reading: error))
        }
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// The same device and inode; two paths that cannot be looked at are one file when they are one text.
    func isSameFile(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return first == second }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    func lies(_ path: String, inTreeOf folder: String) -> Bool {
        guard let real = InputRule.realPath(path), let root = InputRule.realPath(folder) else { return false }
        return InputRule.contains(root, real)
    }

    func folder(of path: String) -> String {
        PathText.parent(of: path)
    }

    /// Normalised as text (`fixtures/../pump.json` is `pump.json`): what is shown and read is the
    /// template's own path. A `..` after a link to a folder is taken as the text says, not as the
    /// link's parent.
    func resolve(_ name: String, from folder: String) -> String {
        PathText.normalized(PathText.resolve(name, from: folder))
    }
}
