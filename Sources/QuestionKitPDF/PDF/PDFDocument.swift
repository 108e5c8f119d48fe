import Foundation

/// The information dictionary of a document (ISO 32000-1 §14.3.3): what a viewer shows as its properties.
public struct PDFDocumentInfo: Sendable, Hashable {
    /// The document's title; nil leaves it out.
    public var title: String?
    /// Who wrote the document; nil leaves it out.
    public var author: String?
    /// What the document is about; nil leaves it out.
    public var subject: String?
    /// The program that made the document's content.
    public var creator: String
    /// When the document was made.
    public var creationDate: Date

    /// Information with the given fields; the creator defaults to QuestionKit and the date to now.
    public init(
        title: String? = nil, author: String? = nil, subject: String? = nil, creator: String = "QuestionKit",
        creationDate: Date = Date()
    ) {
        self.title = title
        self.author = author
        self.subject = subject
        self.creator = creator
        self.creationDate = creationDate
    }
}

/// A PDF document: pages in order, and its information. Writing it embeds, for each TrueType font the
/// pages used, a subset with only the glyphs used, and compresses page content and fonts (Flate).
public struct PDFDocument: Sendable {
    /// The document's properties, written as its information dictionary.
    public var info: PDFDocumentInfo
    /// The pages, in the order they were appended.
    public private(set) var pages: [PDFPage] = []
    /// The warnings of all pages, each once.
    public private(set) var warnings: [PDFWarning] = []

    /// An empty document with the given information.
    public init(info: PDFDocumentInfo = PDFDocumentInfo()) {
        self.info = info
    }

    /// Adds `page` after the pages already added.
    public mutating func append(_ page: PDFPage) {
        pages.append(page)
        for warning in page.warnings where !warnings.contains(warning) {
            warnings.append(warning)
        }
    }

    /// The bytes of the PDF file. `compress: false` leaves streams readable, for debugging.
    /// Throws a ``TrueTypeError`` when a font's glyph data turns out to be malformed while subsetting.
    public func write(compress: Bool = true) throws -> [UInt8] {
        var document = self
        return try document.writeLettingPagesGo(compress: compress)
    }

    /// The bytes of the PDF file (see ``write(compress:)``), each page let go once it is written: the
    /// document is left without pages. A long document is then held about once while it is written,
    /// not as its pages and as the file.
    public mutating func writeLettingPagesGo(compress: Bool = true) throws -> [UInt8] {
        var writer = PDFObjectWriter()
        // Most of the file is the pages' content, compressed already: reserved once, not grown by doubling.
        writer.reserve(pages.reduce(64 << 10) { $0 + 400 + $1.sealedContent.reduce(0) { $0 + $1.bytes.count } })
        let catalog = writer.allocate()
        let pageTree = writer.allocate()
        let infoObject = writer.allocate()
        let fonts = PDFFontUsage(pages: pages)
        var fontObjects: [PDFFontFace: Int] = [:]
        for face in fonts.faces {
            fontObjects[face] = writer.allocate()
        }
        let imageObjects = PDFImageUsage.allocate(pages: pages, in: &writer)
        var pageObjects: [Int] = []
        if pages.isEmpty { pages = [PDFPage()] }
        for index in pages.indices {
            var page = PDFPage()
            swap(&page, &pages[index])
            pageObjects.append(
                writePage(
                    page, parent: pageTree, resources: (fontObjects, imageObjects.numbers), into: &writer, compress))
        }
        pages = []
        writer.writeObject(pageTree) { buffer in
            buffer.append("<< /Type /Pages /Kids [")
            for (index, object) in pageObjects.enumerated() {
                buffer.append(index == 0 ? "" : " ")
                buffer.append(int: object)
                buffer.append(" 0 R")
            }
            buffer.append("] /Count ")
            buffer.append(int: pageObjects.count)
            buffer.append(" >>")
        }
        for face in fonts.faces {
            guard let object = fontObjects[face] else { continue }
            try PDFFontWriter.write(face, glyphs: fonts.glyphs(of: face), object: object, into: &writer, compress)
        }
        imageObjects.write(into: &writer)
        writer.writeObject(catalog) { buffer in
            buffer.append("<< /Type /Catalog /Pages ")
            buffer.append(int: pageTree)
            buffer.append(" 0 R >>")
        }
        writer.writeObject(infoObject) { writeInfo(into: &$0) }
        return writer.finish(root: catalog, info: infoObject, fileID: Self.fileID(writer.buffer.bytes))
    }

