// libFuzzer entry point for the XLSForm reader: any bytes (a workbook, or pyxform's CSV or Markdown
// text) either are refused with diagnostics or give a template in which every survey row is
// accounted for and every diagnostic but the template's own is at a cell; the template made is
// checked as `validate` checks one (XLSFormCheck), which must not trap either. Fuzz/run-fuzz.sh
// builds QuestionKit, QuestionKitForms, QuestionTypes, QuestionKitArchive and QuestionKitInterchange
// first (instrumented too). Every check that fails is a bug the fuzzer found.

import QuestionKit
import QuestionKitForms
import QuestionKitInterchange
import QuestionTypes

/// The built-in types, as the real tool registers them.
private let registry: QuestionTypeRegistry? = try? QuestionTypeRegistry(BuiltInQuestionTypes.all)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    guard let registry else {
        require(false, "the built-in types do not register")
        return 0
    }
    let read = XLSFormReader(registry: registry).read(bytes)
    guard read.template != nil else {
        require(read.diagnostics.containsErrors, "a refused input without an error")
        return 0
    }
    let counts = read.counts
    require(
        counts.isWhole,
        "rows not accounted for: \(counts)")
    require(
        read.diagnostics.allSatisfy { $0.position != nil || $0.pointer.isEmpty },
        "a diagnostic of a node without a cell")
    let checked = XLSFormCheck.convert(bytes, reader: TemplateReader(registry: registry))
    require(checked.template != nil, "a form read but not checked")
    require(
        checked.diagnostics.allSatisfy { $0.position != nil || $0.pointer.isEmpty },
        "a diagnostic of the template made without a cell")
    return 0
}

/// Traps with `message` when `condition` fails: the fuzzer records the input.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
