// libFuzzer entry point for fixtures, the files `questionkit test` and `run --answers` read: any bytes
// either fail to read as a fixture, with located errors, or give a fixture that replays against a
// template with conditions (so that answers, comments, media, steps and `expect` all meet questions
// asked and not asked). Every diagnostic lies within the input; a replay gives the same result twice;
// a completed replay's form is written, reads back, and writes again to the same bytes.
// Fuzz/run-fuzz.sh builds QuestionKit, QuestionKitForms and QuestionTypes first (instrumented too).

import QuestionKit
import QuestionKitForms
import QuestionTypes

/// The reader of the real tool: the built-in types and the MI keys.
private let reader: TemplateReader? = try? TemplateReader(registry: QuestionTypeRegistry(BuiltInQuestionTypes.all))

/// A template of every built-in type, with conditions of each kind, that replays read fixtures against.
private let template: Template? = reader?.read(
    Array(
        """
        {"Title": "Fuzz", "RevisionNumber": "1", "questions": [
          {"linkId": "ok", "answer-type": "true/false", "question": "Isolated?", "answers": ["Yes", "No"],
           "acceptedAnswer": "Yes"},
          {"linkId": "where", "answer-type": "multiple-choice", "question": "Where?",
           "answers": ["Seal", "Hose", "Pump"], "max-answers": "2",
           "enableWhen": [{"question": "ok", "operator": "=", "answer": true}]},
          {"linkId": "rate", "answer-type": "short-answer", "question": "Rate", "numberInput": true,
           "acceptedAnswer": {"from": "0", "to": "10"},
           "enableWhen": [{"question": "where", "operator": "=", "answer": "Seal"},
                          {"question": "ok", "operator": "exists", "answer": true}], "enableBehavior": "any"},
          {"answer-type": "short-answer", "question": "Why?",
           "enableWhen": [{"question": "rate", "operator": ">", "answer": 5}]},
          {"answer-type": "table-answer", "question": "Levels", "numRows": "2", "numColumns": "2",
           "cells": [{"row": "1", "column": "1", "text": "Tank"}]}
        ]}
        """.utf8)
).template

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    guard let reader, let template else {
        require(false, "the fuzz template does not read")
        return 0
    }
    let (fixture, readProblems) = Fixture.read(bytes)
    // Lines end at "\n", "\r\n" and a lone "\r", as the locator (and editors) count them.
    let (lineFeed, carriageReturn) = (UInt8(ascii: "\n"), UInt8(ascii: "\r"))
    let lines =
        1
        + bytes.indices.filter { index in
            bytes[index] == lineFeed
                || (bytes[index] == carriageReturn && (index + 1 == bytes.count || bytes[index + 1] != lineFeed))
        }.count
    requireLocated(readProblems, lines: lines)
    guard let fixture else {
        require(readProblems.containsErrors, "a fixture that does not read says why")
        return 0
    }
    let replay = FixtureReplayer(fixture: fixture, template: template).replay()
    requireLocated(replay.diagnostics, lines: lines)
    let again = FixtureReplayer(fixture: fixture, template: template).replay()
    require(
        again.diagnostics.map(\.message) == replay.diagnostics.map(\.message) && again.passed == replay.passed,
        "two replays of one fixture differ")
    guard replay.session.form.completedDate != nil else { return 0 }
    let written = CompletedFormWriter.json(replay.session.form)
    guard let read = CompletedFormReader.read(Array(written.utf8), with: reader).form else {
        require(false, "the completed form written does not read back")
        return 0
    }
    require(CompletedFormWriter.json(read) == written, "the completed form read back writes differently")
    return 0
}

/// Every diagnostic with a position points into the input's `lines` lines (one about the whole
/// fixture has none).
private func requireLocated(_ diagnostics: [Diagnostic], lines: Int) {
    for diagnostic in diagnostics {
        guard let position = diagnostic.position else { continue }
        require(
            (1...lines).contains(position.line) && position.column >= 1, "a diagnostic outside the input: \(diagnostic)"
        )
    }
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant violated: \(message())") }
}
