#if canImport(Glibc)
    import Glibc
#endif

/// A strict RFC 8259 JSON parser that keeps where every value is.
///
/// It accepts exactly standard JSON: no comments, trailing commas, single quotes, unquoted keys,
/// leading zeros, NaN or Infinity, and only valid UTF-8. It stops at the first error and reports
/// it as a located `Diagnostic` (line, column and the JSON pointer of the value being read), after
/// any warnings found before it (a byte-order mark, duplicate keys). Limits on size and nesting
/// give errors, never crashes: the parser is iterative, so no input can overflow the stack.
public struct JSONParser {
    /// How much input the parser accepts.
    public struct Limits: Sendable {
        /// The largest input, in bytes, that is parsed (default 256 MiB). Values of 4 GiB or more
        /// act as 4 GiB − 2 bytes, because the document stores 32-bit offsets.
        public var maxBytes: Int
        /// The deepest nesting of arrays and objects accepted (default 512); the top-level
        /// container is at depth 1.
        public var maxDepth: Int

        /// Limits with the given size and depth.
        public init(maxBytes: Int = 268_435_456, maxDepth: Int = 512) {
            self.maxBytes = maxBytes
            self.maxDepth = maxDepth
        }

        /// 256 MiB and 512 levels of nesting.
        public static let `default` = Limits()
    }

    /// Parses `bytes` as one JSON text. Never traps on any input.
    package static func parse(_ bytes: [UInt8], limits: Limits = .default) -> JSONParseResult {
        WorkCounter.add(1, to: .jsonParses)
        let maxBytes = min(limits.maxBytes, Int(UInt32.max) - 1)
        guard bytes.count <= maxBytes else {
            return JSONParseResult(document: nil, diagnostics: [tooLarge(size: bytes.count, limit: max(maxBytes, 0))])
        }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else {
                let error = Diagnostic(
                    severity: .error, code: "json.empty", message: "the input is empty; expected a JSON value",
                    pointer: "", position: SourcePosition(line: 1, column: 1),
                    hint: "A template is a JSON object: start with '{'.")
                return JSONParseResult(document: nil, diagnostics: [error])
            }
            var engine = JSONParserEngine(bytes: bytes, base: base, maxDepth: limits.maxDepth)
            return engine.run()
        }
    }

    /// Parses `bytes` as `parse` does and, when there is a syntax error, reads on past it the way
    /// an error-tolerant editor parser does (see `JSONParser+Recovery.swift`): every syntax error
    /// is reported, and the document is what could be recovered (`isRecovered`). The errors still
    /// make the text invalid. Limits (size, depth) and more than `maxRecoveredErrors` errors stop
    /// the reading as in `parse`. Linear in the size of the input, like `parse`.
    package static func parseRecovering(_ bytes: [UInt8], limits: Limits = .default) -> JSONParseResult {
        let strict = parse(bytes, limits: limits)
        guard strict.document == nil, bytes.count <= min(limits.maxBytes, Int(UInt32.max) - 1),
            !strict.diagnostics.contains(where: { $0.code == "json.empty" || $0.code == "json.too-deep" })
        else { return strict }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return strict }
            WorkCounter.add(1, to: .jsonParses)
            var engine = JSONParserEngine(bytes: bytes, base: base, maxDepth: limits.maxDepth, recovering: true)
            return engine.run()
        }
    }

    /// The most syntax errors `parseRecovering` reports; it stops reading at the next one.
    package static let maxRecoveredErrors = 100
}

extension JSONParser {
    /// The `json.too-large` error, at 1:1: an input of `size` bytes (nil when reading stopped at
    /// the limit, as for standard input) is more than `limit` bytes. Readers that refuse a file
    /// before parsing it report this same error.
    package static func tooLarge(size: Int?, limit: Int) -> Diagnostic {
        let measured = size.map { "\($0) bytes" } ?? "more than \(limit) bytes"
        let mebibytes = limit > 0 && limit % (1 << 20) == 0 ? " (\(limit >> 20) MiB)" : ""
        return Diagnostic(
            severity: .error, code: "json.too-large",
            message: "the input is \(measured); the limit is \(limit) bytes\(mebibytes)",
            pointer: "", position: SourcePosition(line: 1, column: 1),
            hint: "Split the file, or raise the size limit if the input is trusted.")
    }
}

