// libFuzzer entry point for the lenient completed-form reader: any bytes either fail to read as a
// template or give a form that reviews, prints as text and JSON, and is written; what is written
// reads back, and writing that again gives the same bytes. Fuzz/run-fuzz.sh builds QuestionKit and
// QuestionTypes first (instrumented too). Trapping is the point here: every check that fails is a bug
// the fuzzer has found.

import QuestionKit
import QuestionKitForms
import QuestionTypes

/// The reader of the real tool: the built-in types and the MI keys.
private let reader: TemplateReader? = try? TemplateReader(registry: QuestionTypeRegistry(BuiltInQuestionTypes.all))

/// Reads one input as a completed form and, when it reads, exports it and writes it twice.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    guard let reader else {
        require(false, "the built-in types do not register")
        return 0
    }
    guard let form = CompletedFormReader.read(bytes, with: reader).form else { return 0 }
    let review = Review(form: form)
    var pieces = ""
    ReviewPrinter.text(review) { pieces += $0 }
    require(pieces == ReviewPrinter.text(review), "the review in pieces is not the review")
    _ = TextExport.render(review)
    var jsonPieces = ""
    ReviewPrinter.json(review) { jsonPieces += $0 }
    require(jsonPieces == JSONWriter.text(of: ReviewPrinter.json(review)), "the review JSON in pieces is not the JSON")
    let written = CompletedFormWriter.json(form)
    let read = CompletedFormReader.read(Array(written.utf8), with: reader)
    guard let again = read.form else {
        require(false, "the written form does not read back: \(read.diagnostics.prefix(3))")
        return 0
    }
    require(again.entries.count == form.entries.count, "a question lost in the round trip")
    let rewritten = CompletedFormWriter.json(again)
    require(rewritten == written, "writing the form read back differs:\n\(written)\n---\n\(rewritten)")
    return 0
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant violated: \(message())") }
}
