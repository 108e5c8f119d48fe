// libFuzzer entry point for the JSON parser. Compiled by Fuzz/run-json-fuzz.sh into one module
// with the parser's sources, so it can check the document's internal entries. Trapping is the
// point here: every check that fails is a bug the fuzzer has found.

/// Parses one input and traps when the result breaks an invariant.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    let limits = JSONParser.Limits(maxBytes: 1 << 20, maxDepth: 48)
    let result = JSONParser.parse(bytes, limits: limits)
    checkScans(bytes)
    checkDiagnostics(result, input: bytes)
    if let document = result.document {
        checkEntries(document, input: bytes)
        checkNodes(document, pointersResolve: result.diagnostics.isEmpty)
    }
    // Parsing is a pure function of the input.
    let again = JSONParser.parse(bytes, limits: limits)
    require(again.diagnostics == result.diagnostics, "parsing twice gave different diagnostics")
    require(again.document?.entryCount == result.document?.entryCount, "parsing twice gave different documents")
    checkRecovered(bytes, limits: limits, strict: result)
    return 0
}

/// Reading past syntax errors: the same result for valid input; otherwise the strict error first,
/// a bounded number of errors, and a document whose links hold and whose nodes all work.
private func checkRecovered(_ bytes: [UInt8], limits: JSONParser.Limits, strict: JSONParseResult) {
    let recovered = JSONParser.parseRecovering(bytes, limits: limits)
    guard strict.document == nil else {
        require(recovered.diagnostics == strict.diagnostics && !recovered.isRecovered, "recovery of valid input")
        return
    }
    let strictError = strict.diagnostics.last
    let firstError = recovered.diagnostics.first { $0.severity == .error }
    require(firstError == strictError, "recovery's first error \(String(describing: firstError?.code))")
    let errors = recovered.diagnostics.filter { $0.severity == .error }.count
    require(errors <= JSONParser.maxRecoveredErrors + 1, "\(errors) errors")
    guard let document = recovered.document else { return }
    require(recovered.isRecovered, "a recovered document not marked so")
    checkEntries(document, input: bytes, recovered: true)
    checkNodes(document, pointersResolve: false)
}

/// The one-pass scanner (ascending offsets, from line break to line break) and the excerpts a report
/// walks to give what the locator gives, on any bytes (line breaks of every kind, a byte-order mark,
/// broken UTF-8); an excerpt asked out of order too.
private func checkScans(_ bytes: [UInt8]) {
    let locator = SourceLocator(bytes: bytes)
    var scanner = SourceLocator.Scanner(bytes: bytes)
    var excerpts = SourceExcerpts(bytes: bytes)
    for offset in stride(from: 0, through: bytes.count + 1, by: 3) {
        let position = scanner.position(ofByteOffset: offset)
        require(position == locator.position(ofByteOffset: offset), "scanned position of \(offset)")
        for (line, column) in [(position.line, position.column), (position.line + 1, 1), (1, position.column)] {
            let walked = excerpts.excerptBytes(line: line, column: column, radius: 4)
            let cut = locator.excerptBytes(line: line, column: column, radius: 4)
            require(
                walked?.bytes == cut?.bytes && walked?.caretOffset == cut?.caretOffset
                    && walked?.isCutBefore == cut?.isCutBefore && walked?.isCutAfter == cut?.isCutAfter,
                "excerpt of \(line):\(column)")
        }
    }
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant violated: \(message())") }
}

