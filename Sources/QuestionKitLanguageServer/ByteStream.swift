import QuestionKit
import QuestionKitForms

/// Where the server reads its messages from: standard input, or bytes given by a test.
public protocol ByteSource {
    /// Reads at most `buffer.count` bytes; 0 at the end of the input, -1 on failure.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int
    /// Whether more input is waiting right now (a read would not block). The server publishes
    /// diagnostics once no more input is waiting, so a burst of edits costs one validation.
    func hasWaitingInput() -> Bool
}

/// Bytes in memory, handed out in pieces of at most `chunkSize` (to exercise framing across reads).
public struct BufferSource: ByteSource {
    private let bytes: [UInt8]
    private var offset = 0
    private let chunkSize: Int
    private let reportsWaitingInput: Bool

    /// A source of `bytes`. With `reportsWaitingInput`, the server sees the rest as already
    /// waiting (a burst); without, as typed one message at a time.
    public init(_ bytes: [UInt8], chunkSize: Int = 4096, reportsWaitingInput: Bool = false) {
        self.bytes = bytes
        self.chunkSize = max(chunkSize, 1)
        self.reportsWaitingInput = reportsWaitingInput
    }

    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let count = min(buffer.count, chunkSize, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + count)]))
        }
        offset += count
        return count
    }

    public func hasWaitingInput() -> Bool { reportsWaitingInput && offset < bytes.count }
}