/// What `JSONParser.parse` found: a document, or the error that stopped it, plus any warnings.
package struct JSONParseResult: Sendable {
    /// The parsed document; nil when there is a syntax error (or a limit was exceeded).
    package let document: JSONDocument?
    /// Located diagnostics: at most one error (parsing stops at the first syntax error), after
    /// the warnings found before it; from `parseRecovering`, every syntax error. Made at each use
    /// (`makeDiagnostics()` hands them out one at a time).
    package var diagnostics: [Diagnostic] {
        guard !duplicateKeys.isEmpty else { return located }
        return Array(IteratorSequence(makeDiagnostics()))
    }
    /// Whether `document` was read past syntax errors (`parseRecovering` only): it is the author's
    /// evident intent, not valid JSON.
    package var isRecovered = false
    /// The diagnostics located when they were found: all of them, but for the duplicate keys of
    /// a document that parsed.
    let located: [Diagnostic]
    let duplicateKeys: [JSONDuplicateKey]
    /// The parser's slow-path work, for tests that hold the common case on its fast paths.
    var work = JSONParserWork()

    init(
        document: JSONDocument?, diagnostics: [Diagnostic], duplicateKeys: [JSONDuplicateKey] = [],
        isRecovered: Bool = false
    ) {
        self.document = document
        self.located = diagnostics
        self.duplicateKeys = duplicateKeys
        self.isRecovered = isRecovered
    }
}

/// Work the parser does off its fast paths, counted so that tests can hold the common input (plain
/// strings, indentation, objects of distinct keys) on the fast paths: counted, never timed.
struct JSONParserWork: Sendable {
    /// Bytes of strings and whitespace examined one at a time rather than a word at a time.
    var singleBytes = 0
    /// Pairs of keys of one object compared byte for byte, looking for a duplicate.
    var keyComparisons = 0
}

/// Thrown inside the parser once the error has been recorded, to unwind to `run` (or, when
/// recovering, to the recovery in the main loop).
struct JSONParseStop: Error {}

/// What the parser expects next.
enum JSONParserPhase {
    /// A value (an array element, a member's value, or the top-level value).
    case value
    /// An object member's key and the colon after it.
    case key
    /// What follows a value: a comma or a closing bracket (or the end of the input at top level).
    case afterValue
}

/// An array or object that is open at the current point of the input.
struct JSONParserFrame {
    /// Entry index of the container.
    var index: Int32
    /// Elements or members completed so far.
    var count: UInt32
    /// Index into `JSONParserEngine.keySets` once the object is large, else -1.
    var keySet: Int32
    var isObject: Bool
    /// Entry index of the object's latest key, and how many members were complete when it was
    /// read: a diagnostic's pointer names it without a walk of the members.
    var lastKey: Int32 = -1
    var lastKeyMember: UInt32 = 0
    /// One bit per key read so far (see `JSONParserEngine.keyFilterBit`): a key whose bit is not
    /// set cannot equal an earlier key of a small object.
    var keyFilter: UInt64 = 0
}

/// The state of one parse. Works on raw pointers into the caller's buffer, which stays alive for
/// the whole parse (see `JSONParser.parse`).
struct JSONParserEngine {
    let bytes: [UInt8]
    let base: UnsafePointer<UInt8>
    let end: Int
    let maxDepth: Int
    /// Read past syntax errors instead of stopping at the first (`JSONParser.parseRecovering`).
    let recovering: Bool
    /// Set when reading must stop even in recovery: a limit, or too many errors.
    var gaveUp = false
    var errorCount = 0
    var pos = 0
    var entries: JSONTapeWriter
    /// Whether `entries` went to a document, which frees them.
    var tapeHandedOver = false
    var frames: JSONFrameStack
    var currentParent: Int32 = -1
    /// Keys seen so far in each open large object, for duplicate detection.
    var keySets: [JSONKeyTable] = []
    /// The element counts of the containers with `JSONEntry.countOverflow` or more, by entry index.
    var largeCounts: [Int: Int] = [:]
    var diagnostics: [Diagnostic] = []
    /// Duplicate keys, located only once the document is made (see `JSONDuplicateKey`).
    var duplicateKeys: [JSONDuplicateKey] = []
    /// Whether duplicate keys are located as they are found (on the second pass of a failed parse).
    var locatesDuplicateKeys = false
    var locator: SourceLocator?
    var work = JSONParserWork()

    init(bytes: [UInt8], base: UnsafePointer<UInt8>, maxDepth: Int, recovering: Bool = false) {
        self.bytes = bytes
        self.base = base
        self.end = bytes.count
        self.maxDepth = maxDepth
        self.recovering = recovering
        entries = JSONTapeWriter(capacity: bytes.count / 6 + 4)
        Self.adviseHugePages(entries)
        frames = JSONFrameStack(capacity: min(max(maxDepth, 0), 64) + 1)
    }

    /// Asks the kernel to back a large tape with huge pages: one page fault per 2 MiB of entries
    /// written instead of one per 4 KiB (faulting in fresh tape pages was most of a large parse's
    /// system time). Only the pages written are ever backed, as without the advice.
    private static func adviseHugePages(_ entries: JSONTapeWriter) {
        #if os(Linux)
            let huge = 1 << 21
            let size = entries.capacity * MemoryLayout<JSONEntry>.stride
            guard size >= 2 * huge else { return }
            let base = entries.base
            let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
            let stop = (Int(bitPattern: base) + size) & ~(huge - 1)
            guard stop > start, let region = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(region, stop - start, MADV_HUGEPAGE)
        #endif
    }

