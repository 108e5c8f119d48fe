/// XML that cannot be read, with the byte offset where the problem is.
package struct XMLError: Error, Equatable, CustomStringConvertible {
    package var offset: Int
    package var reason: String

    package var description: String { "byte \(offset): \(reason)" }
}

/// One step of an XML document, as ``XMLReader`` gives them.
package enum XMLEvent: Equatable {
    /// A start tag (an empty-element tag gives `start` then `end`). Names keep their prefix (`x:row`);
    /// ``XMLName/local`` drops it.
    case start(name: Substring, attributes: [XMLAttribute])
    case end(name: Substring)
    /// Character data between tags, entities and CDATA sections resolved.
    case text(String)
}

package struct XMLAttribute: Equatable {
    package var name: Substring
    package var value: String
}

package enum XMLName {
    /// The name after its namespace prefix: SpreadsheetML is read by local names, whatever prefix a writer
    /// chose for its namespace.
    package static func local(_ name: Substring) -> Substring {
        // By bytes: ':' is ASCII, so the index after it is a character boundary.
        guard let colon = name.utf8.lastIndex(of: UInt8(ascii: ":")) else { return name }
        return name[name.utf8.index(after: colon)...]
    }
}

/// A small, strict pull reader of the XML that spreadsheets hold (XML 1.0 without DTDs): elements,
/// attributes, text, the five named entities and character references, CDATA, comments and processing
/// instructions (skipped). A DOCTYPE is refused, so no entity can expand. Tags must nest and match; depth and
/// sizes are bounded; each byte is looked at a bounded number of times.
package struct XMLReader {
    package struct Limits: Sendable {
        package var maximumDepth = 64
        package var maximumAttributes = 64
        package var maximumNameLength = 256

        package init() {}
    }

    private let bytes: [UInt8]
    private let limits: Limits
    private var position = 0
    private var open: [Substring] = []
    private var pendingEnd: Substring?
    private var sawRoot = false
    /// Loop steps taken so far (bytes looked at, events given): what a scaling test counts.
    package private(set) var steps = 0

    package init(_ bytes: [UInt8], limits: Limits = Limits()) throws(XMLError) {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard String(validating: body, as: UTF8.self) != nil else {
            throw XMLError(offset: 0, reason: "the document is not UTF-8")
        }
        self.bytes = Array(body)
        self.limits = limits
    }

    /// How many elements are open: after a start event, its element counts (even an empty-element tag's,
    /// until its end event).
    package var depth: Int { open.count }

    /// The next event, nil at the end of the document (after the root element closed).
    package mutating func next() throws(XMLError) -> XMLEvent? {
        steps += 1
        if let name = pendingEnd {
            pendingEnd = nil
            open.removeLast()
            return .end(name: name)
        }
        while position < bytes.count {
            if bytes[position] != UInt8(ascii: "<") {
                let start = position
                let value = try characterData()
                if open.isEmpty {
                    guard value.utf8.allSatisfy(isSpace) else {
                        throw XMLError(offset: start, reason: "text outside the root element")
                    }
                    continue
                }
                return .text(value)
            }
            // The byte after '<' tells the kind of markup; most are start and end tags.
            let kind = position + 1 < bytes.count ? bytes[position + 1] : 0
            if kind == UInt8(ascii: "/") {
                return try endTag()
            } else if kind == UInt8(ascii: "?") {
                try skip(past: "?>", what: "processing instruction")
            } else if kind != UInt8(ascii: "!") {
                return try startTag()
            } else if matches("<!--") {
                try skip(past: "-->", what: "comment")
            } else if matches("<![CDATA[") {
                guard !open.isEmpty else { throw XMLError(offset: position, reason: "CDATA outside the root element") }
                let start = position + 9
                let end = try skip(past: "]]>", what: "CDATA section")
                return .text(string(start..<end))
            } else {
                throw XMLError(offset: position, reason: "a DOCTYPE or other declaration is not accepted")
            }
        }
        guard open.isEmpty else {
            throw XMLError(offset: position, reason: "the document ends inside the element '\(open.last ?? "")'")
        }
        guard sawRoot else { throw XMLError(offset: position, reason: "the document has no root element") }
        return nil
    }

    /// Skips to the end of the element just started (its contents and its end tag).
    package mutating func skipElement() throws(XMLError) {
        let target = open.count - 1
        while open.count > target, try next() != nil {}
    }

    /// The text inside the element just started, up to its end tag, with any child elements' text included.
    package mutating func elementText() throws(XMLError) -> String {
        let target = open.count - 1
        var value = ""
        while open.count > target, let event = try next() {
            if case .text(let part) = event { value += part }
        }
        return value
    }

    // MARK: - Tags

    private mutating func startTag() throws(XMLError) -> XMLEvent {
        let tagStart = position
        position += 1
        let name = try name()
        guard !(open.isEmpty && sawRoot) else { throw XMLError(offset: tagStart, reason: "a second root element") }
        var attributes: [XMLAttribute] = []
        while true {
            let hadSpace = skipSpace()
            guard position < bytes.count else { throw XMLError(offset: tagStart, reason: "an unclosed tag '\(name)'") }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                break
            }
            if matches("/>") {
                position += 2
                pendingEnd = name
                break
            }
            guard hadSpace else { throw XMLError(offset: position, reason: "a space is needed before an attribute") }
            let attributeStart = position
            let attributeName = try self.name()
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                throw XMLError(offset: position, reason: "'=' expected after the attribute '\(attributeName)'")
            }
            position += 1
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
            else {
                throw XMLError(offset: position, reason: "a quoted value expected for the attribute '\(attributeName)'")
            }
            let quote = bytes[position]
            position += 1
            let value = try characterData(until: quote)
            position += 1
            guard !attributes.contains(where: { $0.name == attributeName }) else {
                throw XMLError(offset: attributeStart, reason: "the attribute '\(attributeName)' is given twice")
            }
            guard attributes.count < limits.maximumAttributes else {
                throw XMLError(offset: attributeStart, reason: "more than \(limits.maximumAttributes) attributes")
            }
            attributes.append(XMLAttribute(name: attributeName, value: value))
        }
        guard open.count < limits.maximumDepth else {
            throw XMLError(offset: tagStart, reason: "elements nested deeper than \(limits.maximumDepth)")
        }
        sawRoot = true
        open.append(name)
        return .start(name: name, attributes: attributes)
    }

    private mutating func endTag() throws(XMLError) -> XMLEvent {
        let tagStart = position
        position += 2
        let name = try name()
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
            throw XMLError(offset: tagStart, reason: "an unclosed end tag '\(name)'")
        }
        position += 1
        guard let last = open.last, last == name else {
            let expected = open.last.map { "'</\($0)>'" } ?? "no end tag"
            throw XMLError(offset: tagStart, reason: "'</\(name)>' where \(expected) was expected")
        }
        open.removeLast()
        return .end(name: name)
    }

    private mutating func name() throws(XMLError) -> Substring {
        let start = position
        while position < bytes.count, isNameByte(bytes[position]) {
            position += 1
        }
        steps += position - start
        guard position > start, !isDigitOrDash(bytes[start]) else {
            throw XMLError(offset: start, reason: "a name was expected")
        }
        guard position - start <= limits.maximumNameLength else {
            throw XMLError(offset: start, reason: "a name longer than \(limits.maximumNameLength) bytes")
        }
        return Substring(string(start..<position))
    }

    // MARK: - Text

    /// Text up to the next `<` (or `terminator` in an attribute value), entities resolved.
    private mutating func characterData(until terminator: UInt8 = UInt8(ascii: "<")) throws(XMLError) -> String {
        var value = ""
        var runStart = position
        while position < bytes.count && bytes[position] != terminator {
            let byte = bytes[position]
            if byte == UInt8(ascii: "&") {
                value += string(runStart..<position)
                value.unicodeScalars.append(try entity())
                runStart = position
            } else if byte == UInt8(ascii: "<") {
                throw XMLError(offset: position, reason: "'<' in an attribute value")
            } else {
                position += 1
            }
        }
        steps += position - runStart
        if terminator != UInt8(ascii: "<") && position >= bytes.count {
            throw XMLError(offset: position, reason: "an attribute value is not closed")
        }
        value += string(runStart..<position)
        return value
    }

    private mutating func entity() throws(XMLError) -> Unicode.Scalar {
        let start = position
        guard let semicolon = bytes[start..<min(bytes.count, start + 12)].firstIndex(of: UInt8(ascii: ";")) else {
            throw XMLError(offset: start, reason: "'&' that starts no entity (write '&amp;')")
        }
        position = semicolon + 1
        let body = string(start + 1..<semicolon)
        switch body {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            var number: UInt32?
            if body.hasPrefix("#x") {
                number = UInt32(body.dropFirst(2), radix: 16)
            } else if body.hasPrefix("#") {
                number = UInt32(body.dropFirst(), radix: 10)
            }
            guard let number, let scalar = Unicode.Scalar(number), number != 0 else {
                throw XMLError(offset: start, reason: "the entity '&\(body);' is not one XML defines")
            }
            return scalar
        }
    }

    // MARK: - Bytes

    private func matches(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for index in 0..<count where bytes[position + index] != pointer[index] {
            return false
        }
        return true
    }

    /// Moves past `terminator` and returns where it started.
    @discardableResult
    private mutating func skip(past terminator: StaticString, what: String) throws(XMLError) -> Int {
        let start = position
        while position < bytes.count {
            if matches(terminator) {
                let end = position
                position += terminator.utf8CodeUnitCount
                steps += position - start
                return end
            }
            position += 1
        }
        throw XMLError(offset: start, reason: "a \(what) that is not closed")
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = position
        while position < bytes.count, isSpace(bytes[position]) {
            position += 1
        }
        steps += position - start
        return position > start
    }

    /// The text of a range of bytes (checked as UTF-8 once, at the start; ranges end at ASCII bytes).
    private func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}

private func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
}

/// Bytes of XML names: ASCII letters, digits, `_ : - .`, and any byte of a non-ASCII character.
private func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        true
    case UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "."), 0x80...0xFF: true
    default: false
    }
}

private func isDigitOrDash(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
}
