import Foundation
import QuestionKitArchive
import TestSupport
import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitPDF

/// Small image files made to order: PNGs with our own deflate and CRC, JPEG headers segment by segment.
enum TestImages {
    /// A PNG of `width` × `height` with the given colour type and bit depth, every row filter 0; with
    /// `data`, that is its IDAT instead of the compressed rows (for a header of any size).
    static func png(
        width: Int = 4, height: Int = 3, colorType: UInt8 = 2, bitDepth: UInt8 = 8, interlace: UInt8 = 0,
        palette: [UInt8]? = nil, data: [UInt8]? = nil
    ) -> [UInt8] {
        var header = be32(width) + be32(height)
        header += [bitDepth, colorType, 0, 0, interlace]
        var file = PNGInfo.signature + chunk("IHDR", header)
        if let palette { file += chunk("PLTE", palette) }
        let rows = data ?? zlibRows(width: width, height: height, colorType: colorType, bitDepth: bitDepth)
        return file + chunk("IDAT", rows) + chunk("IEND", [])
    }

    private static func zlibRows(width: Int, height: Int, colorType: UInt8, bitDepth: UInt8) -> [UInt8] {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)] ?? 1
        let rowBytes = (width * channels * Int(bitDepth) + 7) / 8
        let raw: [UInt8] = (0..<height).flatMap { row -> [UInt8] in
            [0] + (0..<rowBytes).map { UInt8(truncatingIfNeeded: $0 * 37 + row) }
        }
        return Deflate.zlibCompress(raw)
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return be32(data.count) + typed + be32(Int(CRC32.checksum(typed[...])))
    }

    static func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    static func be16(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    /// A JPEG's markers up to its first scan: SOI, APP0 (JFIF), an optional APP14 (Adobe), the frame, SOS.
    static func jpeg(
        width: Int = 320, height: Int = 240, components: UInt8 = 3, frame: UInt8 = 0xC0, precision: UInt8 = 8,
        adobe: Bool = false
    ) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0] + be16(16) + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        if adobe { bytes += [0xFF, 0xEE] + be16(14) + Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 2] }
        let frameBody =
            [precision] + be16(height) + be16(width) + [components]
            + (0..<components).flatMap { [$0 + 1, 0x11, 0] }
        bytes += [0xFF, frame] + be16(frameBody.count + 2) + frameBody
        bytes += [0xFF, 0xDA] + be16(8) + [1, 1, 0, 0, 0x3F, 0] + [0x12, 0x34, 0xFF, 0xD9]
        return bytes
    }

    /// The sample photos beside the sample completed form.
    static let sampleFolder = packageRoot + "/Tests/Templates/print-sample"

    static func sample(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: sampleFolder + "/" + name)))
    }
}

