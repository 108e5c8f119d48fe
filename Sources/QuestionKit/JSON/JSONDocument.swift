#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The kind of a JSON value.
public enum JSONKind: UInt8, Sendable, CustomStringConvertible {
    /// The six kinds of value of RFC 8259, named as there.
    case null, boolean, number, string, array, object

    /// The article-and-noun form used in messages: "a string", "an object".
    public var description: String {
        switch self {
        case .null: "null"
        case .boolean: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One value of a parsed document, stored flat.
///
/// The parser writes values in document order (a container before its contents). Object members
/// are stored as a key entry (kind `.string`, `isKey`) immediately followed by the value's entries,
/// so the key of a member value at index `i` is always at `i - 1`.
///
/// Positions are byte offsets; lines and columns are computed only for values that get a
/// diagnostic (see `SourceLocator`), which keeps a valid document cheap to parse.
@usableFromInline
package struct JSONEntry: Sendable {
    /// Byte offset of the value's first byte (for strings: the opening quote).
    @usableFromInline var start: UInt32
    /// Byte offset just past the value's last byte (for strings: past the closing quote).
    @usableFromInline var end: UInt32
    /// Index of the containing array or object; -1 for the root.
    @usableFromInline var parent: Int32
    /// Index of the first entry after this value and everything inside it.
    @usableFromInline var next: UInt32
    @usableFromInline var kind: JSONKind
    @usableFromInline package var flags: UInt8
    /// Number of elements (array) or members (object), 0 otherwise; `countOverflow` when there
    /// are that many or more, and the tape keeps the count (`JSONTape.elementCount(at:)`). Two
    /// bytes rather than four make an entry 20 bytes instead of 24: the tape is most of a large
    /// document's memory, and few containers have 65,535 elements.
    @usableFromInline var shortCount: UInt16

    /// The `shortCount` of a container whose count the tape keeps.
    @usableFromInline static let countOverflow = UInt16.max

    /// The string contains at least one backslash escape, so its bytes are not its value.
    @usableFromInline package static let hasEscapes: UInt8 = 1
    /// The entry is an object member's key rather than a value.
    @usableFromInline static let isKey: UInt8 = 2
    /// The entry was made up by `JSONParser.parseRecovering` (a missing or unreadable value read as
    /// null, an unquoted key): its source is not JSON text that an edit may replace.
    @usableFromInline static let isRecovered: UInt8 = 4
    /// The key was written without quotes (read past the syntax error): its source is the word
    /// itself, with no quote either side.
    @usableFromInline static let isUnquoted: UInt8 = 8
    /// The array or object was closed by recovery (at the end of the input, or by a bracket of a
    /// container further out): its source does not end with its own closing bracket.
    @usableFromInline static let isUnclosed: UInt8 = 16
    /// The object has a key more than once (compared by value, as the parser's duplicate-key
    /// warning compares them): a look-up must read every member to find the last. Without it, the
    /// first match is the only one.
    @usableFromInline static let hasRepeatedKeys: UInt8 = 32

    @usableFromInline
    init(kind: JSONKind, start: UInt32, end: UInt32, parent: Int32, next: UInt32, flags: UInt8) {
        self.kind = kind
        self.start = start
        self.end = end
        self.parent = parent
        self.next = next
        self.shortCount = 0
        self.flags = flags
    }

    /// The source bytes of a string's content: inside its quotes, or all of an unquoted key.
    @usableFromInline var contentRange: Range<Int> {
        flags & Self.isUnquoted != 0 ? Int(start)..<Int(end) : (Int(start) + 1)..<(Int(end) - 1)
    }
}

/// A parsed JSON text: the source bytes and one flat entry per value.
///
/// A document is immutable and shareable across threads. Use `root` to walk it.
public final class JSONDocument: Sendable {
    /// The source bytes exactly as given (including a byte-order mark, if there was one).
    public let bytes: [UInt8]
    @usableFromInline let entries: JSONTape

    init(bytes: [UInt8], entries: JSONTape) {
        self.bytes = bytes
        self.entries = entries
    }

    /// The index of the value of the last member named `key` in the object at `objectIndex`: the
    /// first one found, unless the parser saw the object repeat a key.
    @usableFromInline func valueIndex(forKey key: String, inObjectAt objectIndex: Int) -> Int? {
        var key = key
        return key.withUTF8 { valueIndex(forKeyUTF8: $0, inObjectAt: objectIndex) }
    }

    /// The index of the value of the last member whose key is the UTF-8 bytes `wanted` (see
    /// `valueIndex(forKey:inObjectAt:)`).
    @usableFromInline func valueIndex(forKeyUTF8 wanted: UnsafeBufferPointer<UInt8>, inObjectAt objectIndex: Int)
        -> Int?
    {
        entries.withUnsafeBufferPointer { entries in
            bytes.withUnsafeBufferPointer { source in
                let object = entries[objectIndex]
                guard object.kind == .object, let sourceBase = source.baseAddress else { return nil }
                let matchIsLast = object.flags & JSONEntry.hasRepeatedKeys == 0
                var found: Int?
                var keyIndex = objectIndex + 1
                // The members end where the object does: no count to look up.
                let membersEnd = Int(object.next)
                while keyIndex < membersEnd {
                    let keyEntry = entries[keyIndex]
                    // Most keys are quoted without escapes: their length and first byte settle
                    // most comparisons, with no call.
                    if keyEntry.flags & (JSONEntry.hasEscapes | JSONEntry.isUnquoted) == 0 {
                        let start = Int(keyEntry.start) &+ 1
                        if Int(keyEntry.end) &- start &- 1 == wanted.count,
                            Self.plainKey(at: sourceBase + start, equals: wanted)
                        {
                            found = keyIndex + 1
                            if matchIsLast { break }
                        }
                    } else if Self.keyMatches(keyEntry, wanted, source, keyIndex: keyIndex, document: self) {
                        found = keyIndex + 1
                        if matchIsLast { break }
                    }
                    keyIndex = Int(entries[keyIndex + 1].next)
                }
                return found
            }
        }
    }

    /// Whether the `wanted.count` bytes at `key` are `wanted`.
    @inline(__always)
    private static func plainKey(at key: UnsafePointer<UInt8>, equals wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let wantedBase = wanted.baseAddress, !wanted.isEmpty else { return true }
        guard key[0] == wantedBase[0] else { return false }
        return memcmp(key, wantedBase, wanted.count) == 0
    }

    private static func keyMatches(
        _ entry: JSONEntry, _ wanted: UnsafeBufferPointer<UInt8>, _ source: UnsafeBufferPointer<UInt8>,
        keyIndex: Int, document: JSONDocument
    ) -> Bool {
        let start = entry.contentRange.lowerBound
        let length = entry.contentRange.count
        if entry.flags & JSONEntry.hasEscapes != 0 {
            return JSONNode(document: document, index: keyIndex).decodedString.utf8.elementsEqual(wanted)
        }
        guard length == wanted.count else { return false }
        guard length > 0, let sourceBase = source.baseAddress, let wantedBase = wanted.baseAddress else {
            return length == 0
        }
        // Keys of one length mostly differ in their first byte: no call for them.
        guard sourceBase[start] == wantedBase[0] else { return false }
        return memcmp(sourceBase + start, wantedBase, length) == 0
    }

    /// The indices of the key entries of the object at `objectIndex` whose key is none of
    /// `known`. Found without making a node or a string per member, since every question is
    /// checked this way.
    package func unknownKeyIndices(inObjectAt objectIndex: Int, known: JSONKeySpellings) -> [Int] {
        entries.withUnsafeBufferPointer { entries in
            bytes.withUnsafeBufferPointer { source in
                let object = entries[objectIndex]
                guard object.kind == .object, let sourceBase = source.baseAddress else { return [] }
                var unknown: [Int] = []
                var keyIndex = objectIndex + 1
                // The members end where the object does: no count to look up.
                let membersEnd = Int(object.next)
                while keyIndex < membersEnd {
                    let keyEntry = entries[keyIndex]
                    let isKnown: Bool
                    if keyEntry.flags & (JSONEntry.hasEscapes | JSONEntry.isUnquoted) == 0 {
                        // A key without escapes can only be a spelling of its own length.
                        let start = Int(keyEntry.start) &+ 1
                        let length = Int(keyEntry.end) &- start &- 1
                        isKnown = known.contains(utf8: UnsafeBufferPointer(start: sourceBase + start, count: length))
                    } else {
                        isKnown = known.all.contains { spelling in
                            spelling.withUnsafeBufferPointer { wanted in
                                Self.keyMatches(keyEntry, wanted, source, keyIndex: keyIndex, document: self)
                            }
                        }
                    }
                    if !isKnown { unknown.append(keyIndex) }
                    keyIndex = Int(entries[keyIndex + 1].next)
                }
                return unknown
            }
        }
    }

    /// `JSONNode.forEachMember(named:_:)` of the object at `objectIndex`, with the entry index of each value:
    /// a walk of the tape, as `valueIndex(forKeyUTF8:inObjectAt:)` walks it.
    package func forEachMember(named keys: JSONKeySpellings, inObjectAt objectIndex: Int, _ body: (Int, Int) -> Void) {
        entries.withUnsafeBufferPointer { entries in
            bytes.withUnsafeBufferPointer { source in
                let object = entries[objectIndex]
                guard object.kind == .object, let sourceBase = source.baseAddress else { return }
                var keyIndex = objectIndex + 1
                let membersEnd = Int(object.next)
                while keyIndex < membersEnd {
                    let keyEntry = entries[keyIndex]
                    let position: Int?
                    if keyEntry.flags & (JSONEntry.hasEscapes | JSONEntry.isUnquoted) == 0 {
                        let start = Int(keyEntry.start) &+ 1
                        let length = Int(keyEntry.end) &- start &- 1
                        position = keys.position(of: UnsafeBufferPointer(start: sourceBase + start, count: length))
                    } else {
                        let decoded = JSONNode(document: self, index: keyIndex).decodedString
                        position = keys.all.firstIndex { $0.elementsEqual(decoded.utf8) }
                    }
                    if let position { body(position, keyIndex + 1) }
                    keyIndex = Int(entries[keyIndex + 1].next)
                }
            }
        }
    }

    /// The entry index of element `position` of the array at `arrayIndex` (which must have more
    /// than `position` elements), found by walking the tape without making nodes.
    package func indexOfElement(_ position: Int, inArrayAt arrayIndex: Int) -> Int {
        entries.withUnsafeBufferPointer { entries in
            var index = arrayIndex + 1
            for _ in 0..<position { index = Int(entries[index].next) }
            return index
        }
    }

    /// The entry index of the value after the one at `index` and everything inside it.
    package func indexAfter(_ index: Int) -> Int {
        Int(entries[index].next)
    }

    /// Another document object over the same storage (nothing is copied). Nodes keep their
    /// document alive with a reference count; threads reading one document each through their own
    /// replica do not fight over one count.
    package func replica() -> JSONDocument {
        JSONDocument(bytes: bytes, entries: entries)
    }

    /// The top-level value.
    public var root: JSONNode { JSONNode(document: self, index: 0) }

    /// Number of values in the document, object keys included.
    public var entryCount: Int { entries.count }
}

/// A value inside a `JSONDocument`: its kind, its contents, and where it is.
///
/// Nodes are cheap views (a reference and an index); they are how plugins read question JSON and
/// what they report problems against.
public struct JSONNode: Sendable {
    /// The document this value belongs to.
    public let document: JSONDocument
    /// Position of this value among the document's entries; stable for the document's lifetime.
    public let index: Int

    @inlinable package init(document: JSONDocument, index: Int) {
        self.document = document
        self.index = index
    }

    @usableFromInline package var entry: JSONEntry { document.entries[index] }

    /// What kind of value this is.
    @inlinable public var kind: JSONKind { entry.kind }

    /// Byte offset of the value's first byte in the source.
    package var byteOffset: Int { Int(entry.start) }

    /// Byte range of the value in the source.
    package var byteRange: Range<Int> { Int(entry.start)..<Int(entry.end) }

    /// The value's source text, exactly as written.
    public var sourceText: String {
        String(decoding: document.bytes[byteRange], as: UTF8.self)
    }

    /// The containing array or object, or nil for the root.
    public var parent: JSONNode? {
        let parent = entry.parent
        return parent < 0 ? nil : JSONNode(document: document, index: Int(parent))
    }

    /// The key under which this value sits in its parent object, or nil when the parent is not an
    /// object (or there is no parent).
    public var memberKey: String? {
        guard let parent, parent.kind == .object else { return nil }
        return JSONNode(document: document, index: index - 1).decodedString
    }

    /// The node of the key under which this value sits in its parent object (a string node), for
    /// problems that are about the key itself, such as an unknown key.
    package var memberKeyNode: JSONNode? {
        guard let parent, parent.kind == .object else { return nil }
        return JSONNode(document: document, index: index - 1)
    }

    /// Whether this node is an object member's key rather than a value.
    public var isKey: Bool { entry.flags & JSONEntry.isKey != 0 }

    /// Whether the parser made this node up while reading past a syntax error (see
    /// `JSONParser.parseRecovering`): a missing or unreadable value read as null, an unquoted key.
    public var isRecovered: Bool { entry.flags & JSONEntry.isRecovered != 0 }

    /// Whether this array or object was closed past a syntax error rather than by its own
    /// closing bracket (see `JSONParser.parseRecovering`).
    package var isUnclosed: Bool { entry.flags & JSONEntry.isUnclosed != 0 }

    // MARK: Scalars

    /// The string's value with escapes decoded, or nil when this is not a string.
    public var stringValue: String? { kind == .string ? decodedString : nil }

    /// The boolean's value, or nil when this is not a boolean.
    public var boolValue: Bool? {
        kind == .boolean ? document.bytes[Int(entry.start)] == UInt8(ascii: "t") : nil
    }

    /// Whether this is JSON `null`.
    public var isNull: Bool { kind == .null }

    /// The number's value, or nil when this is not a number. Numbers too large for a `Double`
    /// become infinity, as in most JSON readers.
    public var numberValue: Double? {
        guard kind == .number else { return nil }
        return document.bytes.withUnsafeBufferPointer { source in
            DecimalText.double(fromValidated: UnsafeBufferPointer(rebasing: source[byteRange]))
        }
    }

    /// The number's literal text (e.g. `"1.50"`), or nil when this is not a number.
    public var numberText: String? { kind == .number ? sourceText : nil }

    @usableFromInline var decodedString: String {
        let entry = self.entry
        let contentStart = entry.contentRange.lowerBound
        let contentEnd = entry.contentRange.upperBound
        if entry.flags & JSONEntry.hasEscapes == 0 {
            // Straight from the buffer: no array slice to retain, and short strings stay inline.
            return document.bytes.withUnsafeBufferPointer { source in
                String(decoding: UnsafeBufferPointer(rebasing: source[contentStart..<contentEnd]), as: UTF8.self)
            }
        }
        return JSONStringDecoder.decode(document.bytes[contentStart..<contentEnd])
    }

    /// Calls `body` with the bytes of this string where they lie, when they are its value (no
    /// escapes); nil for other strings and other kinds.
    @inlinable package func withUnescapedUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let entry = self.entry
        guard entry.kind == .string, entry.flags & JSONEntry.hasEscapes == 0 else { return nil }
        let content = entry.contentRange
        return document.bytes.withUnsafeBufferPointer { source in body(UnsafeBufferPointer(rebasing: source[content])) }
    }

    /// Whether this string node's value equals `text`, without building a `String` when the
    /// source has no escapes (the common case for keys).
    public func stringEquals(_ text: String) -> Bool {
        let entry = self.entry
        guard entry.kind == .string else { return false }
        // Byte for byte, as key look-up and the duplicate-key check compare: String's == would
        // also match a different normalization ("é" and "e\u0301").
        if entry.flags & JSONEntry.hasEscapes != 0 { return decodedString.utf8.elementsEqual(text.utf8) }
        let contentStart = entry.contentRange.lowerBound
        let contentEnd = entry.contentRange.upperBound
        var text = text
        return text.withUTF8 { wanted in
            guard wanted.count == contentEnd - contentStart else { return false }
            return document.bytes.withUnsafeBufferPointer { source in
                var offset = 0
                while offset < wanted.count {
                    if source[contentStart + offset] != wanted[offset] { return false }
                    offset += 1
                }
                return true
            }
        }
    }

    /// Whether this is a string and `stringValue == text` (Swift's comparison: canonical equivalence), with
    /// no String made when the bytes settle it: the same bytes are the same string, and ASCII without
    /// escapes on both sides is equal to nothing but itself.
    package func stringValueIs(_ text: String) -> Bool {
        let entry = self.entry
        guard entry.kind == .string else { return false }
        // Both texts' bytes read where they lie, once: through `stringEquals` and a generic test of each text's
        // UTF-8 view for ASCII, a look at a row's key cost 210 instructions (the XLSForm reader asks each key of
        // each survey row whether it is a label).
        if entry.flags & JSONEntry.hasEscapes == 0,
            let settled = text.utf8.withContiguousStorageIfAvailable({ wanted -> Bool? in
                document.bytes.withUnsafeBufferPointer { source -> Bool? in
                    let bytes = UnsafeBufferPointer(rebasing: source[entry.contentRange])
                    if Self.sameBytes(bytes, wanted) { return true }
                    return Self.isASCII(bytes) && Self.isASCII(wanted) ? false : nil
                }
            }) ?? nil
        {
            return settled
        }
        if stringEquals(text) { return true }
        if Self.isASCII(text.utf8), withUnescapedUTF8(Self.isASCII) == true { return false }
        return decodedString == text
    }

    /// Whether this is a string and `stringValue?.hasPrefix(prefix)`, with no String made when the bytes
    /// settle it: in ASCII a prefix of bytes followed by another byte that is not a line feed (which
    /// joins a carriage return) is a prefix of characters, and nothing else is.
    package func stringValueHasPrefix(_ prefix: String) -> Bool {
        guard kind == .string else { return false }
        // The prefix's bytes read where they lie: a generic test of its UTF-8 view and `starts(with:)` of it cost
        // 500 instructions a look (one for each key of each survey row).
        let settled = prefix.utf8.withContiguousStorageIfAvailable { wanted -> Bool? in
            guard Self.isASCII(wanted), wanted.last != UInt8(ascii: "\r") else { return nil }
            return withUnescapedUTF8 { bytes -> Bool? in
                guard Self.isASCII(bytes) else { return nil }
                return bytes.count >= wanted.count
                    && Self.sameBytes(UnsafeBufferPointer(rebasing: bytes[..<wanted.count]), wanted)
            } ?? nil
        }
        if let settled = settled ?? nil { return settled }
        return decodedString.hasPrefix(prefix)
    }

    private static func isASCII(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 }
    }

    /// Whether this string and `other` are strings without escapes of the same bytes (so of one `stringValue`),
    /// told where the bytes lie: a reader that meets a text again (the same hint on many rows) keeps the String made
    /// of it before, with none made and freed again.
    package func hasSameUnescapedText(as other: JSONNode) -> Bool {
        withUnescapedUTF8 { bytes in other.withUnescapedUTF8 { Self.sameBytes(bytes, $0) } ?? false } ?? false
    }

    /// Whether this is a string without escapes of exactly `text`'s bytes: the String a reader made of a node
    /// with these bytes serves this one too. (Not `stringValueIs`, which is Swift's comparison: canonically
    /// equivalent texts of other bytes are equal there, and a String reused for them would change the bytes written.)
    package func hasUnescapedText(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { wanted in withUnescapedUTF8 { Self.sameBytes($0, wanted) } ?? false }
    }

    /// Whether `first` and `second` are the same bytes (`elementsEqual` of two buffers cost 175 instructions a call).
    private static func sameBytes(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        guard first.count == second.count else { return false }
        guard let firstBase = first.baseAddress, let secondBase = second.baseAddress else { return true }
        return memcmp(firstBase, secondBase, first.count) == 0
    }

    /// `isASCII` of bytes in memory, a loop the compiler keeps tight.
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte >= 0x80 { return false }
        return true
    }