/// At most one error, last, and only without a document; every diagnostic located and coded.
private func checkDiagnostics(_ result: JSONParseResult, input: [UInt8]) {
    let errors = result.diagnostics.filter { $0.severity == .error }
    if result.document == nil {
        require(errors.count == 1, "\(errors.count) errors without a document")
        require(result.diagnostics.last?.severity == .error, "the error is not the last diagnostic")
    } else {
        require(errors.isEmpty, "a document with an error")
    }
    let lines =
        1
        + input.indices.filter { input[$0] == 0x0A || (input[$0] == 0x0D && input[safe: $0 + 1] != 0x0A) }
        .count
    for diagnostic in result.diagnostics {
        require(diagnostic.code.hasPrefix("json."), "code \(diagnostic.code)")
        require(!diagnostic.message.isEmpty, "empty message")
        require(diagnostic.pointer.isEmpty || startsWithSlash(diagnostic.pointer), "pointer \(diagnostic.pointer)")
        let position = diagnostic.position ?? SourcePosition(line: 0, column: 0)
        require(position.line >= 1 && position.line <= lines, "line \(position.line) of \(lines)")
        require(position.column >= 1 && position.column <= input.count + 1, "column \(position.column)")
    }
}

/// The root covers the input; every entry's links and counts agree with its neighbours.
private func checkEntries(_ document: JSONDocument, input: [UInt8], recovered: Bool = false) {
    let tape = document.entries
    let entries = Array(tape)
    require(!entries.isEmpty, "no entries")
    if recovered {
        checkLinks(entries, tape: tape, input: input)
        return
    }
    let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    let skip = input.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let first = input.indices.dropFirst(skip).first { !isBlank(input[$0]) } ?? -1
    let last = input.indices.last { !isBlank(input[$0]) } ?? -1
    require(Int(entries[0].start) == first && Int(entries[0].end) == last + 1, "root does not cover the input")
    require(entries[0].parent == -1 && Int(entries[0].next) == entries.count, "root links")
    for (index, entry) in entries.enumerated() {
        require(Int(entry.next) > index && Int(entry.next) <= entries.count, "next of \(index)")
        require(entry.start < entry.end && Int(entry.end) <= input.count, "range of \(index)")
        require(index == 0 || (Int(entry.parent) >= 0 && Int(entry.parent) < index), "parent of \(index)")
        if index > 0 {
            require(entries[index - 1].start < entry.start, "entries out of order at \(index)")
        }
        if entry.kind == .array || entry.kind == .object {
            checkChildren(of: index, in: entries, tape: tape)
        } else {
            require(Int(entry.next) == index + 1 && entry.shortCount == 0, "scalar \(index)")
        }
    }
}

/// A recovered document's entries: ranges inside the input (a made-up null may be empty, an
/// unquoted key spans its word alone), links and counts as in any document.
private func checkLinks(_ entries: [JSONEntry], tape: JSONTape, input: [UInt8]) {
    require(entries[0].parent == -1 && Int(entries[0].next) == entries.count, "root links")
    for (index, entry) in entries.enumerated() {
        require(Int(entry.next) > index && Int(entry.next) <= entries.count, "next of \(index)")
        require(entry.start <= entry.end && Int(entry.end) <= input.count, "range of \(index)")
        require(index == 0 || (Int(entry.parent) >= 0 && Int(entry.parent) < index), "parent of \(index)")
        if entry.kind == .string {
            let unquoted = entry.flags & JSONEntry.isUnquoted != 0
            require(entry.end - entry.start >= (unquoted ? 1 : 2), "string \(index) without room for its content")
        }
        if entry.kind == .array || entry.kind == .object {
            checkChildren(of: index, in: entries, tape: tape)
        } else {
            require(Int(entry.next) == index + 1 && entry.shortCount == 0, "scalar \(index)")
        }
    }
}

private func checkChildren(of index: Int, in entries: [JSONEntry], tape: JSONTape) {
    let container = entries[index]
    var child = index + 1
    var children = 0
    while child < Int(container.next) {
        if container.kind == .object {
            let key = entries[child]
            require(key.kind == .string && key.flags & JSONEntry.isKey != 0, "key flag of \(child)")
            require(Int(key.parent) == index, "parent of key \(child)")
            child += 1
            require(child < Int(container.next), "key without a value at \(child)")
        }
        require(Int(entries[child].parent) == index, "parent of \(child)")
        require(entries[child].flags & JSONEntry.isKey == 0, "a value marked as a key at \(child)")
        require(entries[child].end <= container.end, "child \(child) outside its container")
        child = Int(entries[child].next)
        children += 1
    }
    require(child == Int(container.next), "children overrun \(index)")
    require(children == tape.elementCount(at: index), "count of \(index)")
}