@Suite("Images for the PDF (JPEG, PNG)")
struct PDFImageTests {
    @Test func aJPEGIsReadFromItsFrameHeaderAndEmbeddedAsItIs() throws {
        let bytes = TestImages.jpeg(width: 320, height: 240)
        let image = try PDFImage.read(bytes)
        #expect((image.width, image.height) == (320, 240))
        #expect(image.data == bytes)
        #expect(
            try PDFImage.read(TestImages.jpeg(components: 1, frame: 0xC2)).encoding
                == .jpeg(components: 1, isAdobe: false))
        var buffer = PDFBuffer()
        try PDFImage.read(TestImages.jpeg(components: 4, adobe: true)).writeDictionary(into: &buffer)
        let dictionary = String(decoding: buffer.bytes, as: UTF8.self)
        #expect(dictionary.contains("/ColorSpace /DeviceCMYK /Decode [1 0 1 0 1 0 1 0]"), "\(dictionary)")
        #expect(dictionary.contains("/Filter /DCTDecode"))
    }

    @Test func theSamplePhotosRead() throws {
        let jpeg = try PDFImage.read(try TestImages.sample("Qid1.jpg"))
        #expect((jpeg.width, jpeg.height) == (320, 240))
        let png = try PDFImage.read(try TestImages.sample("Qid1(2).png"))
        #expect((png.width, png.height) == (240, 180))
        #expect(png.encoding == .png(colors: 3, bitDepth: 8, palette: nil))
    }

    @Test func aPNGKeepsItsCompressedDataForThePNGPredictor() throws {
        let image = try PDFImage.read(TestImages.png(width: 5, height: 2))
        #expect((image.width, image.height) == (5, 2))
        #expect(image.data.first == 0x78, "the IDAT zlib stream, not the file")
        var buffer = PDFBuffer()
        image.writeDictionary(into: &buffer)
        #expect(
            String(decoding: buffer.bytes, as: UTF8.self).contains(
                "/Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors 3 /BitsPerComponent 8 /Columns 5 >>"))
    }

    @Test func palettedGreyAndSixteenBitPNGsAreEmbeddedWithoutDecoding() throws {
        let palette: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255]
        let paletted = try PDFImage.read(TestImages.png(colorType: 3, bitDepth: 4, palette: palette))
        #expect(paletted.encoding == .png(colors: 1, bitDepth: 4, palette: palette))
        var buffer = PDFBuffer()
        paletted.writeDictionary(into: &buffer)
        #expect(String(decoding: buffer.bytes, as: UTF8.self).contains("/ColorSpace [/Indexed /DeviceRGB 2 <FF0000"))
        #expect(
            try PDFImage.read(TestImages.png(colorType: 0, bitDepth: 1)).encoding
                == .png(colors: 1, bitDepth: 1, palette: nil))
        #expect(
            try PDFImage.read(TestImages.png(colorType: 2, bitDepth: 16)).encoding
                == .png(colors: 3, bitDepth: 16, palette: nil))
    }

    @Test(arguments: [
        (TestImages.png(colorType: 6), PDFImageError.unsupported("a PNG with an alpha channel")),
        (TestImages.png(colorType: 4), .unsupported("a PNG with an alpha channel")),
        (TestImages.png(interlace: 1), .unsupported("an interlaced PNG")),
        (TestImages.png(colorType: 3), .malformed("a palette image without a palette")),
        (TestImages.png(colorType: 2, bitDepth: 4), .malformed("colour type 2 at bit depth 4")),
        (TestImages.png(width: 0), .malformed("a size of 0 × 3 pixels")),
        (TestImages.jpeg(frame: 0xC3), .unsupported("a JPEG coding PDF readers do not decode (SOF3)")),
        (TestImages.jpeg(precision: 12), .unsupported("12-bit JPEG samples")),
        (TestImages.jpeg(height: 0), .malformed("a size of 320 × 0 pixels")),
        (TestImages.jpeg(components: 2), .unsupported("2 colour components")),
        (Array("GIF89a".utf8), .notAnImage),
        ([], .notAnImage),
    ])
    func whatCannotBeEmbeddedSaysWhy(bytes: [UInt8], error: PDFImageError) {
        #expect(throws: error) { try PDFImage.read(bytes) }
    }

    /// The IDAT is embedded as it is, so what is not a zlib stream PDF readers inflate is refused
    /// here rather than found broken by the viewer (issue 24).
    @Test(
        arguments: [
            ([0x00, 0x01, 0x02, 0x03, 0x04, 0x05], "its first bytes 00 01 are not a zlib header"),
            ([0x78, 0x9D, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01], "its first bytes 78 9D are not a zlib header"),
            ([0x79, 0x18, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01], "compression method 9, not deflate (8)"),
            ([0x88, 0x1C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01], "a window of 65536 bytes; deflate's largest is 32768"),
            (
                [0x78, 0xBB, 0, 0, 0, 1, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01],
                "a preset dictionary PDF readers do not have"
            ),
            ([0x78], "its first bytes 78 are not a zlib header"),
        ] as [([UInt8], String)])
    func imageDataThatIsNotAZlibStreamIsRefused(data: [UInt8], reason: String) {
        #expect(throws: PDFImageError.malformed("the image data is not a zlib stream: " + reason)) {
            try PDFImage.read(TestImages.png(data: data))
        }
    }

    /// A PNG header may claim 2³¹−1 × 2³¹−1 pixels in a few bytes: viewers then refuse the
    /// allocation or stall, so a photo of more than `PDFImage.maxPixels` pixels is refused.
    @Test func aPNGOfMoreThanFiftyMegapixelsIsRefused() throws {
        let data = Deflate.zlibCompress([0, 0, 0, 0])
        for (width, height) in [(2_147_483_647, 2_147_483_647), (50_000, 50_000), (7_072, 7_071)] {
            #expect(
                throws: PDFImageError.unsupported(
                    "an image of \(width) × \(height) pixels (more than \(PDFImage.maxPixels / 1_000_000) megapixels)")
            ) { try PDFImage.read(TestImages.png(width: width, height: height, data: data)) }
        }
        #expect(PDFImage.maxPixels == 50_000_000)
        let largest = try PDFImage.read(TestImages.png(width: 10_000, height: 5_000, data: data))
        #expect((largest.width, largest.height) == (10_000, 5_000))
    }

    @Test func hostileLengthsAndChecksumsAreErrors() {
        var png = TestImages.png()
        png[33 + 3] ^= 0xFF  // the IDAT's length: now past the end
        #expect(throws: PDFImageError.truncated) { try PDFImage.read(png) }
        var crc = TestImages.png()
        crc[crc.count - 13] ^= 1  // a byte of the IDAT's CRC
        #expect(throws: (any Error).self) { try PDFImage.read(crc) }
        let huge =
            PNGInfo.signature + TestImages.be32(0xFFFF_FFFF) + Array("IHDR".utf8) + [UInt8](repeating: 0, count: 20)
        #expect(throws: PDFImageError.truncated) { try PDFImage.read(huge) }
        let zeroLength: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 0]
        #expect(throws: PDFImageError.malformed("a segment length of 0")) { try PDFImage.read(zeroLength) }
        let noFrame: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDA, 0, 2, 0xFF, 0xD9]
        #expect(throws: PDFImageError.malformed("no frame header before the image data")) { try PDFImage.read(noFrame) }
    }

    /// The fuzz entry point is `PDFImage.read`: every prefix and every one-byte change of the sample
    /// files either reads or throws, never traps.
    @Test(arguments: ["Qid1.jpg", "Qid1(2).png"])
    func everyTruncationThrowsAndNoByteChangeCrashes(sample: String) throws {
        let bytes = try TestImages.sample(sample)
        for length in 0..<bytes.count {
            #expect(throws: (any Error).self) { try PDFImage.read(Array(bytes[..<length])) }
        }
        // Headers are what the readers look at: change each of the first bytes in several ways.
        for position in 0..<min(bytes.count, 700) {
            for value: UInt8 in [0, 0xFF, bytes[position] ^ 0x80] {
                var changed = bytes
                changed[position] = value
                _ = try? PDFImage.read(changed)
            }
        }
    }
}
