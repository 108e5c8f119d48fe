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

/// What ``XMLReader/advance()`` stopped at. The tag's name and attributes, or the text, are read from the
/// reader until the next step, as byte ranges decoded only when asked for: a sheet's cells are read without a
/// string per tag.
package enum XMLToken: Equatable {
    case start
    case end
    case text
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

    /// Where an attribute's name and value are in the document (the value without its quotes, entities
    /// not yet resolved).
    private struct AttributeSpan {
        var name: Range<Int>
        var value: Range<Int>
        var hasEntity: Bool
    }

    private let bytes: [UInt8]
    private let limits: Limits
    private var position = 0
    /// The names of the open elements, as ranges of the document.
    private var open: [Range<Int>] = []
    private var pendingEnd: Range<Int>?
    private var sawRoot = false
    /// The name of the tag just read (start or end).
    private var tag = 0..<0
    /// The attributes of the start tag just read, the first `attributeCount` of these: the storage is reused
    /// from tag to tag (emptying an array each time costs more than overwriting it).
    private var attributeStorage: [AttributeSpan] = []
    private var attributeCount = 0
    /// The text just read: raw bytes, with entities still to resolve unless it came from a CDATA section.
    private var textSpan = 0..<0
    private var textHasEntity = false
    /// Loop steps taken so far (bytes looked at, events given): what a scaling test counts.
    package private(set) var steps = 0

    package init(_ bytes: [UInt8], limits: Limits = Limits()) throws(XMLError) {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard Self.isUTF8(body) else {
            throw XMLError(offset: 0, reason: "the document is not UTF-8")
        }
        self.bytes = Array(body)
        self.limits = limits
    }

    /// Whether `bytes` are UTF-8, as `String(validating:as:)` says: ASCII thirty-two or eight bytes at a time, each
    /// run of other bytes by the standard library (no UTF-8 sequence holds an ASCII byte, so a run is whole
    /// sequences, or not UTF-8 at all). Most of a workbook's parts is ASCII markup.
    static func isUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return true }
            let raw = UnsafeRawPointer(base)
            let count = buffer.count
            var index = 0
            while index < count {
                // Thirty-two bytes a step while they are ASCII (their words' high bits or-ed), then eight.
                while index + 32 <= count,
                    (raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                        | raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                        | raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
                        | raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)) & 0x8080_8080_8080_8080 == 0
                {
                    index += 32
                }
                while index + 8 <= count,
                    raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    index += 8
                }
                guard index < count else { break }
                guard buffer[index] >= 0x80 else {
                    index += 1
                    continue
                }
                var end = index + 1
                while end < count, buffer[end] >= 0x80 { end += 1 }
                guard isUTF8Run(buffer, index..<end) else { return false }
                index = end
            }
            return true
        }
    }

    /// Whether the bytes of `run` in `buffer`, none of them ASCII, are whole UTF-8 sequences, as
    /// `String(validating:as:)` says: the well-formed sequences of Unicode's table 3-7 (no overlong form, no
    /// surrogate, nothing past U+10FFFF).
    // Checked here: `String(validating:as:)`, generic over the encoding, made its metadata at each call, about a
    // thousand instructions for a run of a few bytes (a workbook of labels in French has one in most labels).
    static func isUTF8Run(_ buffer: UnsafeBufferPointer<UInt8>, _ run: Range<Int>) -> Bool {
        var index = run.lowerBound
        while index < run.upperBound {
            let length: Int
            // The range of the second byte; the others are any continuation byte.
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch buffer[index] {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, high) = (3, 0x9F)
            case 0xF0: (length, low) = (4, 0x90)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, high) = (4, 0x8F)
            default: return false
            }
            guard run.upperBound - index >= length, (low...high).contains(buffer[index + 1]) else { return false }
            // Every byte of the run is 0x80 or above: a continuation byte is below 0xC0.
            for offset in 2..<length where buffer[index + offset] >= 0xC0 { return false }
            index += length
        }
        return true
    }

    /// How many elements are open: after a start event, its element counts (even an empty-element tag's,
    /// until its end event).
    package var depth: Int { open.count }

    /// The document as the reader reads it (without a byte order mark; error offsets count from its start).
    package var document: [UInt8] { bytes }

    /// Where the reader is in ``document``: after the start tag just read, unless it was an empty-element tag
    /// (whose end is still to come), the byte where the element's contents start.
    package var contentStart: Int? { pendingEnd == nil ? position : nil }

    /// Moves the reader to `offset`, past contents of the element just started that a faster scanner read and
    /// checked as this reader would have (elements nested and closed, entities known, within the limits); the
    /// reader goes on from there, to the element's end tag. `steps` is the work that scanner counted.
    package mutating func skipScanned(to offset: Int, steps: Int) {
        precondition(pendingEnd == nil && position <= offset && offset <= bytes.count)
        position = offset
        self.steps += steps
    }

    /// The next event, nil at the end of the document (after the root element closed).
    package mutating func next() throws(XMLError) -> XMLEvent? {
        switch try advance() {
        case nil: return nil
        case .start:
            let attributes = attributeStorage[..<attributeCount].map {
                XMLAttribute(name: Substring(string($0.name)), value: value(of: $0))
            }
            return .start(name: Substring(string(tag)), attributes: attributes)
        case .end: return .end(name: Substring(string(tag)))
        case .text: return .text(text)
        }
    }

    /// Moves to the next start tag, end tag or text, nil at the end of the document (after the root element
    /// closed). Its name, attributes or text are then read with ``isNamed(_:)``, ``attribute(_:)`` and ``text``.
    package mutating func advance() throws(XMLError) -> XMLToken? {
        steps += 1
        if let name = pendingEnd {
            pendingEnd = nil
            open.removeLast()
            tag = name
            return .end
        }
        while position < bytes.count {
            if bytes[position] != UInt8(ascii: "<") {
                let start = position
                try characterData()
                if open.isEmpty {
                    guard text.utf8.allSatisfy(isSpace) else {
                        throw XMLError(offset: start, reason: "text outside the root element")
                    }
                    continue
                }
                return .text
            }
            // The byte after '<' tells the kind of markup; most are start and end tags.
            let kind = position + 1 < bytes.count ? bytes[position + 1] : 0
            if kind == UInt8(ascii: "/") {
                try endTag()
                return .end
            } else if kind == UInt8(ascii: "?") {
                try skip(past: "?>", what: "processing instruction")
            } else if kind != UInt8(ascii: "!") {
                try startTag()
                return .start
            } else if matches("<!--") {
                try skip(past: "-->", what: "comment")
            } else if matches("<![CDATA[") {
                guard !open.isEmpty else { throw XMLError(offset: position, reason: "CDATA outside the root element") }
                let start = position + 9
                let end = try skip(past: "]]>", what: "CDATA section")
                textSpan = start..<end
                textHasEntity = false
                return .text
            } else {
                throw XMLError(offset: position, reason: "a DOCTYPE or other declaration is not accepted")
            }
        }
        guard open.isEmpty else {
            throw XMLError(
                offset: position, reason: "the document ends inside the element '\(string(open.last ?? 0..<0))'")
        }
        guard sawRoot else { throw XMLError(offset: position, reason: "the document has no root element") }
        return nil
    }

    /// Whether the tag just read has the local name `local` (the name after any namespace prefix: SpreadsheetML
    /// is read by local names, whatever prefix a writer chose). `local` is ASCII.
    package func isNamed(_ local: StaticString) -> Bool {
        let count = local.utf8CodeUnitCount
        guard tag.count >= count else { return false }
        let start = tag.upperBound - count
        // A prefix ends at the last ':', and `local` holds none.
        guard tag.count == count || bytes[start - 1] == UInt8(ascii: ":") else { return false }
        return equals(start..<tag.upperBound, local)
    }

    /// The value of the start tag's attribute named `name` (its whole name, prefix and all), entities resolved.
    package func attribute(_ name: StaticString) -> String? {
        guard let span = attributeSpan(name) else { return nil }
        return value(of: span)
    }

    /// The UTF-8 of ``attribute(_:)``: a slice of the document unless the value has an entity.
    package func attributeBytes(_ name: StaticString) -> ArraySlice<UInt8>? {
        guard let span = attributeSpan(name) else { return nil }
        return span.hasEntity ? Array(value(of: span).utf8)[...] : bytes[span.value]
    }

    /// Whether the start tag's attribute `name` is there and its value (entities resolved) is `value`, an ASCII
    /// text: compared as bytes unless the value has an entity.
    package func attribute(_ name: StaticString, is value: StaticString) -> Bool {
        guard let span = attributeSpan(name) else { return false }
        return span.hasEntity ? self.value(of: span) == value.description : equals(span.value, value)
    }

    /// Whether the start tag has the attribute `name`.
    package func hasAttribute(_ name: StaticString) -> Bool {
        attributeSpan(name) != nil
    }

    /// The start tag's attribute named `name`. A loop, not a closure: one that captured the reader would
    /// copy it (and retain its arrays) at every call.
    private func attributeSpan(_ name: StaticString) -> AttributeSpan? {
        for index in 0..<attributeCount where equals(attributeStorage[index].name, name) {
            return attributeStorage[index]
        }
        return nil
    }

    /// The text just read, entities resolved.
    package var text: String { XMLEntity.resolved(textSpan, in: bytes, hasEntity: textHasEntity) }

    /// Skips to the end of the element just started (its contents and its end tag).
    package mutating func skipElement() throws(XMLError) {
        let target = open.count - 1
        while open.count > target, try advance() != nil {}
    }

    /// The text inside the element just started, up to its end tag, with any child elements' text included.
    package mutating func elementText() throws(XMLError) -> String {
        String(decoding: try elementTextBytes(), as: UTF8.self)
    }

    /// The UTF-8 of ``elementText()``: for an element of one text without entities (a cell's `<v>`), a slice of
    /// the document, no string made.
    package mutating func elementTextBytes() throws(XMLError) -> ArraySlice<UInt8> {
        let target = open.count - 1
        var only: Range<Int>?
        var joined: [UInt8]?
        while open.count > target, let token = try advance() {
            guard token == .text else { continue }
            if joined == nil, only == nil, !textHasEntity {
                only = textSpan
                continue
            }
            // Several texts (or entities to resolve): joined in one array, appended to in place.
            if joined == nil {
                joined = only.map { Array(bytes[$0]) } ?? []
                only = nil
            }
            joined?.append(contentsOf: text.utf8)
        }
        if let joined { return joined[...] }
        return bytes[only ?? 0..<0]
    }

    // MARK: - Tags

    private mutating func startTag() throws(XMLError) {
        let tagStart = position
        position += 1
        let name = try self.name()
        guard !(open.isEmpty && sawRoot) else { throw XMLError(offset: tagStart, reason: "a second root element") }
        attributeCount = 0
        while true {
            let hadSpace = skipSpace()
            guard position < bytes.count else {
                throw XMLError(offset: tagStart, reason: "an unclosed tag '\(string(name))'")
            }
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
                throw XMLError(offset: position, reason: "'=' expected after the attribute '\(string(attributeName))'")
            }
            position += 1
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
            else {
                throw XMLError(
                    offset: position, reason: "a quoted value expected for the attribute '\(string(attributeName))'")
            }
            let quote = bytes[position]
            position += 1
            let (value, hasEntity) = try characterData(until: quote)
            position += 1
            for index in 0..<attributeCount where sameName(attributeStorage[index].name, attributeName) {
                throw XMLError(
                    offset: attributeStart, reason: "the attribute '\(string(attributeName))' is given twice")
            }
            guard attributeCount < limits.maximumAttributes else {
                throw XMLError(offset: attributeStart, reason: "more than \(limits.maximumAttributes) attributes")
            }
            let span = AttributeSpan(name: attributeName, value: value, hasEntity: hasEntity)
            if attributeCount < attributeStorage.count {
                attributeStorage[attributeCount] = span
            } else {
                attributeStorage.append(span)
            }
            attributeCount += 1
        }
        guard open.count < limits.maximumDepth else {
            throw XMLError(offset: tagStart, reason: "elements nested deeper than \(limits.maximumDepth)")
        }
        sawRoot = true
        open.append(name)
        tag = name
    }

    private mutating func endTag() throws(XMLError) {
        let tagStart = position
        position += 2
        let name = try self.name()
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
            throw XMLError(offset: tagStart, reason: "an unclosed end tag '\(string(name))'")
        }
        position += 1
        guard let last = open.last, sameName(last, name) else {
            let expected = open.last.map { "'</\(string($0))>'" } ?? "no end tag"
            throw XMLError(offset: tagStart, reason: "'</\(string(name))>' where \(expected) was expected")
        }
        open.removeLast()
        tag = name
    }

    private mutating func name() throws(XMLError) -> Range<Int> {
        let start = position
        position = scan(from: start, while: isNameByte)
        steps += position - start
        guard position > start, !isDigitOrDash(bytes[start]) else {
            throw XMLError(offset: start, reason: "a name was expected")
        }
        guard position - start <= limits.maximumNameLength else {
            throw XMLError(offset: start, reason: "a name longer than \(limits.maximumNameLength) bytes")
        }
        return start..<position
    }

    /// Whether two names are the same: the same bytes, or (names with non-ASCII characters) the same
    /// characters, as Swift compares strings.
    private func sameName(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        if first.count == second.count {
            var index = 0
            while index < first.count, bytes[first.lowerBound + index] == bytes[second.lowerBound + index] {
                index += 1
            }
            if index == first.count { return true }
        }
        guard bytes[first].contains(where: { $0 >= 0x80 }) || bytes[second].contains(where: { $0 >= 0x80 }) else {
            return false
        }
        return string(first) == string(second)
    }

    // MARK: - Text

    /// Scans the text at the reader (to the next `<`) as the text just read.
    private mutating func characterData() throws(XMLError) {
        (textSpan, textHasEntity) = try characterData(until: UInt8(ascii: "<"))
    }

    /// Scans text up to the next `<` (or `terminator` in an attribute value), its entities checked: where it
    /// is, and whether it has any entity to resolve.
    private mutating func characterData(until terminator: UInt8) throws(XMLError) -> (Range<Int>, Bool) {
        let start = position
        var hasEntity = false
        var runStart = position
        while true {
            // The plain bytes at once, then the one that ends them.
            position = scan(from: position) { $0 != terminator && $0 != UInt8(ascii: "&") && $0 != UInt8(ascii: "<") }
            guard position < bytes.count && bytes[position] != terminator else { break }
            // The scan stops at `&` or, in an attribute value, `<`.
            guard bytes[position] == UInt8(ascii: "&") else {
                throw XMLError(offset: position, reason: "'<' in an attribute value")
            }
            switch XMLEntity.at(position, in: bytes) {
            case .scalar(_, let end): position = end
            case .unterminated:
                throw XMLError(offset: position, reason: "'&' that starts no entity (write '&amp;')")
            case .unknown(let body):
                throw XMLError(offset: position, reason: "the entity '&\(string(body));' is not one XML defines")
            }
            hasEntity = true
            runStart = position
        }
        steps += position - runStart
        if terminator != UInt8(ascii: "<") && position >= bytes.count {
            throw XMLError(offset: position, reason: "an attribute value is not closed")
        }
        return (start..<position, hasEntity)
    }

    private func value(of attribute: AttributeSpan) -> String {
        XMLEntity.resolved(attribute.value, in: bytes, hasEntity: attribute.hasEntity)
    }

    // MARK: - Bytes

    /// Whether the bytes of `range` are `literal`'s.
    private func equals(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard range.count == count else { return false }
        let pointer = literal.utf8Start
        for index in 0..<count where bytes[range.lowerBound + index] != pointer[index] {
            return false
        }
        return true
    }

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
        position = scan(from: start, while: isSpace)
        steps += position - start
        return position > start
    }

    /// Where the run of bytes from `start` that `accepts` ends: over the array's memory, not bounds-checked byte by
    /// byte, since the reader's loops look at every byte of a part.
    @inline(__always)
    private func scan(from start: Int, while accepts: (UInt8) -> Bool) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var index = start
            while index < buffer.count, accepts(buffer[index]) {
                index += 1
            }
            return index
        }
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

