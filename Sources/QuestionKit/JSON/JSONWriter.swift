/// Writes JSON text, keeping keys in the order given (readers of MI forms compare by eye).
///
/// ```swift
/// var writer = JSONWriter(indent: 2)
/// writer.write(.object([("code", .string("json.comment")), ("line", .number(3))]))
/// writer.text  // {\n  "code": "json.comment",\n  "line": 3\n}
/// ```
public struct JSONWriter: Sendable {
    /// A JSON value to write; objects keep their member order. Not `indirect`: arrays and objects hold
    /// their elements on the heap already, and an indirect case boxed every string, number and flag
    /// too (an allocation to make and one to free each: a seventh of converting a large form).
    public enum Value: Sendable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number; whole numbers up to 2^53 are written without a fraction, infinity and NaN as null.
        case number(Double)
        /// A whole number.
        case integer(Int)
        /// A string, escaped as JSON requires; non-ASCII is written as UTF-8.
        case string(String)
        /// An array.
        case array([Value])
        /// An object; members are written in this order.
        case object([(String, Value)])
    }

    /// Spaces per level; 0 writes everything on one line.
    public let indent: Int
    /// What has been written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
    /// `text` as UTF-8: written as bytes, since appending piece by piece to a String cost several
    /// times as much (`validate --format json` writes a fix-it for each of thousands of problems).
    private var bytes: [UInt8] = []

    /// An empty writer that indents by `indent` spaces per level (0: all on one line).
    public init(indent: Int = 2) {
        self.indent = indent
    }

    /// Appends `value`.
    public mutating func write(_ value: Value) {
        var recording = JSONNoRecording()
        write(value, depth: 0, recording: &recording)
    }

    /// `value` as JSON text.
    public static func text(of value: Value, indent: Int = 2) -> String {
        var writer = JSONWriter(indent: indent)
        writer.write(value)
        return writer.text
    }

    /// Appends `value` as JSON text (as `text(of:indent:)` writes it) to UTF-8 `output`, its
    /// lines indented as a value `depth` levels deep in a larger text.
    package static func append(_ value: Value, indent: Int = 2, depth: Int = 0, to output: inout [UInt8]) {
        var writer = JSONWriter(indent: indent)
        var recording = JSONNoRecording()
        swap(&writer.bytes, &output)
        writer.write(value, depth: depth, recording: &recording)
        swap(&writer.bytes, &output)
    }

    /// `value` as the UTF-8 of a JSON file: 2-space indent and a final newline (what `convert` writes; a
    /// String made first would check every byte again).
    package static func fileBytes(of value: Value) -> [UInt8] {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// `fileBytes(of:)`, and what `JSONParser.parse(_:limits:)` makes of them: the document is recorded as
    /// the text is written (`JSONDocumentRecording`), since a caller that checks what it wrote (an imported
    /// template) would otherwise lex it all again, a sixth of converting a large form. The text is parsed
    /// after all in the rare cases the parser says more than "here is the document": an object that repeats
    /// a key or may (one of many members), or a text beyond `limits`.
    package static func fileBytesParsed(of value: Value, limits: JSONParser.Limits) -> (
        bytes: [UInt8], parsed: JSONParseResult
    ) {
        // Not through `JSONFileWriter`, which writes a tree the same way: through it, writing a converted FHIR
        // Questionnaire cost 1.5% more (the scalars' writer was no longer inlined in the tree writer).
        var writer = JSONWriter(indent: 2)
        var recording = JSONDocumentRecording(maxDepth: limits.maxDepth)
        writer.write(value, depth: 0, recording: &recording)
        writer.bytes.append(UInt8(ascii: "\n"))
        let bytes = writer.bytes
        return (bytes, recording.parseResult(of: bytes, limits: limits))
    }

    /// Writes `value`, telling `recording` where each value and key went (see `JSONWriterRecording`).
    mutating func write<Recording: JSONWriterRecording>(_ value: Value, depth: Int, recording: inout Recording) {
        let indent = indent
        JSONWriterOutput.appending(to: &bytes) { output in
            Self.write(value, depth: depth, indent: indent, to: &output, recording: &recording)
        }
    }

    /// Writes `value` as a value `depth` levels deep: `JSONStreamWriter` writes a tree given whole with it. (A
    /// door to `write`, which stays private: made internal, its scalars' writer was no longer inlined in it, and
    /// writing a converted template cost 10% more.)
    static func writeTree<Recording: JSONWriterRecording>(
        _ value: Value, depth: Int, indent: Int, to output: inout JSONWriterOutput, recording: inout Recording
    ) {
        write(value, depth: depth, indent: indent, to: &output, recording: &recording)
    }

    private static func write<Recording: JSONWriterRecording>(
        _ value: Value, depth: Int, indent: Int, to output: inout JSONWriterOutput, recording: inout Recording
    ) {
        guard !writeScalar(value, to: &output, recording: &recording) else { return }
        let start = output.count
        switch value {
        case .null, .bool, .integer, .number, .string: break
        // The containers are walked through their buffers by index. Each element is still copied out to be
        // written (a retain and a release of its key and value): only a borrowing read would save that. An
        // element that is not a container is written here, not by a call of this function: most are strings,
        // and the call was a fifth of writing each.
        case .array(let elements):
            let index = recording.open(.array, start: start)
            output.append(UInt8(ascii: "["))
            elements.withUnsafeBufferPointer { elements in
                for position in elements.indices {
                    output.separate(first: position == 0, indentedBy: indent > 0 ? indent * (depth + 1) : nil)
                    let element = elements[position]
                    if !writeScalar(element, to: &output, recording: &recording) {
                        write(element, depth: depth + 1, indent: indent, to: &output, recording: &recording)
                    }
                }
            }
            if !elements.isEmpty, indent > 0 { output.newline(indentedBy: indent * depth) }
            output.append(UInt8(ascii: "]"))
            recording.close(index, count: elements.count, end: output.count)
        case .object(let members):
            let index = recording.open(.object, start: start)
            output.append(UInt8(ascii: "{"))
            members.withUnsafeBufferPointer { members in
                // An object that repeats a key, or may (one of many: not compared here), is parsed after all.
                let comparesKeys = Recording.checksKeys && members.count <= pairwiseKeyLimit
                if Recording.checksKeys, !comparesKeys { recording.mayRepeatKeys() }
                var keyFilter: UInt64 = 0
                for position in members.indices {
                    output.separate(first: position == 0, indentedBy: indent > 0 ? indent * (depth + 1) : nil)
                    let (key, member) = members[position]
                    let keyStart = output.count
                    let escaped = output.appendQuoted(key)
                    recording.key(escaped: escaped, start: keyStart, end: output.count)
                    if comparesKeys {
                        let bit = keyFilterBit(output, start: keyStart, end: output.count)
                        if keyFilter & bit != 0, repeatsEarlierKey(members, at: position) { recording.mayRepeatKeys() }
                        keyFilter |= bit
                    }
                    output.appendColon(spaced: indent > 0)
                    if !writeScalar(member, to: &output, recording: &recording) {
                        write(member, depth: depth + 1, indent: indent, to: &output, recording: &recording)
                    }
                }
            }
            if !members.isEmpty, indent > 0 { output.newline(indentedBy: indent * depth) }
            output.append(UInt8(ascii: "}"))
            recording.close(index, count: members.count, end: output.count)
        }
    }

    /// Writes `value` when it is a null, flag, number or string (no line of its own): false, with nothing
    /// written, for an array or object. (`JSONStreamWriter` writes a scalar value given whole with it, with no call of
    /// the tree writer.)
    @inline(__always)
    static func writeScalar<Recording: JSONWriterRecording>(
        _ value: Value, to output: inout JSONWriterOutput, recording: inout Recording
    ) -> Bool {
        let start = output.count
        switch value {
        case .null:
            output.append("null")
            recording.scalar(.null, start: start, end: output.count)
        case .bool(let flag):
            output.append(flag ? "true" : "false")
            recording.scalar(.boolean, start: start, end: output.count)
        case .integer(let number):
            output.append(String(number))
            recording.scalar(.number, start: start, end: output.count)
        case .number(let number):
            output.append(format(number))
            recording.scalar(number.isFinite ? .number : .null, start: start, end: output.count)
        case .string(let string):
            let escaped = output.appendQuoted(string)
            recording.string(escaped: escaped, start: start, end: output.count)
        case .array, .object:
            return false
        }
        return true
    }

    /// Up to this many members, a recorded object's keys are compared with each other.
    static let pairwiseKeyLimit = 16

    /// A written key's bit for comparing keys (as `JSONParserEngine.keyFilterBit`): from its length and its
    /// first and last bytes inside the quotes. Two keys with different bits differ.
    static func keyFilterBit(_ output: JSONWriterOutput, start: Int, end: Int) -> UInt64 {
        let length = end - start - 2
        guard length > 0 else { return 1 }
        let (first, last) = (Int(output.byte(at: start + 1)), Int(output.byte(at: end - 2)))
        return 1 &<< UInt64((length &+ first &* 7 &+ last &* 13) & 63)
    }

    /// Whether a member before `position` has its key: the same text, so the same bytes written.
    private static func repeatsEarlierKey(_ members: UnsafeBufferPointer<(String, Value)>, at position: Int) -> Bool {
        let key = members[position].0.utf8
        return members[..<position].contains { $0.0.utf8.elementsEqual(key) }
    }

    /// Appends `count` spaces to `output`, copied from a run of spaces: appending a `repeatElement` went
    /// byte by byte, and was a fifth of writing a converted 100,000-question template.
    package static func appendSpaces(_ count: Int, to output: inout [UInt8]) {
        var remaining = count
        while remaining > 0 {
            let count = min(remaining, spaces.count)
            spaces.withUnsafeBufferPointer {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count]))
            }
            remaining -= count
        }
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    /// Whole numbers without a fraction (up to 2^53, where doubles stop being exact integers);
    /// others in Swift's shortest round-trip form; JSON has no infinity or NaN, so those become null.
    package static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number.rounded() == number, abs(number) <= 9_007_199_254_740_992 { return String(Int(number)) }
        return String(number)
    }

    /// Appends `string` as a JSON string literal: quotes, backslashes and control characters
    /// escaped; everything else, non-ASCII included, written as UTF-8.
    package static func appendQuoted(_ string: String, to output: inout String) {
        // Most strings need no escape at all; check the bytes once and copy them whole.
        if !needsEscaping(string) {
            output += "\""
            output += string
            output += "\""
            return
        }
        // Appending scalar by scalar to a String is slow: the literal is made as bytes.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count + 16)
        appendQuoted(string, to: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// `appendQuoted` into UTF-8 bytes; whether anything was escaped.
    @discardableResult
    package static func appendQuoted(_ string: String, to bytes: inout [UInt8]) -> Bool {
        bytes.append(UInt8(ascii: "\""))
        // A native string's bytes read where they lie, checked and copied in one visit: a copy of the string
        // to call `withUTF8` on, for the check and again for the copy, was a quarter of writing a short one.
        let copied = string.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard !ByteScan.contains(below: 0x20, orAnyOf: (0x22, 0x5C, 0x5C), in: utf8) else { return false }
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if copied == true { return false }
        guard copied == false || needsEscaping(string) else {
            var string = string
            string.withUTF8 { bytes.append(contentsOf: $0) }
            bytes.append(UInt8(ascii: "\""))
            return false
        }
        // Only ASCII bytes are escaped, so the UTF-8 bytes can be rewritten one by one.
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case ..<0x20: bytes += Array(("\\u" + hex4(UInt32(byte))).utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return true
    }

    private static func needsEscaping(_ string: String) -> Bool {
        let (quote, backslash) = (UInt8(ascii: "\""), UInt8(ascii: "\\"))
        return ByteScan.contains(below: 0x20, orAnyOf: (quote, backslash, backslash), in: string)
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: false)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
