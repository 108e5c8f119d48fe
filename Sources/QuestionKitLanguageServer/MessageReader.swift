/// Reads `Content-Length`-framed messages (the LSP base protocol) from a byte source.
///
/// A body is read in pieces as it arrives, so a hostile `Content-Length` costs nothing until the
/// bytes are really there, and a body over `maxBodySize` is skipped without being kept.
struct MessageReader<Source: ByteSource> {
    /// What one read of a frame gave.
    enum Frame: Equatable {
        /// A complete body.
        case message([UInt8])
        /// A header block without a usable `Content-Length` (the reason says why); the reader has
        /// skipped to the next line that starts a header.
        case badHeader(String)
        /// A body longer than the limit, skipped.
        case tooLarge(Int)
        /// The input ended.
        case end
    }

    private(set) var source: Source
    private var buffer: [UInt8] = []
    private var start = 0
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    let maxBodySize: Int
    /// A header block longer than this is not a header.
    static var maxHeaderSize: Int { 8192 }

    init(source: Source, maxBodySize: Int) {
        self.source = source
        self.maxBodySize = maxBodySize
    }

    /// Whether more input is waiting, in the buffer or at the source.
    var hasWaitingInput: Bool { start < buffer.count || source.hasWaitingInput() }

    /// The next frame.
    mutating func next() -> Frame {
        var lines: [String] = []
        var headerBytes = 0
        while true {
            guard let line = nextLine() else { return .end }
            headerBytes += line.count + 2
            if line.isEmpty && !lines.isEmpty { break }
            if !line.isEmpty { lines.append(String(decoding: line, as: UTF8.self)) }
            if headerBytes > Self.maxHeaderSize { return skipToHeader(reason: "the header is longer than 8192 bytes") }
        }
        guard let length = Self.contentLength(in: lines) else {
            return skipToHeader(reason: "no valid Content-Length header in \(lines.map { "'\($0)'" })")
        }
        if length > maxBodySize {
            return discard(length) ? .tooLarge(length) : .end
        }
        return readBody(length).map { .message($0) } ?? .end
    }

    /// The value of the one `Content-Length` header; nil when missing, repeated or not a number.
    static func contentLength(in lines: [String]) -> Int? {
        var found: Int?
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].trimmingSpaces.lowercased()
            guard name == "content-length" else { continue }
            let value = line[line.index(after: colon)...].trimmingSpaces
            guard found == nil, !value.isEmpty, value.count <= 18, value.allSatisfy(\.isASCIIDigit) else { return nil }
            found = Int(value)
        }
        return found
    }

    /// Drops input up to the next `Content-Length:` (wherever it is: a body of a wrong length
    /// runs into the next header), left unread.
    private mutating func skipToHeader(reason: String) -> Frame {
        let header = Array("content-length:".utf8)
        while true {
            var index = start
            while index + header.count <= buffer.count {
                if zip(buffer[index..<(index + header.count)], header).allSatisfy({ $0 | 0x20 == $1 }) {
                    start = index
                    return .badHeader(reason)
                }
                index += 1
            }
            // Keep a tail that may be the start of a header split across reads.
            start = max(start, buffer.count - header.count + 1)
            guard fill(atLeast: buffer.count - start + 1) else { return .badHeader(reason) }
        }
    }

    /// The next line without its `\r\n` (or `\n`); nil at the end of the input.
    private mutating func nextLine() -> [UInt8]? {
        var searched = 0  // bytes after `start` known to hold no line break
        while true {
            if let newline = buffer[(start + searched)...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start && buffer[end - 1] == 0x0D { end -= 1 }
                let line = Array(buffer[start..<end])
                start = newline + 1
                return line
            }
            searched = buffer.count - start
            if buffer.count - start > Self.maxHeaderSize {
                // An endless line: hand it over in pieces, each too long to be a header.
                let line = Array(buffer[start...])
                start = buffer.count
                return line
            }
            guard fill(atLeast: buffer.count - start + 1) else { return nil }
        }
    }

    private mutating func readBody(_ length: Int) -> [UInt8]? {
        guard fill(atLeast: length) else { return nil }
        let body = Array(buffer[start..<(start + length)])
        start += length
        return body
    }

    /// Skips `length` bytes without keeping them; false when the input ends first.
    private mutating func discard(_ length: Int) -> Bool {
        var remaining = length
        while remaining > 0 {
            if start == buffer.count && !fill(atLeast: 1) { return false }
            let taken = min(remaining, buffer.count - start)
            start += taken
            remaining -= taken
        }
        return true
    }

    /// Reads until at least `count` unread bytes are buffered; false when the input ends first.
    private mutating func fill(atLeast count: Int) -> Bool {
        if start > 0 && (start == buffer.count || start > 1 << 16) {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        while buffer.count - start < count {
            let read = chunk.withUnsafeMutableBytes { source.read(into: $0) }
            guard read > 0 else { return false }
            buffer += chunk[0..<read]
        }
        return true
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
