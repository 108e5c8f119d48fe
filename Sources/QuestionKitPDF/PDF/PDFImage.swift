/// Why an image cannot be placed on a page.
public enum PDFImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are neither a JPEG nor a PNG file.
    case notAnImage
    /// The file ends inside its header or a chunk.
    case truncated
    /// The file breaks its format; the text says how.
    case malformed(String)
    /// A valid image of a kind this writer does not embed; the text says which.
    case unsupported(String)

    public var description: String {
        switch self {
        case .notAnImage: "not a JPEG or PNG image"
        case .truncated: "the image file is cut short"
        case .malformed(let reason): "the image file is damaged: \(reason)"
        case .unsupported(let kind): "\(kind) is not supported"
        }
    }
}

/// A JPEG or PNG image ready to be drawn on pages (``PDFPage/drawImage(_:in:)``): its data is
/// embedded as it is, once per document however often it is drawn (an image XObject, ISO 32000-1 §8.9).
public struct PDFImage: Sendable, Hashable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    let encoding: Encoding
    /// The image's data as the stream holds it: the JPEG file, or the PNG's zlib stream.
    let data: [UInt8]
    private let digest: UInt64

    enum Encoding: Hashable, Sendable {
        case jpeg(components: Int, isAdobe: Bool)
        case png(colors: Int, bitDepth: Int, palette: [UInt8]?)
    }

    /// The most pixels a PNG image may have: 50 megapixels, above the photos of the phones and
    /// tablets the forms are filled on (12 to 48 megapixels), far below the sizes a header can claim
    /// (2³¹−1 × 2³¹−1) that make viewers refuse the allocation or stall (50,000 × 50,000).
    package static let maxPixels = 50_000_000

    /// The image in `bytes` (a JPEG or PNG file, told apart by its first bytes, whatever its name).
    /// Reading costs time linear in the size of the file, and a damaged or hostile file is an error.
    public static func read(_ bytes: [UInt8]) throws(PDFImageError) -> PDFImage {
        if bytes.starts(with: [0xFF, 0xD8]) {
            let info = try JPEGInfo.read(bytes)
            return PDFImage(
                width: info.width, height: info.height,
                encoding: .jpeg(components: info.components, isAdobe: info.isAdobe), data: bytes)
        }
        if bytes.starts(with: PNGInfo.signature) {
            let info = try PNGInfo.read(bytes)
            return PDFImage(
                width: info.width, height: info.height,
                encoding: .png(colors: info.colors, bitDepth: info.bitDepth, palette: info.palette), data: info.data)
        }
        throw .notAnImage
    }

    private init(width: Int, height: Int, encoding: Encoding, data: [UInt8]) {
        self.width = width
        self.height = height
        self.encoding = encoding
        self.data = data
        digest = PDFDocument.fileID(data).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }

    public static func == (lhs: PDFImage, rhs: PDFImage) -> Bool {
        lhs.digest == rhs.digest && lhs.width == rhs.width && lhs.height == rhs.height
            && lhs.encoding == rhs.encoding && lhs.data == rhs.data
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    /// The entries of the image's stream dictionary, `/Length` aside.
    func writeDictionary(into buffer: inout PDFBuffer) {
        buffer.append(" /Type /XObject /Subtype /Image /Width ")
        buffer.append(int: width)
        buffer.append(" /Height ")
        buffer.append(int: height)
        switch encoding {
        case .jpeg(let components, let isAdobe):
            buffer.append(
                " /ColorSpace " + (components == 1 ? "/DeviceGray" : components == 3 ? "/DeviceRGB" : "/DeviceCMYK"))
            // Adobe's CMYK JPEGs store the components inverted.
            if components == 4 && isAdobe { buffer.append(" /Decode [1 0 1 0 1 0 1 0]") }
            buffer.append(" /BitsPerComponent 8 /Filter /DCTDecode")
        case .png(let colors, let bitDepth, let palette):
            if let palette {
                buffer.append(" /ColorSpace [/Indexed /DeviceRGB ")
                buffer.append(int: palette.count / 3 - 1)
                buffer.append(" ")
                buffer.append(hex: palette)
                buffer.append("]")
            } else {
                buffer.append(colors == 1 ? " /ColorSpace /DeviceGray" : " /ColorSpace /DeviceRGB")
            }
            buffer.append(" /BitsPerComponent ")
            buffer.append(int: bitDepth)
            buffer.append(" /Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors ")
            buffer.append(int: colors)
            buffer.append(" /BitsPerComponent ")
            buffer.append(int: bitDepth)
            buffer.append(" /Columns ")
            buffer.append(int: width)
            buffer.append(" >>")
        }
    }
}

/// The images of all pages, each with the one object number it is written as, however many
/// pages draw it.
struct PDFImageUsage {
    private(set) var numbers: [PDFImage: Int] = [:]
    private var order: [PDFImage] = []

    /// Allocates an object for each distinct image of `pages`, in order of first use.
    static func allocate(pages: [PDFPage], in writer: inout PDFObjectWriter) -> PDFImageUsage {
        var usage = PDFImageUsage()
        for image in pages.lazy.flatMap(\.images) where usage.numbers[image] == nil {
            usage.numbers[image] = writer.allocate()
            usage.order.append(image)
        }
        return usage
    }

    /// Writes each image's stream, its data as it is (already compressed).
    func write(into writer: inout PDFObjectWriter) {
        for image in order {
            guard let number = numbers[image] else { continue }
            writer.writeStream(number, payload: PDFStreamPayload(image.data, compress: false)) {
                image.writeDictionary(into: &$0)
            }
        }
    }

    /// ` /XObject << /Im1 n 0 R … >>` for the images `page` draws; nothing when it draws none.
    static func appendResources(of page: PDFPage, objects: [PDFImage: Int], into buffer: inout PDFBuffer) {
        guard !page.images.isEmpty else { return }
        buffer.append(" /XObject <<")
        for (index, image) in page.images.enumerated() {
            buffer.append(" ")
            buffer.append(name: "Im\(index + 1)")
            buffer.append(" ")
            buffer.append(int: objects[image] ?? 0)
            buffer.append(" 0 R")
        }
        buffer.append(" >>")
    }
}
