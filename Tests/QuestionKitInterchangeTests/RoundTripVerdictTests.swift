import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitInterchange
import Testing

/// Issue 21's round trip over the shared corpus: every FHIR Questionnaire that converts without an error
/// reaches a fixed point after one cycle (mi → FHIR → mi gives the same bytes), and the same answers
/// replayed on the template before and after the cycle give the same verdict; every SurveyJS survey's
/// imported template gives the verdict of that template taken through FHIR and back; every XLSForm that
/// converts without an error reaches a fixed point after one cycle through `.xlsx`, with the same verdict.
struct RoundTripVerdictTests {
    static let registry = builtInRegistry
    static let reader = TemplateReader(registry: registry)

    @Test(
        .enabled(if: FHIRCorpusTests.folder != nil, "../shared/corpus/fhir is absent (a clean checkout)"),
        arguments: FHIRCorpusTests.questionnaires)
    func fhirReachesAFixedPointWithTheSameVerdict(name: String) throws {
        let converted = FHIRCheck.convert(try FHIRCorpusTests.bytes(name), reader: Self.reader)
        guard let first = converted.template, !converted.diagnostics.containsErrors else { return }
        for version in FHIRVersion.allCases {
            let written = FHIRWriter(reader: Self.reader, version: version).write(Array(first.utf8))
            let questionnaire = try #require(written.text, "\(name): \(written.diagnostics.first?.message ?? "")")
            let again = try #require(FHIRCheck.convert(Array(questionnaire.utf8), reader: Self.reader).template)
            // R5-only members kept from an R5 source are left out of R4, each reported: no fixed point there.
            let dropped = written.diagnostics.contains { $0.code == FHIRCode.memberNotInRelease.rawValue }
            #expect(again == first || (version == .r4 && dropped), "\(name) through \(version)")
            #expect(try Self.verdict(again) == Self.verdict(first), "\(name) through \(version)")
        }
    }

