import FormGenerators
import QuestionKit
import QuestionKitArchive
import QuestionKitForms
import QuestionKitInterchange
import QuestionTypes
import Testing

struct XLSFormWriterTests {
    static let registry = builtInRegistry

    static let template = #"""
        {"Title": "Leak check", "RevisionNumber": "3", "questions": [
          {"linkId": "leak", "answer-type": "true/false", "question": "Any leaks?", "section": "Leaks",
           "helpInfo": {"text": "Look under the seal.", "images": []}},
          {"linkId": "where", "answer-type": "multiple-choice", "question": "Where?", "section": "Leaks",
           "max-answers": 1, "answers": ["Seal", "Flange", "seal!", "Ölwanne", "1st joint"],
           "enableWhen": [{"question": "leak", "operator": "=", "answer": true}]},
          {"linkId": "parts", "answer-type": "multiple-choice", "question": "Parts?", "max-answers": 2,
           "answers": ["Hose", "Ring"]},
          {"linkId": "1.4", "answer-type": "short-answer", "question": "Rate", "numberInput": true,
           "acceptedAnswer": {"from": "0", "to": "10.5"},
           "enableWhen": [{"question": "where", "operator": "=", "answer": "Flange"},
                          {"question": "parts", "operator": "!=", "answer": "Ring"}],
           "enableBehavior": "any"},
          {"linkId": "count", "answer-type": "short-answer", "question": "Count", "numberInput": true,
           "acceptedAnswer": {"from": "1"},
           "enableWhen": [{"question": "1.4", "operator": ">", "answer": 2.5}]},
          {"linkId": "note", "answer-type": "short-answer", "question": "Note",
           "enableWhen": [{"question": "count", "operator": "exists", "answer": true},
                          {"question": "belts", "operator": "exists", "answer": true}]},
          {"linkId": "belts", "answer-type": "table-answer", "question": "Belts", "numRows": 2, "numColumns": 2,
           "firstRow": ["", "Drive"], "firstColumn": ["", "Tension"], "rowType": ["", "text"]},
          {"answer-type": "true/false", "question": "Done?", "acceptedAnswer": "Yes",
           "enableWhen": [{"question": "note", "operator": "=", "answer": "it's \"fine\""}]}
        ]}
        """#

    func write(_ text: String = Self.template, layout: XLSFormWriter.Layout = .xlsx) -> XLSFormWriter.Result {
        XLSFormWriter(reader: TemplateReader(registry: Self.registry)).write(Array(text.utf8), layout: layout)
    }

    /// The sheets read back from the bytes by our XLSX reader, each row its cells as `B2=text`.
    func readBack(_ result: XLSFormWriter.Result) throws -> [String: [String]] {
        let sheets = try XLSXReader.read(try #require(result.output))
        var found: [String: [String]] = [:]
        for sheet in sheets {
            found[sheet.name] = sheet.rows.map { row in
                row.map { "\($0.location.columnLetters)\($0.location.row)=\($0.value)" }.joined(separator: " ")
            }
        }
        return found
    }

    @Test func writesEachBuiltInKindAsASurveyRow() throws {
        let sheets = try readBack(write())
        let survey = try #require(sheets["survey"])
        #expect(
            survey[0] == "A1=type B1=name C1=label D1=hint E1=relevant F1=constraint G1=constraint_message")
        #expect(survey[1] == "A2=begin group B2=section_leaks C2=Leaks")
        #expect(survey[2] == "A3=select_one yes_no B3=leak C3=Any leaks? D3=Look under the seal.")
        #expect(survey[3] == "A4=select_one where B4=where C4=Where? E4=${leak} = 'yes'")
        #expect(survey[4] == "A5=end group")
        #expect(
            survey[5]
                == "A6=select_multiple parts B6=parts C6=Parts? F6=count-selected(.) <= 2 G6=At most 2 answers")
        #expect(
            survey[6]
                == "A7=decimal B7=q4 C7=Rate E7=${where} = 'flange' or not(selected(${parts}, 'ring')) "
                + "F7=. >= 0 and . <= 10.5 G7=Between 0 and 10.5")
        #expect(survey[7] == "A8=integer B8=count C8=Count E8=${q4} > 2.5 F8=. >= 1 G8=At least 1")
        #expect(survey[8] == "A9=text B9=note C9=Note E9=${count} != ''")
        #expect(survey[9] == "A10=select_one yes_no B10=q8 C10=Done?")
        #expect(survey.count == 10)
        let choices = try #require(sheets["choices"])
        #expect(
            choices == [
                "A1=list_name B1=name C1=label", "A2=yes_no B2=yes C2=Yes", "A3=yes_no B3=no C3=No",
                "A4=where B4=seal C4=Seal", "A5=where B5=flange C5=Flange", "A6=where B6=seal_2 C6=seal!",
                "A7=where B7=lwanne C7=Ölwanne", "A8=where B8=_1st_joint C8=1st joint",
                "A9=parts B9=hose C9=Hose", "A10=parts B10=ring C10=Ring",
            ])
        #expect(
            sheets["settings"] == [
                "A1=form_title B1=form_id C1=version", "A2=Leak check B2=leak_check C2=3",
            ])
    }

    @Test func reportsWhatIsNotWrittenWhereItStands() throws {
        let written = write()
        let codes = written.diagnostics.map { "\($0.line) \($0.code)" }
        #expect(
            codes == [
                "19 logic.forward-reference",  // the template's own (a condition on a later question)
                "9 xlsform.name-made",
                "14 short-answer.xlsform-written-as-integer",
                "19 xlsform.condition-not-written",
                "20 xlsform.question-not-written",
                "22 true-false.xlsform-accepted-answer-not-written",
                "23 xlsform.condition-not-written",
            ])
    }

    /// `convert`'s text report shows no pointers and no fix-its: its diagnostics are located without them, and
    /// are otherwise those of the JSON report, in the same order, at the same lines and columns.
    @Test func locatesItsProblemsWithTheDetailAsked() throws {
        let writer = XLSFormWriter(reader: TemplateReader(registry: Self.registry))
        let full = writer.write(JSONParser.parse(Array(Self.template.utf8)), layout: .xlsx)
        let bare = writer.write(JSONParser.parse(Array(Self.template.utf8)), layout: .xlsx, detail: [])
        #expect(bare.output == full.output)
        let shown = { (diagnostic: Diagnostic) in
            "\(diagnostic.line):\(diagnostic.column) \(diagnostic.code) \(diagnostic.message) \(diagnostic.hint ?? "")"
        }
        #expect(bare.diagnostics.map(shown) == full.diagnostics.map(shown))
        #expect(full.diagnostics.filter { $0.code.hasPrefix("xlsform.") }.allSatisfy { !$0.pointer.isEmpty })
        // The reader's diagnostics are located as before; the writer's own carry no pointer.
        #expect(
            bare.diagnostics.filter { $0.code.hasPrefix("xlsform.") || $0.code.contains(".xlsform-") }
                .allSatisfy { $0.pointer.isEmpty })
    }

    @Test func writesTheSameBytesEachTime() throws {
        for layout in XLSFormWriter.Layout.allCases {
            let first = try #require(write(layout: layout).output)
            #expect(write(layout: layout).output == first)
        }
    }

    @Test func writesPyxformsCSVLayout() throws {
        let text = String(decoding: try #require(write(layout: .csv).output), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "survey,,,,,,,")
        #expect(lines[1] == ",type,name,label,hint,relevant,constraint,constraint_message")
        #expect(lines[2] == ",begin group,section_leaks,Leaks,,,,")
        #expect(
            lines.contains(
                ",decimal,q4,Rate,,\"${where} = 'flange' or not(selected(${parts}, 'ring'))\",. >= 0 and . <= 10.5,Between 0 and 10.5"
            ))
        #expect(lines.contains("choices,,,"))
        #expect(lines.contains("settings,,,"))
        #expect(lines.last == "")
    }

    /// The shape the XLSForm reader keeps (Docs/Formats/XLSForm.md, "_xlsform"), written back in place.
    @Test func putsBackWhatXLSFormKept() throws {
        let kept = #"""
            {"Title": "Kept", "_xlsform": {"settings": {"form_id": "kept_form", "style": "pages"},
                                        "rows": [{"type": "calculate", "name": "total", "calculation": "1 + 1"}]},
             "questions": [
              {"linkId": "colour", "answer-type": "multiple-choice", "question": "Colour?", "max-answers": 1,
               "answers": ["Red", "Blue"],
               "_xlsform": {"appearance": "minimal", "required": "yes", "name": "ignored",
                            "list_name": "colours", "choice_names": ["r", "b"]}}
            ]}
            """#
        let sheets = try readBack(write(kept))
        #expect(
            sheets["survey"] == [
                "A1=type B1=name C1=label D1=required E1=appearance F1=calculation",
                "A2=select_one colours B2=colour C2=Colour? D2=yes E2=minimal",
                "A3=calculate B3=total F3=1 + 1",
            ])
        #expect(
            sheets["choices"] == ["A1=list_name B1=name C1=label", "A2=colours B2=r C2=Red", "A3=colours B3=b C3=Blue"])
        #expect(sheets["settings"] == ["A1=form_title B1=form_id C1=style", "A2=Kept B2=kept_form C2=pages"])
    }

    @Test func writesNothingForATemplateWithErrors() {
        let written = write(#"{"Title": "Broken", "questions": [{"answer-type": "multiple-choise"}]}"#)
        #expect(written.output == nil)
        #expect(written.diagnostics.containsErrors)
    }

    @Test func makesChoiceNamesStableValidAndUnique() {
        #expect(
            XLSFormRowShape.names(for: ["Yes", "yes", "YES ", "", "42", "Ärger", "a b-c"])
                == ["yes", "yes_2", "yes_3", "option_4", "_42", "rger", "a_b_c"])
    }

    /// Work counted, never timed: ten times the questions, ten times the rows and choices visited.
    @Test func writingCostsLinearWork() throws {
        func visits(_ count: Int) throws -> Int {
            let template = LogicTemplateGenerator.chain(count)
            let (result, work) = WorkCounter.counting { write(template) }
            #expect(try readBack(result)["survey"]?.count ?? 0 >= count)
            return work[.interchangeVisits]
        }
        let small = try visits(200)
        let large = try visits(2000)
        #expect(small > 0)
        #expect(large <= small * 11)
    }
}