    // MARK: Containers

    /// Number of elements (array) or members (object); 0 for scalars.
    public var count: Int { document.entries.elementCount(at: index) }

    /// The elements of an array, in order; empty for anything else.
    public var elements: JSONElements { JSONElements(node: self) }

    /// The members of an object, in source order (duplicates included); empty for anything else.
    public var members: JSONMembers { JSONMembers(node: self) }

    /// The value of the member named `key`. When a key occurs more than once the last one wins,
    /// as in JavaScript and most JSON readers (the parser warns about duplicates).
    @inlinable public subscript(key: String) -> JSONNode? {
        // Inlinable: the engine and the types look keys up from other modules. Walks the tape directly: this lookup runs for every key of every question, and making
        // a node per member (a retain and a release each) would cost more than the parse.
        document.valueIndex(forKey: key, inObjectAt: index).map { JSONNode(document: document, index: $0) }
    }

    /// Calls `body` with the position in `keys.all` and the value of each member of this object whose key
    /// is one of `keys` (compared as look-ups compare), in source order: several look-ups in one walk of the
    /// members (a repeated key's last value comes last, as a look-up finds it).
    package func forEachMember(named keys: JSONKeySpellings, _ body: (Int, JSONNode) -> Void) {
        document.forEachMember(named: keys, inObjectAt: index) { body($0, JSONNode(document: document, index: $1)) }
    }

