import Foundation
import QuestionKit

/// A growing byte buffer with the few ways of writing PDF syntax that the writer needs.
///
/// Everything PDF writes outside strings and streams is ASCII, so the buffer appends strings as UTF-8
/// and leaves the escaping of text to the string functions below.
struct PDFBuffer {
    var bytes: [UInt8] = []

    var count: Int { bytes.count }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    mutating func append(bytes other: [UInt8]) {
        bytes.append(contentsOf: other)
    }

    /// An integer in decimal.
    mutating func append(int value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
        }
        var magnitude = value.magnitude
        // Most numbers on a page (coordinates, sizes, object numbers) have at most three digits.
        if magnitude < 1000 {
            if magnitude >= 100 { bytes.append(UInt8(ascii: "0") + UInt8(magnitude / 100)) }
            if magnitude >= 10 { bytes.append(UInt8(ascii: "0") + UInt8(magnitude / 10 % 10)) }
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            return
        }
        var divisor: UInt = 1
        while divisor <= magnitude / 10 {
            divisor *= 10
        }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        }
    }

    /// A real number with at most two decimals and no trailing zeros ("12", "3.5", "-0.25").
    /// Points are 1/72 inch; a hundredth of a point is far below what any printer shows.
    mutating func append(number value: Double) {
        // PDF readers only guarantee reals of modest size; nothing on a page needs more.
        let clamped = value.isFinite ? min(max(value, -1e7), 1e7) : 0
        let hundredths = Int((clamped * 100).rounded())
        if hundredths < 0 {
            bytes.append(UInt8(ascii: "-"))
        }
        let magnitude = Int(hundredths.magnitude)
        append(int: magnitude / 100)
        let fraction = magnitude % 100
        if fraction != 0 {
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
            if fraction % 10 != 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10))
            }
        }
    }

    /// A name object (`/Name`); bytes that may not appear in a name are written as `#xx`.
    mutating func append(name: String) {
        bytes.append(UInt8(ascii: "/"))
        for byte in name.utf8 {
            if byte > 0x20 && byte < 0x7F && !PDFBuffer.isDelimiter(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "#"))
                appendHexByte(byte)
            }
        }
    }

    /// `()<>[]{}/%#`: delimiters, and the escape of names itself.
    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: "%"),
            UInt8(ascii: "#"):
            true
        default: false
        }
    }

    /// A literal string `( … )`: `(`, `)` and `\` are escaped with a backslash, control bytes as
    /// octal escapes (a bare line end inside a string would be read back as a plain newline).
    mutating func append(literal string: some Sequence<UInt8>) {
        bytes.append(UInt8(ascii: "("))
        for byte in string {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0..<0x20, 0x7F:
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "0") + (byte >> 6))
                bytes.append(UInt8(ascii: "0") + ((byte >> 3) & 7))
                bytes.append(UInt8(ascii: "0") + (byte & 7))
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: ")"))
    }

    /// A hexadecimal string `<…>`.
    mutating func append(hex data: some Sequence<UInt8>) {
        bytes.append(UInt8(ascii: "<"))
        for byte in data {
            appendHexByte(byte)
        }
        bytes.append(UInt8(ascii: ">"))
    }

    /// Two uppercase hexadecimal digits.
    mutating func appendHexByte(_ byte: UInt8) {
        bytes.append(PDFBuffer.hexDigits[Int(byte >> 4)])
        bytes.append(PDFBuffer.hexDigits[Int(byte & 0x0F)])
    }

    /// Four uppercase hexadecimal digits, as used for two-byte character codes.
    mutating func appendHex16(_ value: UInt16) {
        appendHexByte(UInt8(value >> 8))
        appendHexByte(UInt8(value & 0xFF))
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// A text string (ISO 32000-1 §7.9.2.2) such as a document title: printable ASCII as a literal
    /// string, anything else as UTF-16BE with a byte order mark, in hexadecimal.
    mutating func append(text: String) {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            append(literal: text.utf8)
            return
        }
        var units: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 {
            units.append(UInt8(unit >> 8))
            units.append(UInt8(unit & 0xFF))
        }
        append(hex: units)
    }
}

/// PDF dates (ISO 32000-1 §7.9.4).
enum PDFDate {
    /// `D:YYYYMMDDHHmmSSZ` in UTC.
    static func string(for date: Date) -> String {
        // Years 0000…9999, the range the format can write; this also keeps the conversion to Int safe.
        let interval = date.timeIntervalSince1970
        let seconds = interval.isFinite ? Int(min(max(interval, -62_167_219_200), 253_402_300_799).rounded(.down)) : 0
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilDate.date(days: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "D:" + yearText + two(month) + two(day) + two(secondOfDay / 3600) + two(secondOfDay / 60 % 60)
            + two(secondOfDay % 60) + "Z"
    }
}
