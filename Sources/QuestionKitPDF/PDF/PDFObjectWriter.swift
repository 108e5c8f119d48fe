import QuestionKitArchive

/// Writes the structure of a PDF file (ISO 32000-1 §7.5): the header, numbered indirect objects, the
/// cross-reference table with the exact byte offset of every object, and the trailer.
///
/// Object numbers are allocated first and written later in any order, so that a page can refer to a
/// font before the font is written.
struct PDFObjectWriter {
    private(set) var buffer = PDFBuffer()
    /// The byte offset of object `n` at index `n - 1`, or nil while it is not written yet.
    private var offsets: [Int?] = []
    /// Shared by the streams, so that each does not clear a table of its own.
    private var deflateHeads = LZ77Heads()

    init() {
        buffer.append("%PDF-1.7\n")
        // A comment with bytes above 127 tells transfer programs that the file is binary (§7.5.2).
        buffer.append(bytes: [UInt8(ascii: "%"), 0xE2, 0xE3, 0xCF, 0xD3, UInt8(ascii: "\n")])
    }

    /// Makes room for a file of about `capacity` bytes.
    mutating func reserve(_ capacity: Int) {
        buffer.bytes.reserveCapacity(capacity)
    }

    /// Reserves the next object number.
    mutating func allocate() -> Int {
        offsets.append(nil)
        return offsets.count
    }

    /// Writes object `number`; `body` appends its value (a dictionary, an array, …).
    mutating func writeObject(_ number: Int, body: (inout PDFBuffer) -> Void) {
        begin(number)
        body(&buffer)
        buffer.append("\nendobj\n")
    }

    /// Writes a stream object: `dictionary` appends the entries other than `/Length` and `/Filter`
    /// (without the `<< >>`). The data is Flate-compressed when that makes it smaller.
    mutating func writeStream(
        _ number: Int, data: [UInt8], compress: Bool = true, dictionary: (inout PDFBuffer) -> Void = { _ in }
    ) {
        writeStream(
            number, payload: PDFStreamPayload(data, compress: compress, heads: &deflateHeads), dictionary: dictionary)
    }

    /// Writes a stream object whose data is ready (compressed or not).
    mutating func writeStream(
        _ number: Int, payload: PDFStreamPayload, dictionary: (inout PDFBuffer) -> Void = { _ in }
    ) {
        begin(number)
        buffer.append("<< /Length ")
        buffer.append(int: payload.bytes.count)
        if payload.isDeflated {
            buffer.append(" /Filter /FlateDecode")
        }
        dictionary(&buffer)
        buffer.append(" >>\nstream\n")
        buffer.append(bytes: payload.bytes)
        buffer.append("\nendstream\nendobj\n")
    }

    private mutating func begin(_ number: Int) {
        let index = number - 1
        if offsets.indices.contains(index) {
            offsets[index] = buffer.count
        }
        buffer.append(int: number)
        buffer.append(" 0 obj\n")
    }

    /// Appends the cross-reference table and the trailer and returns the file.
    /// An allocated object that was never written becomes `null`, so the file stays well formed.
    mutating func finish(root: Int, info: Int, fileID: [UInt8]) -> [UInt8] {
        for (index, offset) in offsets.enumerated() where offset == nil {
            writeObject(index + 1) { $0.append("null") }
        }
        let startXref = buffer.count
        buffer.append("xref\n0 ")
        buffer.append(int: offsets.count + 1)
        // Each entry is exactly 20 bytes: 10-digit offset, 5-digit generation, keyword, two-byte end of line.
        buffer.append("\n0000000000 65535 f\r\n")
        for offset in offsets {
            appendPadded(offset ?? 0, width: 10)
            buffer.append(" 00000 n\r\n")
        }
        buffer.append("trailer\n<< /Size ")
        buffer.append(int: offsets.count + 1)
        buffer.append(" /Root ")
        buffer.append(int: root)
        buffer.append(" 0 R /Info ")
        buffer.append(int: info)
        buffer.append(" 0 R /ID [")
        buffer.append(hex: fileID)
        buffer.append(hex: fileID)
        buffer.append("] >>\nstartxref\n")
        buffer.append(int: startXref)
        buffer.append("\n%%EOF\n")
        return buffer.bytes
    }

    private mutating func appendPadded(_ value: Int, width: Int) {
        var digits = [UInt8](repeating: UInt8(ascii: "0"), count: width)
        var rest = value
        var position = width - 1
        while rest > 0 && position >= 0 {
            digits[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            position -= 1
        }
        buffer.append(bytes: digits)
    }
}

/// The data of a stream as it is written: Flate-compressed when asked and when that makes it smaller.
struct PDFStreamPayload: Sendable {
    var bytes: [UInt8]
    var isDeflated: Bool

    init(_ data: [UInt8], compress: Bool) {
        var heads = LZ77Heads()
        self.init(data, compress: compress, heads: &heads)
    }

    /// The payload, compressed with the hash table of the streams compressed before (see ``LZ77Heads``).
    init(_ data: [UInt8], compress: Bool, heads: inout LZ77Heads) {
        let deflated = compress ? Deflate.zlibCompress(data, heads: &heads) : data
        isDeflated = compress && deflated.count < data.count
        bytes = isDeflated ? deflated : data
    }
}