/// An entity or character reference (`&amp;`, `&#x20AC;`), and text with them resolved: the five XML names and
/// numeric references, nothing else (no DTD declares more).
package enum XMLEntity {
    package enum Found {
        case scalar(Unicode.Scalar, end: Int)
        /// No `;` close enough after the `&`.
        case unterminated
        /// Between `&` and `;`, a name that is no entity XML defines.
        case unknown(body: Range<Int>)
    }

    /// The entity (or character reference) whose `&` is at `start` in `bytes`.
    package static func at(_ start: Int, in bytes: [UInt8]) -> Found {
        guard let semicolon = bytes[start..<min(bytes.count, start + 12)].firstIndex(of: UInt8(ascii: ";")) else {
            return .unterminated
        }
        let body = String(decoding: bytes[start + 1..<semicolon], as: UTF8.self)
        let scalar: Unicode.Scalar
        switch body {
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "amp": scalar = "&"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        default:
            var number: UInt32?
            if body.hasPrefix("#x") {
                number = UInt32(body.dropFirst(2), radix: 16)
            } else if body.hasPrefix("#") {
                number = UInt32(body.dropFirst(), radix: 10)
            }
            guard let number, let character = Unicode.Scalar(number), number != 0 else {
                return .unknown(body: start + 1..<semicolon)
            }
            scalar = character
        }
        return .scalar(scalar, end: semicolon + 1)
    }

    /// The text of `range` of `bytes`, its entities (checked when scanned) resolved.
    package static func resolved(_ range: Range<Int>, in bytes: [UInt8], hasEntity: Bool) -> String {
        guard hasEntity else { return String(decoding: bytes[range], as: UTF8.self) }
        var value = ""
        var runStart = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            guard bytes[index] == UInt8(ascii: "&"), case .scalar(let scalar, let end) = at(index, in: bytes) else {
                index += 1
                continue
            }
            value += String(decoding: bytes[runStart..<index], as: UTF8.self)
            value.unicodeScalars.append(scalar)
            index = end
            runStart = end
        }
        value += String(decoding: bytes[runStart..<range.upperBound], as: UTF8.self)
        return value
    }
}
