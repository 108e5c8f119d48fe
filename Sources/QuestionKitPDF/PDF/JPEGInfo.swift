/// What a PDF needs to know of a JPEG file to embed it as it is (DCTDecode): its size in pixels and
/// its number of colour components, read from the start-of-frame marker.
///
/// The reader walks the marker segments from the start of the file, each by its stated length,
/// stops at the first start-of-frame, and checks that the file ends with the end-of-image marker:
/// it reads each byte at most once, never past the end, and reports a file cut short or malformed
/// as a ``PDFImageError``, never a crash. The compressed data itself is left to the PDF reader.
struct JPEGInfo: Hashable, Sendable {
    var width: Int
    var height: Int
    /// 1 (grey), 3 (YCbCr/RGB) or 4 (CMYK).
    var components: Int
    /// Whether an Adobe APP14 segment is present: its CMYK data is stored inverted.
    var isAdobe: Bool

    /// The frame of the JPEG in `bytes`.
    static func read(_ bytes: [UInt8]) throws(PDFImageError) -> JPEGInfo {
        guard bytes.starts(with: [0xFF, 0xD8]) else { throw .notAnImage }
        var offset = 2
        var isAdobe = false
        while true {
            // Fill bytes (0xFF) may precede a marker.
            guard offset < bytes.count else { throw .truncated }
            guard bytes[offset] == 0xFF else { throw .malformed("no marker at byte \(offset)") }
            while offset < bytes.count, bytes[offset] == 0xFF { offset += 1 }
            guard offset < bytes.count else { throw .truncated }
            let marker = bytes[offset]
            offset += 1
            if marker == 0xD9 || marker == 0xDA { throw .malformed("no frame header before the image data") }
            // Markers without a length: TEM and the restart markers.
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
            guard offset + 2 <= bytes.count else { throw .truncated }
            let length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
            guard length >= 2 else { throw .malformed("a segment length of \(length)") }
            guard offset + length <= bytes.count else { throw .truncated }
            if marker == 0xEE, length >= 7, Array(bytes[(offset + 2)..<(offset + 7)]) == Array("Adobe".utf8) {
                isAdobe = true
            }
            if Self.isFrame(marker) {
                let info = try frame(bytes, at: offset + 2, length: length - 2, marker: marker, isAdobe: isAdobe)
                guard hasEnd(bytes, after: offset + length) else { throw .truncated }
                return info
            }
            offset += length
        }
    }

    /// Whether the end-of-image marker is near the end (a file cut short lacks it): in the data
    /// after the frame, `FF D9` is nothing else. Only a short tail is looked at, allowing for padding.
    private static func hasEnd(_ bytes: [UInt8], after start: Int) -> Bool {
        var index = bytes.count - 2
        while index >= max(start, bytes.count - 1024) {
            if bytes[index] == 0xFF, bytes[index + 1] == 0xD9 { return true }
            index -= 1
        }
        return false
    }

    /// SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC).
    private static func isFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    private static func frame(
        _ bytes: [UInt8], at start: Int, length: Int, marker: UInt8, isAdobe: Bool
    ) throws(PDFImageError) -> JPEGInfo {
        guard length >= 6 else { throw .malformed("a frame header of \(length) bytes") }
        // Baseline, extended and progressive Huffman JPEG are what PDF readers decode (ISO 32000-1 §7.4.8).
        guard marker <= 0xC2 else {
            throw .unsupported("a JPEG coding PDF readers do not decode (SOF\(marker - 0xC0))")
        }
        let precision = Int(bytes[start])
        let height = Int(bytes[start + 1]) << 8 | Int(bytes[start + 2])
        let width = Int(bytes[start + 3]) << 8 | Int(bytes[start + 4])
        let components = Int(bytes[start + 5])
        guard precision == 8 else { throw .unsupported("\(precision)-bit JPEG samples") }
        guard width > 0, height > 0 else { throw .malformed("a size of \(width) × \(height) pixels") }
        guard [1, 3, 4].contains(components) else { throw .unsupported("\(components) colour components") }
        return JPEGInfo(width: width, height: height, components: components, isAdobe: isAdobe)
    }
}
