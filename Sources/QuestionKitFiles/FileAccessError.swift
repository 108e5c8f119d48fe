/// Why a file could not be read or written.
public struct FileAccessError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    /// `read` or `write`.
    public let verb: String

    /// The limit in bytes that the input exceeded, when that is why it was refused.
    public var exceededLimit: Int?
    /// The input's size in bytes when it was refused for its size and the size is known (a
    /// stream is not read beyond the limit, so its size is not).
    public var size: Int?

    /// Why the input rule (see `InputRule`) refused the file, when it did.
    package var refusal: Refusal?

    /// What about a file made the input rule refuse it.
    package enum Refusal: Sendable {
        /// A FIFO, a device, a socket, or a file of /dev, /proc or /sys.
        case notRegular
        /// It leads out of the folder it was to be read in, to `target`.
        case outside(target: String)
        /// A link that leads nowhere.
        case dangling
    }

    public init(path: String, reason: String, verb: String = "read") {
        self.path = path
        self.reason = reason
        self.verb = verb
    }

    /// The input at `path` is larger than `limit` bytes.
    package static func tooLarge(_ path: String, size: Int?, limit: Int) -> FileAccessError {
        let measured = size.map { "it is \($0) bytes" } ?? "it is more than \(limit) bytes"
        var error = FileAccessError(path: path, reason: "\(measured); the limit is \(limit) bytes")
        error.exceededLimit = limit
        error.size = size
        return error
    }

    public var description: String { "cannot \(verb) '\(path)': \(reason)" }
}