    /// The JSON pointer (RFC 6901) of this value, e.g. `/questions/3/answers/0`.
    public var pointer: String { JSONPointer.of(self) }
}

/// An object member: its key (as a node, for locating problems about the key) and its value.
public struct JSONMember: Sendable {
    /// The key as a string node.
    public let keyNode: JSONNode
    /// The member's value.
    public let value: JSONNode
    /// The key, decoded.
    public var key: String { keyNode.decodedString }

    @usableFromInline package init(keyNode: JSONNode, value: JSONNode) {
        self.keyNode = keyNode
        self.value = value
    }
}

/// The elements of an array node.
public struct JSONElements: Sequence, Sendable {
    let node: JSONNode

    /// Steps through the array's elements in order.
    public struct Iterator: IteratorProtocol {
        let document: JSONDocument
        var nextIndex: Int
        var remaining: Int

        /// The next element, or nil after the last.
        public mutating func next() -> JSONNode? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let current = JSONNode(document: document, index: nextIndex)
            nextIndex = Int(document.entries[nextIndex].next)
            return current
        }
    }

    /// An iterator over the elements; it yields nothing when the node is not an array.
    public func makeIterator() -> Iterator {
        let isArray = node.kind == .array
        return Iterator(document: node.document, nextIndex: node.index + 1, remaining: isArray ? node.count : 0)
    }

    /// The number of elements; 0 when the node is not an array.
    public var underestimatedCount: Int { node.kind == .array ? node.count : 0 }

    /// The first element, if any.
    public var first: JSONNode? {
        var iterator = makeIterator()
        return iterator.next()
    }
}

