import FormGenerators

@testable import QuestionKit

/// Parses `text` (UTF-8) with the given limits.
func parseJSON(_ text: String, limits: JSONParser.Limits = .default) -> JSONParseResult {
    JSONParser.parse(Array(text.utf8), limits: limits)
}

/// The root of `text`, which must parse without errors.
func jsonRoot(_ text: String) -> JSONNode? {
    parseJSON(text).document?.root
}

/// The error of a result, when there is one.
func jsonError(_ result: JSONParseResult) -> Diagnostic? {
    result.diagnostics.first { $0.severity == .error }
}

/// Problems with the shape of a result: an error must be the only error and come last, every
/// code starts with "json.", and a returned document's entries must be consistent.
func resultProblems(_ result: JSONParseResult, input: [UInt8]) -> [String] {
    var problems = [String]()
    let errors = result.diagnostics.filter { $0.severity == .error }
    if result.document == nil {
        if errors.count != 1 { problems.append("expected exactly one error, got \(errors.count)") }
        if result.diagnostics.last?.severity != .error { problems.append("the error is not last") }
    } else if !errors.isEmpty {
        problems.append("a document with errors")
    }
    for diagnostic in result.diagnostics {
        if !diagnostic.code.hasPrefix("json.") { problems.append("code \(diagnostic.code)") }
        if diagnostic.position == nil { problems.append("no position for \(diagnostic.code)") }
    }
    if let document = result.document {
        problems += documentProblems(document, input: input)
    }
    return problems
}

/// Inconsistencies in a document's entries (empty when it is well formed).
func documentProblems(_ document: JSONDocument, input: [UInt8]) -> [String] {
    let entries = document.entries
    guard let root = entries.first else { return ["no entries"] }
    var problems = [String]()
    let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    let hasBOM = input.starts(with: [0xEF, 0xBB, 0xBF])
    let first = input.indices.dropFirst(hasBOM ? 3 : 0).first { !isBlank(input[$0]) } ?? -1
    let last = input.indices.last { !isBlank(input[$0]) } ?? -1
    if Int(root.start) != first || Int(root.end) != last + 1 { problems.append("root does not cover the input") }
    if root.parent != -1 || Int(root.next) != entries.count { problems.append("root links") }
    for (index, entry) in entries.enumerated() {
        if Int(entry.next) <= index || Int(entry.next) > entries.count { problems.append("next of \(index)") }
        if entry.start >= entry.end || Int(entry.end) > input.count { problems.append("range of \(index)") }
        guard entry.kind == .array || entry.kind == .object else { continue }
        var child = index + 1
        var children = 0
        while child < Int(entry.next) {
            if entry.kind == .object {
                let key = entries[child]
                if key.flags & JSONEntry.isKey == 0 || Int(key.parent) != index || Int(key.next) != child + 1 {
                    problems.append("key \(child)")
                }
                child += 1
                guard child < entries.count else { break }
            }
            if Int(entries[child].parent) != index { problems.append("parent of \(child)") }
            let next = Int(entries[child].next)
            guard next > child else { break }
            child = next
            children += 1
        }
        if children != entries.elementCount(at: index) { problems.append("count of \(index)") }
    }
    return problems
}
