#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decimal numbers written as text, as the MI format allows for counts and bounds
/// (`"max-answers": "2"`, `"from": "-5.5"`).
public enum DecimalText {
    /// Parses an optional minus sign, digits, and an optional fraction (`-12`, `3.25`), ignoring
    /// surrounding spaces. Digits may be missing on one side of the point (`.5`, `5.`), as the
    /// original app's number field allowed. No exponent, no plus sign, no thousands separators:
    /// what a technician types into a number field.
    public static func parse(_ text: String) -> Double? {
        let trimmed = text.utf8.drop { $0 == 0x20 }.reversed().drop { $0 == 0x20 }.reversed()
        var digitsBeforePoint = 0
        var digitsAfterPoint = 0
        var seenPoint = false
        for (offset, byte) in trimmed.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where offset == 0:
                continue
            case UInt8(ascii: "."):
                if seenPoint { return nil }
                seenPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if seenPoint { digitsAfterPoint += 1 } else { digitsBeforePoint += 1 }
            default:
                return nil
            }
        }
        guard digitsBeforePoint + digitsAfterPoint > 0 else { return nil }
        // `strtod` reads ".5" and "5." as they are; "-.5" too.
        return DecimalText.double(fromValidated: trimmed)
    }

    /// The value of number text already known to be well formed (JSON number grammar, or the
    /// grammar above). `strtod` rounds correctly and, unlike the generic `Double(String)`, needs
    /// no dynamic cast per call; the text is copied to a NUL-terminated buffer on the stack.
    static func double(fromValidated text: some Collection<UInt8>) -> Double {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { buffer in
            var offset = 0
            for byte in text {
                buffer[offset] = CChar(bitPattern: byte)
                offset += 1
            }
            buffer[offset] = 0
            guard let start = buffer.baseAddress else { return .nan }  // capacity ≥ 1: never nil
            return strtod(start, nil)
        }
    }
}

extension JSONNode {
    /// The value of a JSON number, or of a string holding a decimal number (see `DecimalText`);
    /// nil for anything else.
    public var numericValue: Double? {
        switch kind {
        case .number: numberValue
        case .string: stringValue.flatMap(DecimalText.parse)
        default: nil
        }
    }

    /// Like `numericValue`, but only for whole numbers that fit an `Int`.
    public var integerValue: Int? {
        guard let value = numericValue, value.rounded() == value, abs(value) < 1e15 else { return nil }
        return Int(value)
    }
}

extension JSONNode {
    /// The value as a message quotes it: `'text'` (shortened past 40 characters), numbers,
    /// booleans and null as written, and containers by kind (`an array`). Every type words its
    /// messages alike with it ("must be a string, not 7").
    public var quotedForMessage: String {
        switch kind {
        case .string:
            let text = stringValue ?? ""
            return "'" + (text.count > 40 ? text.prefix(39) + "…" : text) + "'"
        case .number, .boolean, .null:
            return sourceText
        case .array, .object:
            return kind.description
        }
    }
}