/// The members of an object node, in source order.
public struct JSONMembers: Sequence, Sendable {
    let node: JSONNode

    /// Steps through the object's members in source order.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let document: JSONDocument
        @usableFromInline var nextIndex: Int
        @usableFromInline var remaining: Int

        /// The next member, or nil after the last.
        @inlinable public mutating func next() -> JSONMember? {
            // Inlinable: the engine and the types walk members from other modules.
            guard remaining > 0 else { return nil }
            remaining -= 1
            let keyIndex = nextIndex
            let valueIndex = keyIndex + 1
            nextIndex = Int(document.entries[valueIndex].next)
            return JSONMember(
                keyNode: JSONNode(document: document, index: keyIndex),
                value: JSONNode(document: document, index: valueIndex))
        }
    }

    /// An iterator over the members; it yields nothing when the node is not an object.
    public func makeIterator() -> Iterator {
        let isObject = node.kind == .object
        return Iterator(document: node.document, nextIndex: node.index + 1, remaining: isObject ? node.count : 0)
    }

    /// The number of members; 0 when the node is not an object.
    public var underestimatedCount: Int { node.kind == .object ? node.count : 0 }

    /// The first member, if any.
    public var first: JSONMember? {
        var iterator = makeIterator()
        return iterator.next()
    }
}