    private func writePage(
        _ page: PDFPage, parent: Int, resources: (fonts: [PDFFontFace: Int], images: [PDFImage: Int]),
        into writer: inout PDFObjectWriter, _ compress: Bool
    ) -> Int {
        let pageObject = writer.allocate()
        var contentObjects: [Int] = []
        for payload in page.sealedContent {
            contentObjects.append(writer.allocate())
            writer.writeStream(contentObjects[contentObjects.count - 1], payload: payload)
        }
        if page.sealedContent.isEmpty || page.content.count > 0 {
            contentObjects.append(writer.allocate())
            writer.writeStream(contentObjects[contentObjects.count - 1], data: page.finishedContent, compress: compress)
        }
        writer.writeObject(pageObject) { buffer in
            buffer.append("<< /Type /Page /Parent ")
            buffer.append(int: parent)
            buffer.append(" 0 R /MediaBox [0 0 ")
            buffer.append(number: page.size.width)
            buffer.append(" ")
            buffer.append(number: page.size.height)
            buffer.append("] /Resources << /Font <<")
            for (index, face) in page.faces.enumerated() {
                buffer.append(" ")
                buffer.append(name: "F\(index + 1)")
                buffer.append(" ")
                buffer.append(int: resources.fonts[face] ?? 0)
                buffer.append(" 0 R")
            }
            buffer.append(" >>")
            PDFImageUsage.appendResources(of: page, objects: resources.images, into: &buffer)
            // Several content streams of a page are read as one (ISO 32000-1 §7.8.2).
            buffer.append(contentObjects.count == 1 ? " >> /Contents " : " >> /Contents [")
            for (index, object) in contentObjects.enumerated() {
                buffer.append(index == 0 ? "" : " ")
                buffer.append(int: object)
                buffer.append(" 0 R")
            }
            buffer.append(contentObjects.count == 1 ? " >>" : "] >>")
        }
        return pageObject
    }

    private func writeInfo(into buffer: inout PDFBuffer) {
        buffer.append("<<")
        let entries =
            [("Title", info.title), ("Author", info.author), ("Subject", info.subject)]
            + [("Creator", info.creator), ("Producer", "QuestionKit")]
        for case (let key, let value?) in entries {
            buffer.append(" ")
            buffer.append(name: key)
            buffer.append(" ")
            buffer.append(text: value)
        }
        buffer.append(" /CreationDate ")
        buffer.append(literal: PDFDate.string(for: info.creationDate).utf8)
        buffer.append(" >>")
    }

    /// The file identifier (§14.4): a digest of the file's content. Only identity matters, not secrecy, so
    /// two 64-bit FNV-1a hashes with different seeds stand in for the suggested MD5.
    static func fileID(_ bytes: [UInt8]) -> [UInt8] {
        var first: UInt64 = 0xCBF2_9CE4_8422_2325
        var second: UInt64 = 0x6C62_272E_07BB_0142
        for byte in bytes {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return [first, second].flatMap { value in (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) } }
    }
}

/// The fonts of all pages, in order of first use, with the glyphs used of each TrueType font.
struct PDFFontUsage {
    private(set) var faces: [PDFFontFace] = []
    private var glyphsByFont: [TrueTypeFont: [UInt16: Unicode.Scalar]] = [:]

    init(pages: [PDFPage]) {
        var seen: Set<PDFFontFace> = []
        for page in pages {
            for face in page.faces where seen.insert(face).inserted {
                faces.append(face)
            }
            for (font, glyphs) in page.glyphUsage {
                glyphsByFont[font, default: [:]].merge(glyphs) { first, _ in first }
            }
        }
    }

    func glyphs(of face: PDFFontFace) -> [UInt16: Unicode.Scalar] {
        guard case .trueType(let font) = face else { return [:] }
        return glyphsByFont[font] ?? [:]
    }
}
