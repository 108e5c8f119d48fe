import Foundation
import QuestionKitArchive
import TestSupport
import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitPDF

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
            result.append(dictionary.contains("/FlateDecode") ? try Inflate.zlibDecompress(data, limit: 1 << 30) : data)
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
                payload.isDeflated ? try Inflate.zlibDecompress(payload.bytes, limit: 1 << 30) : payload.bytes
            } + finishedContent
        }
    }
}
