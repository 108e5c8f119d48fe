// libFuzzer entry point for the fix-it path: diagnose → fixes → apply → parse again. Fuzz/run-fuzz.sh
// builds QuestionKit and QuestionTypes first, so the built-in types offer their fixes. Trapping is
// the point: every check that fails is a bug the fuzzer has found.

import QuestionKit
import QuestionKitForms
import QuestionTypes

/// The built-in types; nil only if they could not register, which the first input reports.
private let registry = try? QuestionTypeRegistry(BuiltInQuestionTypes.all)

/// Diagnoses one input, applies its fixes every way a tool does, and traps when the result
/// breaks an invariant.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let registry else { fatalError("the built-in types do not register") }
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    let limits = JSONParser.Limits(maxBytes: 1 << 20, maxDepth: 48)
    let reader = TemplateReader(registry: registry, limits: limits)
    let diagnostics = reader.diagnose(bytes)
    let fixes = diagnostics.flatMap(\.fixes)
    for fix in fixes { checkEdits(fix, count: bytes.count) }
    let original = JSONParser.parse(bytes, limits: limits).document.map(Census.init)
    // Every fix alone, as an editor's code action applies it.
    for fix in fixes {
        check(FixApplication.apply([fix], to: bytes), of: [fix], from: original, limits: limits)
    }
    // All of them together, as "fix all" does.
    check(FixApplication.apply(fixes, to: bytes), of: fixes, from: original, limits: limits)
    fixRounds(bytes, reader: reader, from: original, mendsSyntax: mendsSyntax(diagnostics))
    return 0
}

/// Whether the input has syntax errors and each carries a safe fix (a trailing or a missing comma):
/// `--fix` then leaves valid JSON.
private func mendsSyntax(_ diagnostics: [Diagnostic]) -> Bool {
    let syntaxErrors = diagnostics.filter { $0.severity == .error && $0.code.hasPrefix("json.") }
    return !syntaxErrors.isEmpty && syntaxErrors.allSatisfy { $0.fixes.contains(where: \.isSafe) }
}

/// `validate --fix`: the safe fixes, round after round on the text the last round made, until a
/// round changes nothing (as a second `--fix` must). With `mendsSyntax`, the text left parses.
private func fixRounds(_ bytes: [UInt8], reader: TemplateReader, from original: Census?, mendsSyntax: Bool) {
    var text = bytes
    var applied: [FixIt] = []
    for _ in 0..<8 {
        let safe = reader.diagnose(text).flatMap(\.fixes).filter(\.isSafe)
        for fix in safe { checkEdits(fix, count: text.count) }
        let result = FixApplication.apply(safe, to: text)
        invariant(result.applied.count + result.skipped.count == safe.count, "fixes lost by apply")
        guard !result.applied.isEmpty, result.bytes != text else { break }
        text = result.bytes
        applied += result.applied
        if original != nil {
            let after = JSONParser.parse(text, limits: reader.limits).document
            invariant(after != nil, "--fix made valid JSON invalid: \(String(decoding: text, as: UTF8.self))")
        }
    }
    if mendsSyntax {
        invariant(
            JSONParser.parse(text, limits: reader.limits).document != nil,
            "--fix left the comma slips of \(String(decoding: bytes, as: UTF8.self)) unmended: "
                + String(decoding: text, as: UTF8.self))
    }
    guard let original, let after = JSONParser.parse(text, limits: reader.limits).document else { return }
    let census = Census(after)
    original.checkKept(by: census, removing: applied.contains(where: removes))
    original.checkListsKept(by: census)
}

/// A fix's edits lie inside the text, in order, without overlapping.
private func checkEdits(_ fix: FixIt, count: Int) {
    var end = 0
    for edit in fix.edits {
        invariant(edit.range.lowerBound >= end && edit.range.upperBound <= count, "edit \(edit.range) of \(count)")
        invariant(!edit.range.isEmpty || !edit.replacement.isEmpty, "an edit that does nothing")
        end = edit.range.upperBound
    }
}

/// What applying `fixes` made: when the input was valid JSON, valid JSON again, with no value
/// lost unless a fix says it removes something.
private func check(
    _ result: FixApplication.Result, of fixes: [FixIt], from original: Census?, limits: JSONParser.Limits
) {
    invariant(result.applied.count + result.skipped.count == fixes.count, "fixes lost by apply")
    guard let original else { return }
    let parsed = JSONParser.parse(result.bytes, limits: limits)
    guard let document = parsed.document else {
        let titles = result.applied.map(\.title)
        return invariant(false, "\(titles) made valid JSON invalid: \(String(decoding: result.bytes, as: UTF8.self))")
    }
    original.checkKept(by: Census(document), removing: result.applied.contains(where: removes))
}

/// Whether the fix says it removes something (the documented removals: blank entries, offered
/// only, and an ignored early key); only those may lower the count of values.
private func removes(_ fix: FixIt) -> Bool {
    fix.title.hasPrefix("Remove ")
}

/// The values of a document that a fix must keep: scalars, and members reachable by their key.
private struct Census {
    var scalars = 0
    /// Members whose key is repeated in their object: the earlier ones are unreachable.
    var shadowed = 0
    /// How many lists have each shape: the kind of each element in order, a blank string told
    /// apart from another string (the web editor's padding holds a place).
    var listShapes: [[UInt8]: Int] = [:]

    init(_ document: JSONDocument) {
        var pending = [document.root]
        while let node = pending.popLast() {
            switch node.kind {
            case .object:
                var keys = Set<String>()
                for member in node.members {
                    if !keys.insert(member.key).inserted { shadowed += 1 }
                    pending.append(member.value)
                }
            case .array:
                listShapes[node.elements.map(Self.shape), default: 0] += 1
                pending += node.elements
            default:
                scalars += 1
            }
        }
    }

    private static func shape(_ element: JSONNode) -> UInt8 {
        switch element.kind {
        case .string:
            return element.stringValue?.allSatisfy(\.isWhitespace) == true ? UInt8(ascii: "b") : UInt8(ascii: "s")
        case .object: return UInt8(ascii: "o")
        case .array: return UInt8(ascii: "a")
        default: return UInt8(ascii: "v")
        }
    }

    /// `validate --fix` (the safe fixes) keeps every list's elements at their positions, as the
    /// original web editor reads `answers` and `acceptedAnswerEdit` back: each list after it has a
    /// shape a list had before (a whole list may go with an ignored early key).
    func checkListsKept(by after: Census) {
        for (shape, count) in after.listShapes {
            invariant(
                count <= listShapes[shape] ?? 0,
                "--fix changed a list's positions (shape \(String(decoding: shape, as: UTF8.self)))")
        }
    }

    func checkKept(by after: Census, removing: Bool) {
        invariant(after.shadowed <= shadowed, "a fix made a key collide (\(shadowed) → \(after.shadowed))")
        guard !removing else { return }
        invariant(after.scalars >= scalars, "a fix lost values (\(scalars) → \(after.scalars))")
    }
}

private func invariant(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant violated: \(message())") }
}
