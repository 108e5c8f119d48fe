// libFuzzer entry point for the FHIR Questionnaire reader: any bytes either are refused with
// diagnostics or give a template in which every item is accounted for (a `grid` group a table claims
// carries its rows and cells: seeds/grid.json); a template that validates
// is written as R4 and R5, and what is written reads back to the same template (the round trip's
// fixed point; R4 may leave out R5-only members, reported). Fuzz/run-fuzz.sh builds QuestionKit, QuestionKitForms, QuestionTypes and
// QuestionKitInterchange first (instrumented too). Every check that fails is a bug the fuzzer found.
// The same bytes are read as a QuestionnaireResponse of a fixed template (every built-in type, a
// condition): refused with a diagnostic or made a completed form, every diagnostic located, and
// the form made comes back unchanged through a response of its own.

import QuestionKit
import QuestionKitForms
import QuestionKitInterchange
import QuestionTypes

/// The built-in types, as the real tool registers them.
private let registry: QuestionTypeRegistry? = try? QuestionTypeRegistry(BuiltInQuestionTypes.all)

/// The template the fuzzed responses answer.
private let responseTemplate: FHIRResponseTemplate? = registry.flatMap { registry in
    let template = #"""
        {"Title": "Leak check", "questions": [
          {"linkId": "leak", "answer-type": "true/false", "question": "Any leaks?", "section": "Leaks"},
          {"linkId": "where", "answer-type": "multiple-choice", "question": "Where?", "max-answers": 0,
           "answers": ["Seal", "Flange"], "enableWhen": [{"question": "leak", "operator": "=", "answer": true}]},
          {"linkId": "rate", "answer-type": "short-answer", "question": "Rate", "numberInput": true},
          {"linkId": "note", "answer-type": "short-answer", "question": "Note"},
          {"linkId": "belts", "answer-type": "table-answer", "question": "Belts", "numRows": 2, "numColumns": 2,
           "firstRow": ["", "Drive"], "firstColumn": ["", "Tension"], "rowType": ["", "text"]}]}
        """#
    return FHIRResponseTemplate.read(Array(template.utf8), reader: TemplateReader(registry: registry)).template
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    guard let registry, let responseTemplate else {
        require(false, "the built-in types do not register")
        return 0
    }
    fuzzResponse(bytes, template: responseTemplate, registry: registry)
    let read = FHIRReader(registry: registry).read(bytes)
    guard let template = read.template else {
        require(!read.diagnostics.isEmpty, "a refused input without a diagnostic")
        return 0
    }
    let counts = read.counts
    require(
        counts.isWhole,
        "items not accounted for: \(counts)")
    let text = JSONWriter.text(of: template)
    for version in FHIRVersion.allCases {
        let written = FHIRWriter(reader: TemplateReader(registry: registry), version: version).write(Array(text.utf8))
        guard let questionnaire = written.text else { return 0 }  // the template has errors our validate finds
        let again = FHIRReader(registry: registry).read(Array(questionnaire.utf8)).template.map {
            JSONWriter.text(of: $0)
        }
        // R5-only members kept from an R5 source are left out of R4, reported: no fixed point there.
        let dropped = written.diagnostics.contains { $0.code == FHIRCode.memberNotInRelease.rawValue }
        require(again == text || dropped, "not a fixed point through \(version):\n\(text)\n---\n\(again ?? "nil")")
    }
    return 0
}

/// The bytes as a QuestionnaireResponse of `template`.
private func fuzzResponse(_ bytes: [UInt8], template: FHIRResponseTemplate, registry: QuestionTypeRegistry) {
    let read = FHIRResponseReader().read(bytes, template: template)
    require(read.diagnostics.allSatisfy { $0.position != nil }, "a response diagnostic without a place")
    guard let completed = read.text else {
        require(!read.diagnostics.isEmpty, "a refused response without a diagnostic")
        return
    }
    let written = FHIRResponseWriter(reader: TemplateReader(registry: registry)).write(
        Array(completed.utf8), template: template)
    guard let response = written.text else {
        require(false, "the completed form made of a response does not write: \(written.diagnostics)")
        return
    }
    let again = FHIRResponseReader().read(Array(response.utf8), template: template).text
    require(again == completed, "not a fixed point through a response:\n\(completed)\n---\n\(again ?? "nil")")
}

/// Traps with `message` when `condition` fails: the fuzzer records the input.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
