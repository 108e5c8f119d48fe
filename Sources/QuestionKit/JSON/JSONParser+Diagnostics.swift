// Recording diagnostics. Only reached for problems, so clarity matters more than speed here.
extension JSONParserEngine {
    /// Records an error at `offset` and returns the value to throw.
    ///
    /// `inValue` says whether a value of the innermost array was being read (its index then
    /// belongs in the pointer) or the parser was between elements. `fixes` repair it.
    mutating func fail(
        _ code: String, _ message: String, at offset: Int, hint: String?, inValue: Bool = true, fixes: [FixIt] = []
    ) -> JSONParseStop {
        errorCount += 1
        if recovering, errorCount > JSONParser.maxRecoveredErrors {
            gaveUp = true
            guard errorCount == JSONParser.maxRecoveredErrors + 1 else { return JSONParseStop() }
            diagnostics.append(
                Diagnostic(
                    severity: .error, code: "json.too-many-errors",
                    message: "more than \(JSONParser.maxRecoveredErrors) syntax errors; stopped reading here",
                    pointer: currentPointer(inValue: inValue), position: position(offset),
                    hint: "Fix the errors above first; the template checks did not run."))
            return JSONParseStop()
        }
        var diagnostic = Diagnostic(
            severity: .error, code: code, message: message, pointer: currentPointer(inValue: inValue),
            position: position(offset), hint: hint)
        diagnostic.fixes = fixes
        diagnostics.append(diagnostic)
        return JSONParseStop()
    }

    /// Records a warning at `offset` (the pointer names the value or key being read).
    mutating func warn(_ code: String, _ message: String, at offset: Int, hint: String?) {
        diagnostics.append(
            Diagnostic(
                severity: .warning, code: code, message: message, pointer: currentPointer(inValue: true),
                position: position(offset), hint: hint))
    }

    /// The line and column of a byte offset.
    mutating func position(_ offset: Int) -> SourcePosition {
        sourceLocator().position(ofByteOffset: offset)
    }

    /// The 1-based line of a byte offset.
    mutating func line(_ offset: Int) -> Int {
        sourceLocator().line(ofByteOffset: offset)
    }

    /// The locator, built on the first diagnostic only.
    private mutating func sourceLocator() -> SourceLocator {
        let locator = self.locator ?? SourceLocator(bytes: bytes)
        self.locator = locator
        return locator
    }

    /// The pointer of the value being read, from the containers open at this point: a step per
    /// open container, whatever their size.
    func currentPointer(inValue: Bool) -> String {
        var pointer = ""
        for (depth, frame) in frames.enumerated() {
            if frame.isObject {
                // Only when the key of the member being read has been read.
                guard frame.lastKey >= 0, frame.lastKeyMember == frame.count else { break }
                pointer += "/" + JSONPointer.escape(keyString(Int(frame.lastKey)))
            } else {
                guard inValue || depth < frames.count - 1 else { break }
                pointer += "/\(frame.count)"
            }
        }
        return pointer
    }

    /// The decoded value of the key entry at `index`.
    func keyString(_ index: Int) -> String {
        String(decoding: keyBytes(index), as: UTF8.self)
    }

    /// The source text of `range`, cut to `limit` bytes (with "…" when cut), invalid UTF-8 shown
    /// as U+FFFD.
    func sourceText(_ range: Range<Int>, limit: Int = 40) -> String {
        let lower = min(range.lowerBound, end)
        let full = min(range.upperBound, end)
        var upper = min(full, lower + limit)
        // Cut between characters, not inside one.
        while upper > lower, upper < full, base[upper] & 0xC0 == 0x80 { upper -= 1 }
        let text = String(decoding: bytes[lower..<max(upper, lower)], as: UTF8.self)
        return upper < full ? text + "…" : text
    }

    /// The offset just past the run of bytes that could belong to a number token starting at
    /// `start`, for quoting it whole (`1.2.3`, `-Infinity`).
    func numberTokenEnd(from start: Int) -> Int {
        var index = start
        while index < end {
            let byte = base[index]
            guard Self.isWordByte(byte) || byte == ASCII.dot || byte == ASCII.plus || byte == ASCII.minus else {
                break
            }
            index += 1
        }
        return index
    }

    /// The character at `offset` for a message: `'}'`, `'é' (U+00E9)`, or `U+0009 (tab)`.
    func describeCharacter(at offset: Int) -> String {
        let byte = base[offset]
        if byte < 0x20 || byte == 0x7F { return Self.controlName(byte) }
        if byte < 0x80 { return "'\(Character(Unicode.Scalar(byte)))'" }
        let length = utf8SequenceLength(at: offset)
        guard length > 0 else { return Self.hexByte(byte) }
        let text = String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        let scalar = text.unicodeScalars.first.map { Self.codePoint($0.value) } ?? ""
        return "'\(text)' (\(scalar))"
    }

    /// `U+000A (line feed)` for a control character.
    static func controlName(_ byte: UInt8) -> String {
        let names: [UInt8: String] = [
            0x00: "null", 0x07: "bell", 0x08: "backspace", 0x09: "tab", 0x0A: "line feed",
            0x0B: "vertical tab", 0x0C: "form feed", 0x0D: "carriage return", 0x1B: "escape", 0x7F: "delete",
        ]
        return "\(codePoint(UInt32(byte))) (\(names[byte] ?? "control character"))"
    }

    /// `U+00E9`: at least four upper-case hex digits.
    static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `0xC0`: a byte as two upper-case hex digits.
    static func hexByte(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "0x" + (hex.count < 2 ? "0" : "") + hex
    }
}
