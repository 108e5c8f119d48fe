import QuestionKitArchive

/// What a PDF needs to know of a PNG file to embed its compressed data as it is: PNG's zlib stream
/// with its per-row filters is exactly what PDF's FlateDecode with the PNG predictors reads
/// (ISO 32000-1 §7.4.4.4), so the pixels are never decoded here.
///
/// That works for grey, RGB and palette images without an alpha channel, at every bit depth, not
/// interlaced. An alpha channel (grey or RGB with alpha) would have to be separated from the colour
/// samples, which means inflating and filtering every row; interlaced images would have to be
/// de-interlaced. Both are refused as ``PDFImageError/unsupported(_:)``, and the printed form
/// shows the image's name instead (photos from a camera are JPEG; these are rare).
///
/// The reader walks the chunks once, checks each one's CRC, and never reads past the end. Since the
/// data is embedded as it is, its zlib header is checked, and an image of more than
/// ``PDFImage/maxPixels`` pixels is refused: viewers refuse or stall on what a header may claim.
struct PNGInfo: Hashable, Sendable {
    var width: Int
    var height: Int
    var bitDepth: Int
    /// 1 (grey or palette index) or 3 (RGB).
    var colors: Int
    /// The palette's RGB triples, for a palette image.
    var palette: [UInt8]?
    /// The IDAT chunks' data, joined: one zlib stream.
    var data: [UInt8]

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The image in `bytes`.
    static func read(_ bytes: [UInt8]) throws(PDFImageError) -> PNGInfo {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw .notAnImage }
        var offset = 8
        var header: PNGInfo?
        var palette: [UInt8]?
        var data: [UInt8] = []
        while true {
            guard offset + 12 <= bytes.count else { throw .truncated }
            let length = Int(readUInt32(bytes[...], at: offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard length <= bytes.count - offset - 12 else { throw .truncated }
            let body = (offset + 8)..<(offset + 8 + length)
            let storedCRC = readUInt32(bytes[...], at: body.upperBound)
            guard CRC32.checksum(bytes[(offset + 4)..<body.upperBound]) == storedCRC else {
                throw .malformed("the CRC of chunk '\(type)' at byte \(offset) does not match")
            }
            if header == nil, type != "IHDR" { throw .malformed("the first chunk is '\(type)', not 'IHDR'") }
            switch type {
            case "IHDR": header = try imageHeader(bytes[body])
            case "PLTE":
                guard length % 3 == 0, length > 0, length <= 768 else {
                    throw .malformed("a palette of \(length) bytes")
                }
                palette = Array(bytes[body])
            case "IDAT": data.append(contentsOf: bytes[body])
            case "IEND":
                guard var info = header, !data.isEmpty else { throw .malformed("no image data") }
                try checkZlibHeader(data)
                if info.palette != nil {
                    guard let palette else { throw .malformed("a palette image without a palette") }
                    info.palette = palette
                }
                info.data = data
                return info
            default: break
            }
            offset = body.upperBound + 4
        }
    }

    private static func imageHeader(_ body: ArraySlice<UInt8>) throws(PDFImageError) -> PNGInfo {
        guard body.count == 13 else { throw .malformed("an image header of \(body.count) bytes") }
        let start = body.startIndex
        let width = Int(readUInt32(body, at: start))
        let height = Int(readUInt32(body, at: start + 4))
        let (depth, colorType) = (Int(body[start + 8]), body[start + 9])
        guard width > 0, height > 0, width < 1 << 31, height < 1 << 31 else {
            throw .malformed("a size of \(width) × \(height) pixels")
        }
        guard width * height <= PDFImage.maxPixels else {
            throw .unsupported(
                "an image of \(width) × \(height) pixels (more than \(PDFImage.maxPixels / 1_000_000) megapixels)")
        }
        guard body[start + 10] == 0, body[start + 11] == 0 else { throw .malformed("an unknown compression or filter") }
        guard body[start + 12] == 0 else { throw .unsupported("an interlaced PNG") }
        let colors: Int
        switch colorType {
        case 0 where [1, 2, 4, 8, 16].contains(depth): colors = 1
        case 2 where [8, 16].contains(depth): colors = 3
        case 3 where [1, 2, 4, 8].contains(depth): colors = 1
        case 4, 6: throw .unsupported("a PNG with an alpha channel")
        default: throw .malformed("colour type \(colorType) at bit depth \(depth)")
        }
        return PNGInfo(
            width: width, height: height, bitDepth: depth, colors: colors, palette: colorType == 3 ? [] : nil, data: [])
    }

    /// Checks that `data` starts as a zlib stream PDF's FlateDecode reads (RFC 1950): deflate with a
    /// window of at most 32 KiB, a valid header check, no preset dictionary. The data goes into the PDF
    /// as it is, so anything else would be found broken by the viewer, not here.
    private static func checkZlibHeader(_ data: [UInt8]) throws(PDFImageError) {
        func refuse(_ reason: String) -> PDFImageError { .malformed("the image data is not a zlib stream: " + reason) }
        let first = data.prefix(2).map { String($0, radix: 16, uppercase: true) }
            .map { $0.count == 1 ? "0" + $0 : $0 }.joined(separator: " ")
        guard data.count >= 2, (Int(data[0]) << 8 | Int(data[1])) % 31 == 0 else {
            throw refuse("its first bytes \(first) are not a zlib header")
        }
        let (method, window) = (data[0] & 0x0F, 1 << (Int(data[0] >> 4) + 8))
        guard method == 8 else { throw refuse("compression method \(method), not deflate (8)") }
        guard window <= 32_768 else { throw refuse("a window of \(window) bytes; deflate's largest is 32768") }
        guard data[1] & 0x20 == 0 else { throw refuse("a preset dictionary PDF readers do not have") }
    }

    /// The big-endian number at `offset` (an index of `bytes`); the caller has checked the four bytes are there.
    private static func readUInt32(_ bytes: ArraySlice<UInt8>, at offset: Int) -> UInt32 {
        (offset..<offset + 4).reduce(0) { $0 << 8 | UInt32(bytes[$1]) }
    }
}
