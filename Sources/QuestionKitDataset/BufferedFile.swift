import QuestionKitFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file read front to back a megabyte at a time, or bytes already in memory read the same way:
/// what reads a manifest or a spool of a million entries without holding it whole.
final class ChunkedReader {
    /// The bytes read and not yet taken, from `start`.
    private(set) var buffer: [UInt8]
    private(set) var start = 0
    /// Whether the end was reached (everything left is in `buffer`).
    private(set) var ended: Bool
    /// Whether a read failed (the end was then taken as reached).
    private(set) var failed = false
    private let descriptor: Int32

    static let chunk = 1 << 20

    /// The file at `path`, not following a link; nil when it cannot be opened.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        buffer = []
        ended = false
    }

    /// `bytes`, read as a file holding them would be.
    init(bytes: [UInt8]) {
        descriptor = -1
        buffer = bytes
        ended = true
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Reads until at least `count` bytes are there from `start`, or the end; false when fewer are.
    func fill(_ count: Int) -> Bool {
        while buffer.count - start < count && !ended {
            if start > 0 {
                buffer.removeSubrange(0..<start)
                start = 0
            }
            let have = buffer.count
            let room = max(Self.chunk, count - have)
            var got = 0
            buffer.append(contentsOf: repeatElement(0, count: room))
            buffer.withUnsafeMutableBytes { bytes in
                got = SystemIO.read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: bytes[have...]))
            }
            buffer.removeLast(room - max(0, got))
            if got <= 0 {
                ended = true
                failed = got < 0
            }
        }
        return buffer.count - start >= count
    }

    /// Takes `count` bytes (there must be that many: see `fill(_:)`).
    func take(_ count: Int) -> ArraySlice<UInt8> {
        defer { start += count }
        return buffer[start..<start + count]
    }

    /// The next line without its `\n` (the last may have none); nil at the end.
    func nextLine() -> ArraySlice<UInt8>? {
        var searched = start
        while true {
            if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                defer { start = newline + 1 }
                return buffer[start..<newline]
            }
            let had = buffer.count - start
            if ended {
                return had > 0 ? take(had) : nil
            }
            // `fill` may move what is held to the buffer's front: the search goes on past the
            // bytes already searched, counted from the line's start.
            _ = fill(had + 1)
            searched = start + had
        }
    }
}

/// A file written front to back through a buffer of `bufferLimit` bytes; created anew (never over a
/// file that is there, never through a link). The NDJSON parts, the manifest and the spool.
final class BufferedWriter {
    /// How many bytes are buffered before they are written out.
    static let bufferLimit = 1 << 16

    let path: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []

    init(path: String) throws(DatasetError) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            throw DatasetError("cannot create '\(path)': \(String(cString: strerror(errno)))")
        }
        self.path = path
        // Room for a last piece past the limit, so that the buffer is not reallocated before a flush.
        buffer.reserveCapacity(Self.bufferLimit + 4096)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Adds `bytes`, writing out the buffer when it is full.
    func write(_ bytes: some Collection<UInt8>) throws(DatasetError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    /// Adds what `body` appends to the buffer (a row written straight into it), writing out the buffer
    /// when it is full.
    func write(_ body: (inout [UInt8]) -> Void) throws(DatasetError) {
        body(&buffer)
        if buffer.count >= Self.bufferLimit { try flush() }
    }

    /// Writes out what is buffered.
    func flush() throws(DatasetError) {
        guard !buffer.isEmpty else { return }
        if let failure = buffer.withUnsafeBytes({ SystemIO.writeAll($0, to: descriptor) }) {
            throw DatasetError("cannot write '\(path)': \(failure)")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes out what is buffered and closes the file (once: a second call does nothing).
    func finish() throws(DatasetError) {
        guard descriptor >= 0 else { return }
        try flush()
        let closed = close(descriptor)
        descriptor = -1
        guard closed == 0 else { throw DatasetError("cannot write '\(path)': \(String(cString: strerror(errno)))") }
    }
}
