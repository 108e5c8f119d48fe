import QuestionKit
import QuestionKitFiles
import QuestionKitForms

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder a form lies in, where its media files are: a form's folder in the store, or the
/// folder a form (or a fixture) was read from. What the printed form's thumbnails, `--embed-media`
/// and the store's outbox copy read (see `CompletedFormMedia`).
package struct FormFolder {
    /// The most bytes a media file (photo, video, voice note) may have.
    package static let mediaLimit = 32 << 20

    /// The folder; nil when the form came from standard input, which has no files beside it.
    package let path: String?

    /// The folder at `path` (none: nil).
    package init(path: String?) {
        self.path = path
    }

    /// The file `name` in the folder, read by the input rule (see `InputRule`): refused when it is
    /// not a regular file (a FIFO or device is never waited on), when it is a link that leads out of
    /// the folder, or when it has more than `mediaLimit` bytes.
    package func file(_ name: String) -> PhotoFile {
        guard let path else { return .absent }
        let filePath = PathText.joined(path, name)
        var status = stat()
        guard lstat(filePath, &status) == 0 else { return .absent }
        // A link, or a name such as "../x" from the form, may lead anywhere: only the folder is read.
        do {
            return .found(fileName: name, bytes: try FileInput.read(filePath, limit: Self.mediaLimit, within: path))
        } catch {
            return .refused(fileName: name, reason: Self.reason(error))
        }
    }

    private static func reason(_ error: FileAccessError) -> String {
        if let size = error.size, let limit = error.exceededLimit { return "has \(size) bytes, more than \(limit)" }
        switch error.refusal {
        case .notRegular: return "is not a regular file"
        case .dangling: return "is a link that leads nowhere"
        case .outside(let target): return "leads out of the form's folder (to \(target))"
        case nil: return "cannot be read: \(error)"
        }
    }
}
