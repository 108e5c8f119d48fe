// libFuzzer entry point for the SurveyJS reader: any bytes either are refused with diagnostics or
// give a template in which every page and element is accounted for and every diagnostic is
// located; the template made is checked as `validate` checks one (SurveyJSCheck), which must not
// trap either. Fuzz/run-fuzz.sh builds QuestionKit, QuestionKitForms, QuestionTypes and
// QuestionKitInterchange first (instrumented too). Every check that fails is a bug the fuzzer found.

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
    let read = SurveyJSReader(registry: registry).read(bytes)
    guard read.template != nil else {
        require(!read.diagnostics.isEmpty, "a refused input without a diagnostic")
        return 0
    }
    let counts = read.counts
    require(
        counts.isWhole, "elements not accounted for: \(counts)")
    require(read.diagnostics.allSatisfy { $0.position != nil }, "a diagnostic without a position")
    let checked = SurveyJSCheck.convert(bytes, reader: TemplateReader(registry: registry))
    require(checked.template != nil, "a survey read but not checked")
    return 0
}

/// Traps with `message` when `condition` fails: the fuzzer records the input.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
