/// Whether Foundation's old-style (OpenStep) property-list parser would give up on `bytes` at a
/// dictionary entry without its `;`: the one refusal that it also prints to standard error, unasked
/// and with no way to turn it off ("CFPropertyListCreateFromXMLData(): Old-style plist parser: missing
/// semicolon in dictionary on line 1. Parsing will be abandoned…"), so that a mistyped key map or
/// store configuration left that line in the tool's output and the test log (issue 25).
/// ``PropertyListReader`` refuses such text itself, as Foundation would, without calling it.
///
/// A walk of the old-style grammar as swift-corelibs-foundation's CFOldStylePList.c reads it,
/// structure only: values are not made, and anything else it refuses is left to Foundation to refuse
/// (quietly). Bytes at or above 0x80 are characters that are neither white space (but for U+2028 and
/// U+2029 in UTF-8) nor allowed unquoted, as in Foundation's UTF-16 reading. Nesting deeper than
/// `maxDepth` ends the walk with false: Foundation then decides.
enum PropertyListOldStyleCheck {
    static let maxDepth = 512

    static func logsMissingSemicolon(_ bytes: [UInt8]) -> Bool {
        var walk = Walk(bytes: bytes)
        do {
            guard walk.skipSpace() else { return false }
            let first = try walk.object(depth: 0)
            // A string followed by more is read again as a strings file: a dictionary without braces.
            guard first == .string, walk.skipSpace() else { return false }
            walk.position = 0
            _ = try walk.dictionaryContent(depth: 0)
            return false
        } catch {
            return error == .missingSemicolon
        }
    }

    private enum Read { case string, other, none }

    private enum Stop: Error { case missingSemicolon, tooDeep }

    private struct Walk {
        let bytes: [UInt8]
        var position = 0

        /// Steps over white space and comments; false at the end of the input.
        mutating func skipSpace() -> Bool {
            while position < bytes.count {
                let byte = bytes[position]
                if (0x09...0x0D).contains(byte) || byte == 0x20 {
                    position += 1
                } else if isLineOrParagraphSeparator(at: position) {
                    position += 3
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count,
                    bytes[position + 1] == UInt8(ascii: "/")
                {
                    position += 2
                    while position < bytes.count, !isLineEnd(at: position) { position += 1 }
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count,
                    bytes[position + 1] == UInt8(ascii: "*")
                {
                    position += 2
                    while position < bytes.count {
                        position += 1
                        if bytes[position - 1] == UInt8(ascii: "*"), position < bytes.count,
                            bytes[position] == UInt8(ascii: "/")
                        {
                            position += 1
                            break
                        }
                    }
                } else {
                    return true
                }
            }
            return false
        }

        func isLineEnd(at index: Int) -> Bool {
            bytes[index] == 0x0A || bytes[index] == 0x0D || isLineOrParagraphSeparator(at: index)
        }

        /// U+2028 or U+2029 in UTF-8, white space to Foundation.
        func isLineOrParagraphSeparator(at index: Int) -> Bool {
            bytes[index] == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80
                && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
        }

        static func isUnquoted(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default:
                return [
                    UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
                    UInt8(ascii: "-"),
                ].contains(byte)
            }
        }

        /// A value at the current position, or `.none` (Foundation's NULL) when there is none or it is broken.
        mutating func object(depth: Int) throws(Stop) -> Read {
            guard depth < PropertyListOldStyleCheck.maxDepth else { throw .tooDeep }
            guard skipSpace() else { return .none }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "{"):
                guard try dictionaryContent(depth: depth + 1), skipSpace(), bytes[position] == UInt8(ascii: "}")
                else { return .none }
                position += 1
                return .other
            case UInt8(ascii: "("):
                var element = try object(depth: depth + 1)
                while element != .none {
                    guard skipSpace() else { return .none }
                    guard bytes[position] == UInt8(ascii: ",") else { break }
                    position += 1
                    element = try object(depth: depth + 1)
                }
                guard skipSpace(), bytes[position] == UInt8(ascii: ")") else { return .none }
                position += 1
                return .other
            case UInt8(ascii: "<"):
                return data()
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                return quoted(byte)
            default:
                guard Self.isUnquoted(byte) else {
                    position -= 1
                    return .none
                }
                while position < bytes.count, Self.isUnquoted(bytes[position]) { position += 1 }
                return .string
            }
        }

        /// The entries of a dictionary, up to its `}` or the end; false when broken, and the
        /// missing-semicolon stop where Foundation prints its message.
        mutating func dictionaryContent(depth: Int) throws(Stop) -> Bool {
            var hasKey = key()
            while hasKey {
                guard skipSpace() else { throw .missingSemicolon }
                if bytes[position] == UInt8(ascii: "=") {
                    position += 1
                    guard try object(depth: depth) != .none else { return false }
                } else if bytes[position] != UInt8(ascii: ";") {
                    return false
                }
                guard skipSpace(), bytes[position] == UInt8(ascii: ";") else { throw .missingSemicolon }
                position += 1
                hasKey = key()
            }
            return true
        }

        /// A key: a quoted or unquoted string; false when there is none here.
        mutating func key() -> Bool {
            guard skipSpace() else { return false }
            let byte = bytes[position]
            if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                position += 1
                return quoted(byte) != .none
            }
            guard Self.isUnquoted(byte) else { return false }
            while position < bytes.count, Self.isUnquoted(bytes[position]) { position += 1 }
            return true
        }

        /// A quoted string whose opening `quote` was read: a backslash takes the next character with it.
        /// Unterminated, it is none, and the walk goes on just past the opening quote, as Foundation's does.
        mutating func quoted(_ quote: UInt8) -> Read {
            let start = position
            while position < bytes.count, bytes[position] != quote {
                position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard position < bytes.count else {
                position = start
                return .none
            }
            position += 1
            return .string
        }

        /// Hexadecimal data whose `<` was read, up to its `>`.
        mutating func data() -> Read {
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: ">") {
                    position += 1
                    return .other
                }
                if Self.isHex(byte) {
                    guard position + 1 < bytes.count, Self.isHex(bytes[position + 1]) else { return .none }
                    position += 2
                } else if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                    position += 1
                } else {
                    return .none
                }
            }
            return .none
        }

        static func isHex(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }
    }
}