/// Every public accessor works on every node, and pointers and positions are well formed.
/// Without duplicate keys, each node's pointer leads back to the node.
private func checkNodes(_ document: JSONDocument, pointersResolve: Bool) {
    let locator = SourceLocator(bytes: document.bytes)
    for index in 0..<document.entryCount {
        let node = JSONNode(document: document, index: index)
        let pointer = node.pointer
        require(index == 0 ? pointer.isEmpty : startsWithSlash(pointer), "pointer \(pointer) of \(index)")
        if pointersResolve {
            let target = node.isKey ? index + 1 : index
            require(resolve(pointer, in: document)?.index == target, "pointer \(pointer) does not lead to \(index)")
        }
        let position = locator.position(of: node)
        require(position.line >= 1 && position.column >= 1, "position of \(index)")
        switch node.kind {
        case .string:
            let value = node.stringValue ?? ""
            require(node.stringEquals(value), "stringEquals of \(index)")
            if node.entry.flags & JSONEntry.hasEscapes == 0 {
                let raw = document.bytes[node.entry.contentRange]
                require(Array(value.utf8) == Array(raw), "string \(index) changed in decoding")
            }
        case .number:
            require(node.numberValue != nil, "number \(index) has no value")
        case .boolean:
            require(node.boolValue != nil, "boolean \(index)")
        case .array:
            require(node.elements.reduce(0) { count, _ in count + 1 } == node.count, "elements of \(index)")
        case .object:
            // The value of a key is its last member's: look-ups stop at the first match only in
            // objects the parser saw repeat no key (JSONEntry.hasRepeatedKeys).
            let members = Array(node.members)
            for member in members where members.count <= 64 {
                let key = member.key
                let last = members.last { $0.key.utf8.elementsEqual(key.utf8) }
                require(node[key]?.index == last?.value.index, "subscript \(key) is not its last member")
            }
            for member in members { require(node[member.key] != nil, "subscript \(member.key)") }
        case .null:
            require(node.isNull, "null \(index)")
        }
    }
}

/// The node `pointer` names (RFC 6901), or nil.
private func resolve(_ pointer: String, in document: JSONDocument) -> JSONNode? {
    var node = document.root
    guard !pointer.isEmpty else { return node }
    // Split the bytes, not the characters: a token may start with a combining mark.
    let slash = UInt8(ascii: "/")
    for token in Array(pointer.utf8).split(separator: slash, omittingEmptySubsequences: false).dropFirst() {
        let key = unescape(String(decoding: token, as: UTF8.self))
        if node.kind == .object {
            guard let member = node[key] else { return nil }
            node = member
        } else {
            guard let position = Int(key), position >= 0, position < node.count else { return nil }
            node = Array(node.elements)[position]
        }
    }
    return node
}

/// A pointer token with `~1` and `~0` turned back into `/` and `~`.
private func unescape(_ token: String) -> String {
    var result = String.UnicodeScalarView()
    var scalars = token.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
        guard scalar == "~" else {
            result.append(scalar)
            continue
        }
        switch scalars.next() {
        case "0": result.append("~")
        case "1": result.append("/")
        case let other?:
            result.append(scalar)
            result.append(other)
        case nil: result.append(scalar)
        }
    }
    return String(result)
}

/// Whether `text` starts with the scalar "/" (`hasPrefix` compares characters, and "/" followed
/// by a combining mark is one character).
private func startsWithSlash(_ text: String) -> Bool {
    text.utf8.first == UInt8(ascii: "/")
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
