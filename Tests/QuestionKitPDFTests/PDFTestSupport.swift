import Foundation
import TestSupport
import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitPDF

/// A small inflater (RFC 1951 stored and fixed-Huffman blocks, the ones our compressor writes) to check the
/// compressor independently of it, and to read content streams back in tests.
enum PDFTestInflater {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func zlibDecompress(_ data: [UInt8]) throws -> [UInt8] {
        guard data.count >= 6, data[0] & 0x0F == 8, (Int(data[0]) << 8 | Int(data[1])) % 31 == 0 else {
            throw Failure(description: "bad zlib header")
        }
        let output = try inflate(Array(data[2..<(data.count - 4)]))
        let stored = data.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard stored == Deflate.adler32(output) else { throw Failure(description: "Adler-32 mismatch") }
        return output
    }

    static func inflate(_ data: [UInt8]) throws -> [UInt8] {
        var reader = BitReader(data: data)
        var output: [UInt8] = []
        var isFinal = false
        while !isFinal {
            isFinal = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0:
                reader.alignToByte()
                let length = try reader.bits(16)
                guard try reader.bits(16) == ~length & 0xFFFF else { throw Failure(description: "bad stored length") }
                for _ in 0..<length {
                    output.append(UInt8(try reader.bits(8)))
                }
            case 1:
                try inflateFixedBlock(&reader, into: &output)
            default:
                throw Failure(description: "unsupported block type")
            }
        }
        return output
    }

    private static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    private static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    private static func inflateFixedBlock(_ reader: inout BitReader, into output: inout [UInt8]) throws {
        while true {
            let symbol = try fixedSymbol(&reader)
            if symbol < 256 {
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < 29 else { throw Failure(description: "bad length symbol") }
            let length = lengthBase[lengthIndex] + (try reader.bits(lengthExtra[lengthIndex]))
            let distanceSymbol = try reader.huffmanBits(5)
            guard distanceSymbol < 30 else { throw Failure(description: "bad distance symbol") }
            let distance = distanceBase[distanceSymbol] + (try reader.bits(distanceExtra[distanceSymbol]))
            guard distance <= output.count else { throw Failure(description: "distance before the start") }
            for _ in 0..<length {
                output.append(output[output.count - distance])
            }
        }
    }

    private static func fixedSymbol(_ reader: inout BitReader) throws -> Int {
        var code = try reader.huffmanBits(7)
        if code <= 0b0010111 { return 256 + code }
        code = code << 1 | (try reader.bits(1))
        if (0x30...0xBF).contains(code) { return code - 0x30 }
        if (0xC0...0xC7).contains(code) { return 280 + code - 0xC0 }
        code = code << 1 | (try reader.bits(1))
        return 144 + code - 0x190
    }

    private struct BitReader {
        let data: [UInt8]
        var position = 0

        mutating func bits(_ count: Int) throws -> Int {
            var value = 0
            for index in 0..<count {
                guard position / 8 < data.count else { throw Failure(description: "out of data") }
                value |= Int(data[position / 8] >> (position % 8) & 1) << index
                position += 1
            }
            return value
        }

        /// Huffman codes are packed most significant bit first.
        mutating func huffmanBits(_ count: Int) throws -> Int {
            var value = 0
            for _ in 0..<count {
                value = value << 1 | (try bits(1))
            }
            return value
        }

        mutating func alignToByte() {
            position = (position + 7) / 8 * 8
        }
    }
}

/// The external checkers (`qpdf`, `pdftotext`, `pdftoppm`, `python3`), used when installed.
enum PDFTools {
    static func path(of tool: String) -> String? { ExternalProgram.find(tool) }

    static func has(_ tool: String) -> Bool { path(of: tool) != nil }

    /// Why a test that needs `tool` is skipped.
    static func missing(_ tool: String) -> Comment {
        "\(tool) is not installed (Scripts/install-pdf-tools.sh installs qpdf and poppler-utils)"
    }

    /// Why a test that needs the fallback fonts is skipped.
    static let fontsMissing: Comment =
        "DejaVu Sans or Droid Sans Fallback is not installed (fonts-dejavu-core, fonts-droid-fallback)"

    static var hasFonts: Bool {
        [PDFFontSet.dejaVuSansPath, PDFFontSet.dejaVuSansBoldPath, PDFFontSet.droidSansFallbackPath].allSatisfy {
            FileManager.default.fileExists(atPath: $0)
        }
    }

    /// Runs `tool` and returns its exit status and standard output and error.
    static func run(_ tool: String, _ arguments: [String], input: [UInt8]? = nil) throws -> (
        status: Int32, output: String, error: String
    ) {
        let result = try ExternalProgram.run(tool, arguments, input: Data(input ?? []))
        return (result.status, result.standardOutput, result.standardError)
    }

    /// A new temporary directory for one test's files.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("questionkit-pdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Reading back what the writer wrote.
enum PDFInspection {
    /// The byte offsets listed in the cross-reference table, by object number (entry 0, the free head, left out).
    static func xrefOffsets(_ pdf: [UInt8]) -> [Int: Int]? {
        let text = String(decoding: pdf, as: UTF8.self)
        guard let startxref = text.range(of: "startxref\n", options: .backwards),
            let offset = Int(text[startxref.upperBound...].prefix { $0.isNumber })
        else { return nil }
        let xref = Array(pdf[offset...])
        guard xref.starts(with: Array("xref\n0 ".utf8)) else { return nil }
        let header = String(decoding: xref.prefix(40), as: UTF8.self).split(separator: "\n")[1]
        guard let count = Int(header.split(separator: " ")[1]) else { return nil }
        let entries = 5 + header.utf8.count + 1
        var offsets: [Int: Int] = [:]
        for number in 1..<count {
            let entry = String(decoding: xref[(entries + 20 * number)..<(entries + 20 * number + 20)], as: UTF8.self)
            offsets[number] = Int(entry.prefix(10))
        }
        return offsets
    }

    /// The decompressed data of every Flate stream, in file order.
    static func streams(_ pdf: [UInt8]) throws -> [[UInt8]] {
        var result: [[UInt8]] = []
        var searchFrom = 0
        let marker = Array(">>\nstream\n".utf8)
        while let start = find(marker, in: pdf, from: searchFrom) {
            let dictionaryStart = pdf[..<start].lastIndex(of: UInt8(ascii: "<")) ?? 0
            let dictionary = String(decoding: pdf[dictionaryStart..<start], as: UTF8.self)
            let lengthText = dictionary.components(separatedBy: "/Length ")[1].prefix { $0.isNumber }
            let dataStart = start + marker.count
            let data = Array(pdf[dataStart..<(dataStart + (Int(lengthText) ?? 0))])
            result.append(dictionary.contains("/FlateDecode") ? try PDFTestInflater.zlibDecompress(data) : data)
            searchFrom = dataStart + data.count
        }
        return result
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0] && Array(haystack[index..<(index + needle.count)]) == needle {
                return index
            }
            index += 1
        }
        return nil
    }
}

extension PDFPage {
    /// Everything drawn on the page, as one content stream: the sealed (compressed) parts inflated, then the rest.
    var drawnContent: [UInt8] {
        get throws {
            try sealedContent.flatMap { payload in
                payload.isDeflated ? try PDFTestInflater.zlibDecompress(payload.bytes) : payload.bytes
            } + finishedContent
        }
    }
}
