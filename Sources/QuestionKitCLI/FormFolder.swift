import QuestionKit
import QuestionKitStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder a form (or a fixture) was read from, where its media files lie: what the printed
/// form's thumbnails and `--embed-media` read (see `CompletedFormPhotos`).
struct FormFolder {
    /// The most bytes a photo file may have.
    static let photoLimit = 32 << 20

    /// The folder; nil when the form came from standard input, which has no files beside it.
    let path: String?

    /// The folder of the file at `formPath` (`-` or `<stdin>`: none).
    init(of formPath: String) {
        path = formPath == OutputFile.standardOutput || formPath == "<stdin>" ? nil : PathText.parent(of: formPath)
    }

    /// The file `name` in the folder: refused when it is not a regular file (a FIFO or device is
    /// never opened: opening a FIFO waits for a writer), when it is a link that leads out of the
    /// folder, or when it has more than `photoLimit` bytes.
    func file(_ name: String) -> PhotoFile {
        guard let path else { return .absent }
        let filePath = PathText.joined(path, name)
        var status = stat()
        guard lstat(filePath, &status) == 0 else { return .absent }
        // A link, or a name such as "../x" from the form, may lead anywhere: only the folder is read.
        guard let target = Self.realPath(filePath), let folder = Self.realPath(path) else {
            return .refused(fileName: name, reason: "is a link that leads nowhere")
        }
        guard target.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") else {
            return .refused(fileName: name, reason: "leads out of the form's folder (to \(target))")
        }
        guard stat(filePath, &status) == 0 else { return .absent }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return .refused(fileName: name, reason: "is not a regular file")
        }
        guard status.st_size <= Self.photoLimit else {
            return .refused(fileName: name, reason: "has \(status.st_size) bytes, more than \(Self.photoLimit)")
        }
        do {
            return .found(fileName: name, bytes: try FileInput.read(filePath, limit: Self.photoLimit))
        } catch {
            return .refused(fileName: name, reason: "cannot be read: \(error)")
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
