import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitInterchange
import QuestionTypes
import TestSupport
import Testing

/// Completed forms as FHIR QuestionnaireResponses and back: every bundled fixture, replayed to a
/// completed form, comes back byte for byte with the same review; the corpus's responses convert
/// against their Questionnaires with located warnings.
struct FHIRResponseTests {
    static let registry = builtInRegistry
    static let reader = TemplateReader(registry: registry)

    /// The bundled fixtures, by name.
    static let fixtures: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Templates/fixtures")) ?? []
        return names.filter { $0.hasSuffix(".fixture.json") }.sorted()
    }()

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The fixture `name` replayed on its template: the template's bytes and the completed form.
    static func completed(_ name: String) throws -> (template: [UInt8], form: FilledForm, text: String) {
        let templateName = String(name.prefix { $0 != "." }) + ".json"
        let templateBytes = try bytes(packageRoot + "/Templates/" + templateName)
        let template = try #require(reader.read(templateBytes).template)
        let fixture = try #require(Fixture.read(try bytes(packageRoot + "/Templates/fixtures/" + name)).fixture)
        let form = FixtureReplayer(fixture: fixture, template: template).replay().session.form
        return (templateBytes, form, CompletedFormWriter.json(form))
    }

    static func response(of completed: String, template: FHIRResponseTemplate) throws -> (String, [Diagnostic]) {
        let written = FHIRResponseWriter(reader: reader).write(Array(completed.utf8), template: template)
        return (try #require(written.text), written.diagnostics)
    }

    static func completedForm(of response: String, template: FHIRResponseTemplate) throws -> (String, [Diagnostic]) {
        let read = FHIRResponseReader().read(Array(response.utf8), template: template)
        return (try #require(read.text), read.diagnostics)
    }

    static func review(_ text: String) throws -> String {
        let form = try #require(CompletedFormReader.read(Array(text.utf8), with: reader).form)
        return JSONWriter.text(of: ReviewPrinter.json(Review(form: form)))
    }

    @Test func theFixturesAreThere() { #expect(Self.fixtures.count >= 8) }

    @Test(arguments: fixtures, FHIRVersion.allCases)
    func aCompletedFormComesBackUnchangedWithItsReview(name: String, version: FHIRVersion) throws {
        let (templateBytes, _, original) = try Self.completed(name)
        let template = try #require(FHIRResponseTemplate.read(templateBytes, reader: Self.reader, version: version).0)
        let (response, written) = try Self.response(of: original, template: template)
        #expect(written.allSatisfy { $0.severity != .error && $0.position != nil })
        let (back, read) = try Self.completedForm(of: response, template: template)
        #expect(read.isEmpty, "\(read.map(\.message))")
        #expect(back == original)
        #expect(try Self.review(back) == Self.review(original))
    }

    /// With the template's Questionnaire as the template: what it has no item for (a table) is
    /// reported on the way out and not read back; after that one loss, a cycle changes nothing.
    @Test(arguments: fixtures)
    func throughTheQuestionnaireAFixedPointAfterOneCycle(name: String) throws {
        let (templateBytes, _, original) = try Self.completed(name)
        let questionnaire = try #require(
            FHIRWriter(reader: Self.reader).write(templateBytes).text, "the template writes a Questionnaire")
        let template = try #require(FHIRResponseTemplate.read(Array(questionnaire.utf8), reader: Self.reader).0)
        let (first, _) = try Self.response(of: original, template: template)
        let (completed, _) = try Self.completedForm(of: first, template: template)
        let (second, _) = try Self.response(of: completed, template: template)
        let (again, read) = try Self.completedForm(of: second, template: template)
        #expect(again == completed)
        #expect(read.isEmpty, "\(read.map(\.message))")
    }

    static let template = #"""
        {"Title": "Leak check", "url": "ignored", "questions": [
          {"linkId": "leak", "answer-type": "true/false", "question": "Any leaks?", "section": "Leaks"},
          {"linkId": "where", "answer-type": "multiple-choice", "question": "Where?", "section": "Leaks",
           "max-answers": 0, "answers": ["Seal", "Flange"],
           "enableWhen": [{"question": "leak", "operator": "=", "answer": true}]},
          {"linkId": "rate", "answer-type": "short-answer", "question": "Rate", "numberInput": true,
           "acceptedAnswer": {"from": "0", "to": "10"}},
          {"answer-type": "table-answer", "question": "Belts", "numRows": 2, "numColumns": 2,
           "firstRow": ["", "Drive"], "firstColumn": ["", "Tension"], "rowType": ["", "text"]}
        ]}
        """#

    static func ours() throws -> FHIRResponseTemplate {
        try #require(FHIRResponseTemplate.read(Array(template.utf8), reader: reader).0)
    }

    @Test func answersGoThroughTheTypesAndWhatHasNoPlaceIsReported() throws {
        let response = #"""
            {"resourceType": "QuestionnaireResponse", "id": "r1", "status": "completed",
             "authored": "2026-03-02T10:00:00Z", "author": {"display": "Dana"},
             "questionnaire": "urn:questionkit:template:Leak%20check",
             "item": [{"linkId": "section-1", "item": [
               {"linkId": "leak", "answer": [{"valueBoolean": true}]},
               {"linkId": "where", "answer": [{"valueCoding": {"code": "s", "display": "Seal"}}, {"valueString": "Pipe"}]}]},
               {"linkId": "rate", "answer": [{"valueDecimal": 12.5}, {"valueDecimal": 1}]},
               {"linkId": "gone", "answer": [{"valueString": "x"}]}]}
            """#
        let (text, diagnostics) = try Self.completedForm(of: response, template: try Self.ours())
        let codes = diagnostics.map(\.code)
        #expect(codes.contains(FHIRCode.responseMemberNotCarried.rawValue))  // id
        #expect(codes.contains(FHIRCode.dateNotCarried.rawValue))  // the time of authored
        #expect(codes.contains(FHIRCode.responseItemUnknown.rawValue))  // gone
        #expect(codes.contains(ShortAnswerQuestion.Code.fhirAnswerNotCarried.rawValue))  // the second rate
        #expect(codes.contains(MultipleChoiceQuestion.Code.unknownOption.rawValue))  // Pipe, kept as stored
        #expect(diagnostics.allSatisfy { $0.position != nil })
        let form = try #require(CompletedFormReader.read(Array(text.utf8), with: Self.reader).form)
        #expect(form.technician == "Dana")
        #expect(form.completedDate == "Mar 2, 2026")
        #expect(form.entries[0].answer?.value(as: Bool.self) == true)
        #expect(form.entries[2].answer?.value(as: String.self) == "12.5")
        #expect(form.flags().map(\.question.number) == [2, 3])
    }

    /// Found by Fuzz/FHIRFuzz: a day FHIR does not write (a five-digit year) was read, then not written
    /// back, so a response was no fixed point. It is now not carried, and said so.
    /// A table is a grid group in the Questionnaire: its answer, which no FHIR answer holds, is kept in
    /// its own item at the grid's place, said as such, not as a question the Questionnaire lacks.
    @Test(arguments: [false, true])
    func aTableIsAnsweredAtItsGrid(givenQuestionnaire: Bool) throws {
        let (templateBytes, form, completed) = try Self.completed("pump-inspection.fixture.json")
        let table = try #require(form.template.questions.first { $0.type is TableAnswerQuestion })
        let template: FHIRResponseTemplate
        if givenQuestionnaire {
            let questionnaire = try #require(
                FHIRWriter(reader: Self.reader).write(JSONParser.parse(templateBytes)).utf8)
            template = try #require(FHIRResponseTemplate.read(questionnaire, reader: Self.reader).0)
        } else {
            template = try #require(FHIRResponseTemplate.read(templateBytes, reader: Self.reader).0)
        }
        let (response, diagnostics) = try Self.response(of: completed, template: template)
        let codes = diagnostics.map(\.code)
        #expect(codes.contains(FHIRCode.answerNotWritten.rawValue))
        #expect(!codes.contains(FHIRCode.questionNotInQuestionnaire.rawValue))
        // In its section's group, where the Questionnaire has the grid, not after every other item.
        let root = try #require(JSONParser.parse(Array(response.utf8)).document?.root)
        let linkId = "q\(table.number)"
        var top: [String] = []
        var nested: [String] = []
        for item in try #require(root["item"]).elements {
            top.append(item["linkId"]?.stringValue ?? "")
            guard let inside = item["item"] else { continue }
            for inner in inside.elements { nested.append(inner["linkId"]?.stringValue ?? "") }
        }
        #expect(!top.contains(linkId))
        #expect(nested.contains(linkId))
        // Read back, the table holds the same answer (a Questionnaire's template is not ours: only the answer compares).
        let (back, _) = try Self.completedForm(of: response, template: template)
        let read = try #require(CompletedFormReader.read(Array(back.utf8), with: Self.reader).form)
        let answer = try #require(read.entries[table.index].answer)
        let written = try #require(form.entries[table.index].answer)
        #expect(
            read.template.questions[table.index].encodeAnswer(answer).map { JSONWriter.text(of: $0) }
                == table.encodeAnswer(written).map { JSONWriter.text(of: $0) })
    }

    @Test func anAuthoredThatIsNoFHIRDateIsNotCarried() throws {
        for authored in ["20260-3-02", "2026-3-02", "2026-02-30", "2026-13-01"] {
            let response = """
                {"resourceType": "QuestionnaireResponse", "status": "completed", "authored": "\(authored)",
                 "item": [{"linkId": "section-1", "item": [{"linkId": "leak", "answer": [{"valueBoolean": true}]}]}]}
                """
            let (text, diagnostics) = try Self.completedForm(of: response, template: try Self.ours())
            #expect(diagnostics.map(\.code).contains(FHIRCode.dateNotCarried.rawValue), "\(authored)")
            let form = try #require(CompletedFormReader.read(Array(text.utf8), with: Self.reader).form)
            #expect(form.completedDate == nil || form.completedDate == "", "\(authored)")
        }
        // A year before 1000 is FHIR's too: read in four digits, as the original app's `yyyy` writes it.
        let response = """
            {"resourceType": "QuestionnaireResponse", "status": "completed", "authored": "0999-01-01"}
            """
        let (text, _) = try Self.completedForm(of: response, template: try Self.ours())
        let form = try #require(CompletedFormReader.read(Array(text.utf8), with: Self.reader).form)
        #expect(form.completedDate == "Jan 1, 0999")
    }

    /// Found by Fuzz/FHIRFuzz: a decimal written 6.50 was read as the text '6.50', then written back as
    /// 6.5, so the response was no fixed point. A number is read as it is written back.
    @Test func aDecimalIsReadAsItIsWrittenBack() throws {
        for (written, read) in [("6.50", "6.5"), ("-0.0", "0"), ("1e2", "100"), ("12", "12")] {
            let response = """
                {"resourceType": "QuestionnaireResponse", "status": "in-progress",
                 "item": [{"linkId": "rate", "answer": [{"valueDecimal": \(written)}]}]}
                """
            let (text, _) = try Self.completedForm(of: response, template: try Self.ours())
            #expect(text.contains(#""short-answer": "\#(read)""#), "\(written): \(text)")
        }
    }

    /// Found by Fuzz/FHIRFuzz: an option named in another case ('SeAl') was stored so, then written back
    /// as the option ('Seal'): no fixed point. It is read as the option it names.
    @Test func anOptionNamedInAnotherCaseIsReadAsTheOption() throws {
        let response = #"""
            {"resourceType": "QuestionnaireResponse", "status": "in-progress", "item": [
              {"linkId": "leak", "answer": [{"valueBoolean": true}]},
              {"linkId": "where", "answer": [{"valueCoding": {"display": "SeAl"}}, {"valueString": " flange "}]}]}
            """#
        let template = try Self.ours()
        let (text, _) = try Self.completedForm(of: response, template: template)
        #expect(text.contains(#""check-boxes": ["#))
        #expect(text.contains(#""Seal","#) && text.contains(#""Flange""#) && !text.contains("SeAl"))
        let (again, _) = try Self.completedForm(
            of: try Self.response(of: text, template: template).0, template: template)
        #expect(again == text)
    }

    @Test func anAnswerToAQuestionNotAskedIsReportedAndLeftOut() throws {
        let response = #"""
            {"resourceType": "QuestionnaireResponse", "status": "in-progress", "item": [
              {"linkId": "leak", "answer": [{"valueBoolean": false}]},
              {"linkId": "where", "answer": [{"valueString": "Seal"}]}]}
            """#
        let (text, diagnostics) = try Self.completedForm(of: response, template: try Self.ours())
        #expect(diagnostics.map(\.code) == [FHIRCode.answerNotAsked.rawValue])
        #expect(diagnostics.first?.line == 3)
        let form = try #require(CompletedFormReader.read(Array(text.utf8), with: Self.reader).form)
        #expect(!form.isAsked(1) && form.entries[1].answer == nil)
    }

    /// Found by Fuzz/FHIRFuzz: the photo of an answer left out (its question not asked) was still
    /// embedded, a photo no question lists, so the form written back lost it: no fixed point.
    @Test func thePhotoOfAnAnswerNotAskedIsLeftOutWithIt() throws {
        let response = #"""
            {"resourceType": "QuestionnaireResponse", "status": "in-progress", "item": [
              {"linkId": "leak", "answer": [{"valueBoolean": false}]},
              {"linkId": "where", "answer": [{"valueString": "Seal"}], "extension": [
                {"url": "urn:questionkit:fhir:media",
                 "valueAttachment": {"contentType": "image/jpeg", "data": "AAEC", "title": "Qid1"}}]}]}
            """#
        let (text, diagnostics) = try Self.completedForm(of: response, template: try Self.ours())
        #expect(diagnostics.map(\.code).contains(FHIRCode.answerNotAsked.rawValue))
        let form = try #require(CompletedFormReader.read(Array(text.utf8), with: Self.reader).form)
        #expect(form.entries[1].media.isEmpty)
        #expect(!text.contains("AAEC"), "the dropped answer's photo is still embedded:\n\(text)")
    }

    @Test func commentsMediaAndTheForemanTravelInOurExtensions() throws {
        let completed = #"""
            {"Title": "T", "username": "Dana", "completedDate": "Nov 2, 2026", "SubmittedDate": "Nov 3, 2026",
             "foremanComment": {"comment": "Fine", "supervisor": "Luis"},
             "media": {"images": {"Qid0": "AAEC"}, "videos": {}, "voice": {}},
             "questions": [
              {"answer-type": "short-answer", "question": "Note",
               "user-answer": {"short-answer": "ok", "comment": "checked", "images": ["Qid0"]}}]}
            """#
        let template = try #require(FHIRResponseTemplate.read(Array(completed.utf8), reader: Self.reader).0)
        let (response, written) = try Self.response(of: completed, template: template)
        #expect(
            Set(written.map(\.code))
                == [FHIRCode.commentInExtension, .mediaInExtension, .foremanInExtension].map(\.rawValue).asSet)
        #expect(response.contains(#""valueAttachment": {"#) && response.contains(#""data": "AAEC""#))
        #expect(response.contains(#""authored": "2026-11-02""#))
        let (back, read) = try Self.completedForm(of: response, template: template)
        #expect(read.isEmpty)
        #expect(
            back
                == CompletedFormWriter.json(
                    try #require(
                        CompletedFormReader.read(Array(completed.utf8), with: Self.reader).form)))
    }

    @Test func notAResponseIsAnError() throws {
        let read = FHIRResponseReader().read(
            Array(#"{"resourceType": "Questionnaire"}"#.utf8), template: try Self.ours())
        #expect(read.text == nil)
        #expect(read.diagnostics.map(\.code) == [FHIRCode.notAResponse.rawValue])
    }

    /// Work grows with the form: n answers against 10n.
    @Test func writingAndReadingScaleWithTheForm() throws {
        func visits(_ count: Int) throws -> Int {
            let questions = (1...count).map { number in
                #"{"linkId": "q\#(number)", "answer-type": "short-answer", "question": "Q\#(number)", "#
                    + #""user-answer": {"short-answer": "\#(number)", "comment": "c"}}"#
            }
            let completed = #"{"Title": "Big", "questions": [\#(questions.joined(separator: ",\n"))]}"#
            let template = try #require(FHIRResponseTemplate.read(Array(completed.utf8), reader: Self.reader).0)
            let (result, work) = try WorkCounter.counting {
                let (response, _) = try Self.response(of: completed, template: template)
                return try Self.completedForm(of: response, template: template).0
            }
            #expect(result.contains(#""short-answer": "\#(count)""#))
            return work[.interchangeVisits]
        }
        let small = try visits(200)
        let large = try visits(2000)
        #expect(small > 0)
        #expect(large <= small * 11)
    }
}

extension Array where Element: Hashable {
    fileprivate var asSet: Set<Element> { Set(self) }
}

/// The corpus's QuestionnaireResponses, each read against its Questionnaire when the corpus has it
/// (matched by `questionnaire` canonical and `url`, versions aside): located warnings, no crash,
/// and the completed form made is a fixed point of a cycle through a response.
struct FHIRResponseCorpusTests {
    static let folder = sharedFolder("corpus/fhir")

    /// Each response, with its Questionnaire's name, or why it has none here.
    static let responses: [(response: String, questionnaire: String?, reason: String)] = {
        guard let folder else { return [] }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        var byURL: [String: String] = [:]
        var responses: [(String, [String: Any])] = []
        for name in names where name.hasSuffix(".json") {
            guard let data = FileManager.default.contents(atPath: folder + "/" + name),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { continue }
            switch object["resourceType"] as? String {
            case "Questionnaire":
                if let url = object["url"] as? String, byURL[url] == nil { byURL[url] = name }
            case "QuestionnaireResponse": responses.append((name, object))
            default: break
            }
        }
        return responses.map { name, object in
            guard let canonical = object["questionnaire"] as? String else {
                return (name, nil, "its questionnaire is no canonical (\(object["questionnaire"] ?? "none"))")
            }
            let url = String(canonical.split(separator: "|").first ?? "")
            guard let questionnaire = byURL[url] else { return (name, nil, "the corpus has no Questionnaire \(url)") }
            return (name, questionnaire, "")
        }
    }()

    static let matched = responses.compactMap { entry in entry.questionnaire.map { (entry.response, $0) } }

    @Test(.enabled(if: folder != nil, "../shared/corpus/fhir is absent (a clean checkout)"))
    func everyResponseIsReadOrSkippedWithItsReason() {
        #expect(Self.responses.count >= 10)
        #expect(Self.matched.count >= 4)
        for entry in Self.responses where entry.questionnaire == nil {
            print("skipped \(entry.response): \(entry.reason)")
        }
    }

    @Test(
        .enabled(if: folder != nil, "../shared/corpus/fhir is absent (a clean checkout)"),
        arguments: matched.map(\.0))
    func readsWithLocatedWarningsAndReachesAFixedPoint(response name: String) throws {
        let folder = try #require(Self.folder)
        let questionnaire = try #require(Self.matched.first { $0.0 == name }?.1)
        let reader = FHIRResponseTests.reader
        let template = try #require(
            FHIRResponseTemplate.read(try FHIRResponseTests.bytes(folder + "/" + questionnaire), reader: reader).0)
        let read = FHIRResponseReader().read(try FHIRResponseTests.bytes(folder + "/" + name), template: template)
        let completed = try #require(read.text)
        #expect(read.diagnostics.allSatisfy { $0.position != nil && $0.severity != .error })
        let (response, _) = try FHIRResponseTests.response(of: completed, template: template)
        let (again, _) = try FHIRResponseTests.completedForm(of: response, template: template)
        #expect(again == completed)
    }
}