    mutating func run() -> JSONParseResult {
        defer {
            frames.deallocate()
            if !tapeHandedOver { entries.deallocate() }
        }
        var result = parseAll()
        result.work = work
        return result
    }

    private mutating func parseAll() -> JSONParseResult {
        defer { freeKeyTables() }
        do {
            try parseDocument()
        } catch {
            guard duplicateKeys.isEmpty else {
                // Without a document the duplicates cannot be located afterwards: parse again,
                // locating them as they are found (a second pass, on a file with an error).
                var locating = JSONParserEngine(bytes: bytes, base: base, maxDepth: maxDepth, recovering: recovering)
                locating.locatesDuplicateKeys = true
                return locating.run()
            }
            return JSONParseResult(document: nil, diagnostics: diagnostics)
        }
        // Recovering from input with no value in it leaves nothing to read.
        guard !entries.isEmpty else { return JSONParseResult(document: nil, diagnostics: diagnostics) }
        tapeHandedOver = true
        return JSONParseResult(
            document: JSONDocument(bytes: bytes, entries: entries.finish(largeCounts: largeCounts)),
            diagnostics: diagnostics, duplicateKeys: duplicateKeys, isRecovered: errorCount > 0)
    }

    private mutating func parseDocument() throws(JSONParseStop) {
        if end >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
            warnByteOrderMark()
            pos = 3
        }
        skipWhitespace()
        guard pos < end else { throw failEmpty() }
        var phase = JSONParserPhase.value
        while true {
            do {
                switch phase {
                case .value:
                    phase = try parseValue()
                case .key:
                    try parseKey()
                    phase = .value
                case .afterValue:
                    if frames.isEmpty { return try parseEnd() }
                    phase = try parseAfterValue()
                }
            } catch {
                phase = try recover(in: phase, from: error)
            }
        }
    }

    /// Parses the value at the current position. Returns what is expected next: a key or value
    /// when a container was opened and is not empty, else what follows a value.
    private mutating func parseValue() throws(JSONParseStop) -> JSONParserPhase {
        skipWhitespace()
        guard pos < end else { throw failUnexpectedEnd(expected: "a value") }
        let start = pos
        switch base[pos] {
        case ASCII.quote:
            let escaped = try scanString()
            appendScalar(.string, start: start, flags: escaped ? JSONEntry.hasEscapes : 0)
        case ASCII.zero...ASCII.nine, ASCII.minus:
            try scanNumber()
            appendScalar(.number, start: start, flags: 0)
        case ASCII.openBracket:
            return try openContainer(.array)
        case ASCII.openBrace:
            return try openContainer(.object)
        case ASCII.lowerA...ASCII.lowerZ, ASCII.upperA...ASCII.upperZ:
            let kind = try scanLiteral()
            appendScalar(kind, start: start, flags: 0)
        default:
            throw failUnexpectedInValue()
        }
        return .afterValue
    }

    /// Reads what follows a value inside a container: a comma or the closing bracket. Returns
    /// what is expected next.
    private mutating func parseAfterValue() throws(JSONParseStop) -> JSONParserPhase {
        skipWhitespace()
        let isObject = frames[frames.count - 1].isObject
        let close = isObject ? ASCII.closeBrace : ASCII.closeBracket
        guard pos < end else {
            throw failUnexpectedEnd(expected: isObject ? "',' or '}'" : "',' or ']'", inValue: false)
        }
        let byte = base[pos]
        if byte == ASCII.comma {
            let comma = pos
            pos += 1
            skipWhitespace()
            if pos < end, base[pos] == close { throw failTrailingComma(at: comma) }
            return isObject ? .key : .value
        }
        if byte == close {
            closeContainer()
            return .afterValue
        }
        throw failAfterValue(isObject: isObject)
    }

    private mutating func openContainer(_ kind: JSONKind) throws(JSONParseStop) -> JSONParserPhase {
        guard frames.count < maxDepth else { throw failTooDeep() }
        let index = entries.count
        entries.appendOpen(kind, start: pos, parent: currentParent)
        frames.append(
            JSONParserFrame(
                index: Int32(truncatingIfNeeded: index), count: 0, keySet: -1,
                isObject: kind == .object))
        currentParent = Int32(truncatingIfNeeded: index)
        pos += 1
        skipWhitespace()
        let close = kind == .object ? ASCII.closeBrace : ASCII.closeBracket
        if pos < end, base[pos] == close {
            closeContainer()
            return .afterValue
        }
        return kind == .object ? .key : .value
    }

    /// Closes the innermost container at the current position: past its closing bracket, or
    /// (recovering from a missing one) just before the current position.
    mutating func closeContainer(consuming: Bool = true) {
        let frame = frames.removeLast()
        if consuming { pos += 1 }
        let index = Int(frame.index)
        entries.close(index, end: pos, count: Int(frame.count), largeCounts: &largeCounts)
        if !consuming { entries[index].flags |= JSONEntry.isUnclosed }
        if frame.keySet >= 0 { keySets.removeLast().deallocate() }
        currentParent = entries[index].parent
        if !frames.isEmpty { frames[frames.count - 1].count += 1 }
    }

    /// Reads an object key (the current position is at its first non-blank byte) and the colon
    /// after it.
    private mutating func parseKey() throws(JSONParseStop) {
        skipWhitespace()
        guard pos < end else { throw failUnexpectedEnd(expected: "a string key") }
        guard base[pos] == ASCII.quote else { throw failUnexpectedInKey() }
        let start = pos
        let escaped = try scanString()
        appendKey(start: start, end: pos, flags: escaped ? JSONEntry.hasEscapes : 0)
        skipWhitespace()
        guard pos < end else { throw failUnexpectedEnd(expected: "':' after the key") }
        guard base[pos] == ASCII.colon else { throw failMissingColon() }
        pos += 1
    }

    /// Appends the key entry of the innermost object's next member, whose source is `start..<end`.
    mutating func appendKey(start: Int, end: Int, flags: UInt8) {
        let keyIndex = entries.count
        entries.appendLeaf(.string, start: start, end: end, parent: currentParent, flags: JSONEntry.isKey | flags)
        // One read and one write of the frame: this runs for every key of the document.
        let top = frames.count - 1
        var frame = frames[top]
        frame.lastKey = Int32(truncatingIfNeeded: keyIndex)
        frame.lastKeyMember = frame.count
        var mayRepeat = true
        if frame.keySet < 0, frame.count < Self.pairwiseKeyLimit {
            // Most keys of an object differ in length or in their first or last byte.
            let bit = keyFilterBit(keyIndex)
            mayRepeat = frame.keyFilter & bit != 0
            frame.keyFilter |= bit
        }
        frames[top] = frame
        if mayRepeat { checkDuplicateKey(keyIndex) }
    }

    @inline(__always)
    mutating func appendScalar(_ kind: JSONKind, start: Int, flags: UInt8) {
        entries.appendLeaf(kind, start: start, end: pos, parent: currentParent, flags: flags)
        if !frames.isEmpty { frames[frames.count - 1].count += 1 }
    }

    @inline(__always)
    mutating func skipWhitespace() {
        guard pos < end else { return }
        let byte = base[pos]
        if byte > ASCII.space { return }
        // The one space after a colon or a comma, the commonest whitespace of all.
        if byte == ASCII.space, pos + 1 < end, base[pos + 1] > ASCII.space {
            pos += 1
            return
        }
        skipWhitespaceRun()
    }

    /// Skips the whitespace at the current position. Indentation (spaces and line feeds) is read
    /// eight bytes at a time; carriage returns and tabs one at a time.
    private mutating func skipWhitespaceRun() {
        while pos + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + pos).loadUnaligned(as: UInt64.self))
            let other = Self.bytesOtherThan(ASCII.space, in: word) & Self.bytesOtherThan(ASCII.lineFeed, in: word)
            if other == 0 {
                pos += 8
                continue
            }
            pos += other.trailingZeroBitCount >> 3
            let byte = base[pos]
            guard byte == ASCII.carriageReturn || byte == ASCII.tab else { return }
            pos += 1
        }
        while pos < end {
            let byte = base[pos]
            guard ASCII.isWhitespace(byte) else { return }
            work.singleBytes += 1
            pos += 1
        }
    }

    /// The high bit of each byte of `word` that is not `byte`, exactly (no carry crosses bytes).
    @inline(__always)
    private static func bytesOtherThan(_ byte: UInt8, in word: UInt64) -> UInt64 {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let differences = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (((differences & lows) &+ lows) | differences) & ~lows
    }
}

/// The bytes the parser looks for.
enum ASCII {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let apostrophe: UInt8 = 0x27
    static let star: UInt8 = 0x2A
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let upperA: UInt8 = 0x41
    static let upperZ: UInt8 = 0x5A
    static let openBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D
    static let lowerA: UInt8 = 0x61
    static let lowerE: UInt8 = 0x65
    static let lowerU: UInt8 = 0x75
    static let lowerZ: UInt8 = 0x7A
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D

    /// Whether `byte` is one of JSON's four whitespace bytes (space, tab, line feed, carriage return).
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == lineFeed || byte == carriageReturn || byte == tab
    }
}