    @Test(
        .enabled(if: SurveyJSCorpusTests.folder != nil, "../shared/corpus/surveyjs is absent (a clean checkout)"),
        arguments: SurveyJSCorpusTests.surveys)
    func surveyJSKeepsItsVerdictThroughFHIR(name: String) throws {
        let converted = SurveyJSCheck.convert(try SurveyJSCorpusTests.bytes(name), reader: Self.reader)
        guard let imported = converted.template, !converted.diagnostics.containsErrors else { return }
        for version in FHIRVersion.allCases {
            // Every question is written, a table made of a matrix too (a FHIR `grid` group).
            let written = FHIRWriter(reader: Self.reader, version: version).write(Array(imported.utf8))
            #expect(!written.diagnostics.contains { $0.code == FHIRCode.questionNotWritten.rawValue }, "\(name)")
            let questionnaire = try #require(written.text, "\(name): \(written.diagnostics.first?.message ?? "")")
            let read = FHIRCheck.convert(Array(questionnaire.utf8), reader: Self.reader)
            let through = try #require(read.template)
            #expect(try Self.verdict(through) == Self.verdict(imported), "\(name) through \(version)")
            // A question without linkId (a SurveyJS name used twice) takes one no other item has
            // (sjslib progress.spec_L521 repeated one, and so had no second cycle).
            #expect(!read.diagnostics.contains { $0.code == FHIRCode.duplicateLinkId.rawValue }, "\(name)")
            // mi -> FHIR -> mi is a fixed point after one cycle: a second cycle changes nothing.
            let again = FHIRWriter(reader: Self.reader, version: version).write(Array(through.utf8))
            let back = try #require(
                again.text.flatMap { FHIRCheck.convert(Array($0.utf8), reader: Self.reader).template })
            #expect(back == through, "\(name) through \(version) twice")
        }
    }

    /// The surveys of the corpus with a matrix, which become tables: each now goes through FHIR (above).
    @Test(.enabled(if: SurveyJSCorpusTests.folder != nil, "../shared/corpus/surveyjs is absent (a clean checkout)"))
    func surveysWithMatricesBecomeTables() throws {
        var tables = 0
        for name in SurveyJSCorpusTests.surveys {
            let converted = SurveyJSCheck.convert(try SurveyJSCorpusTests.bytes(name), reader: Self.reader)
            guard let imported = converted.template, !converted.diagnostics.containsErrors else { continue }
            if imported.contains(#""answer-type": "table-answer""#) { tables += 1 }
        }
        #expect(tables >= 16)
    }

    @Test(
        .enabled(if: XLSFormCorpusTests.folder != nil, "../shared/corpus/xlsform is absent (a clean checkout)"),
        arguments: XLSFormCorpusTests.forms)
    func xlsFormReachesAFixedPointWithTheSameVerdict(name: String) throws {
        let converted = XLSFormCheck.convert(try XLSFormCorpusTests.bytes(name), reader: Self.reader)
        guard let first = converted.template, !converted.diagnostics.containsErrors else { return }
        // The first cycle may settle what the source wrote loosely (an old type spelling, a made name).
        let second = try Self.throughXLSForm(first, name: name)
        #expect(try Self.throughXLSForm(second, name: name) == second, "\(name)")
        #expect(try Self.verdict(second) == Self.verdict(first), "\(name)")
    }

    /// `template` written as an `.xlsx` XLSForm and read back.
    static func throughXLSForm(_ template: String, name: String) throws -> String {
        let written = XLSFormWriter(reader: reader).write(Array(template.utf8), layout: .xlsx)
        let workbook = try #require(written.output, "\(name): \(written.diagnostics.first?.message ?? "")")
        return try #require(XLSFormCheck.convert(workbook, reader: reader).template, "\(name)")
    }

    /// What replaying the same answers on `template` gives: whether it passed, its problems, each answered
    /// question's flags, and how many questions are asked and answered.
    struct Verdict: Equatable {
        var passed: Bool
        var problems: [String]
        var flags: [String]
        var asked: Int
        var answered: Int
    }

    static func verdict(_ text: String) throws -> Verdict {
        let template = try #require(reader.read(Array(text.utf8)).template)
        let fixture = try #require(Fixture.read(Array(answers(for: template).utf8)).fixture)
        let result = FixtureReplayer(fixture: fixture, template: template).replay()
        let form = result.session.form
        return Verdict(
            passed: result.passed, problems: result.diagnostics.map { "\($0.code): \($0.message)" },
            flags: form.flags().map { "\($0.question.number): \($0.flags.map(\.description))" },
            asked: template.questions.indices.filter(form.isAsked).count,
            answered: form.entries.filter { $0.answer != nil }.count)
    }

    /// A fixture answering every question with its first valid answer (a table and any other type with a
    /// comment), but the first number with a range, which is answered out of it (a flag).
    static func answers(for template: Template) -> String {
        var wrongGiven = false
        let answers = template.questions.map { question -> String in
            let node = question.node
            let answer: String
            switch node["answer-type"]?.stringValue {
            case "short-answer" where node["numberInput"]?.boolValue == true:
                let range = node["acceptedAnswer"]
                if !wrongGiven, let top = range?["to"]?.stringValue.flatMap(Double.init) {
                    wrongGiven = true
                    answer = #""answer": "\#(JSONWriter.text(of: .number(top + 1000)))""#
                } else {
                    answer = #""answer": "\#(range?["from"]?.stringValue ?? "1")""#
                }
            case "short-answer": answer = #""answer": "Checked.""#
            case "true/false": answer = #""answer": ["Yes"]"#
            case "multiple-choice":
                let option = node["answers"]?.elements.lazy.compactMap(\.stringValue).first { !$0.isEmpty }
                answer = option.map { #""answer": [\#(JSONWriter.text(of: .string($0)))]"# } ?? #""comment": "None.""#
            default: answer = #""comment": "Not read.""#
            }
            return "\"\(question.number)\": {\(answer)}"
        }
        return #"{"technician": "T", "answers": {"# + answers.joined(separator: ", ") + "}}"
    }
}
