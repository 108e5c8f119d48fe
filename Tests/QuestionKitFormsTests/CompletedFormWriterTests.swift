import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

@Suite("Completed form: writing")
struct CompletedFormWriterTests {
    @Test func theTemplateIsWrittenBackWithAnswersAndTheCompletedFormFields() throws {
        let template = try ReviewFixture.template(
            #"{"_id": "x1", "Title": "Tür \u00fc", "n": 1.50, "questions": [{"answer-type": "true/false", "#
                + #""question": "OK?", "extra": [1e3, -0.0, true, null, {}, []]}], "tail": "kept"}"#)
        var form = try ReviewFixture.form(template, answers: [0: #"["Yes"]"#])
        form.entries[0].media = [MediaAttachment(kind: .video, name: "Qid0")]
        form.technician = "jdoe"
        form.completedDate = "Mar 4, 2019"
        #expect(
            CompletedFormWriter.json(form) == """
                {
                  "Title": "Tür ü",
                  "n": 1.50,
                  "questions": [
                    {
                      "answer-type": "true/false",
                      "question": "OK?",
                      "extra": [
                        1e3,
                        -0.0,
                        true,
                        null,
                        {},
                        []
                      ],
                      "user-answer": {
                        "check-boxes": [
                          "Yes"
                        ],
                        "comment": "",
                        "videos": [
                          "Qid0"
                        ]
                      }
                    }
                  ],
                  "tail": "kept",
                  "username": "jdoe",
                  "completedDate": "Mar 4, 2019",
                  "SubmittedDate": "",
                  "foremanComment": {
                    "comment": "",
                    "supervisor": ""
                  },
                  "media": {
                    "images": {},
                    "videos": {},
                    "voice": {}
                  }
                }

                """)
    }

    @Test func everyTypeWritesItsOwnAnswerKey() throws {
        let form = try ReviewFixture.filledInspection()
        let document = try #require(JSONParser.parse(Array(CompletedFormWriter.json(form).utf8)).document)
        let answers = try #require(document.root["questions"]).elements.map { $0["user-answer"] }
        #expect(answers[0]?["check-boxes"]?.elements.compactMap(\.stringValue) == ["Yes"])
        #expect(answers[1]?["short-answer"]?.stringValue == "82.5")
        #expect(answers[1]?["images"]?.elements.compactMap(\.stringValue) == ["Qid1", "Qid1(3)"])
        #expect(answers[1]?["voice"]?.elements.compactMap(\.stringValue) == ["Qid1(2)"])
        #expect(answers[2]?["check-boxes"]?.elements.compactMap(\.stringValue) == ["Worn", "Good"])
        #expect(answers[3]?["table-answer"]?.members.map(\.key) == ["2,2", "2,3", "3,2"])
        // Unanswered, the type's key stays, empty, as the original wrote it.
        #expect(answers[4]?.members.map(\.key) == ["short-answer", "comment"])
        #expect(answers[4]?["short-answer"]?.stringValue == "")
        #expect(answers.allSatisfy { $0?["comment"]?.stringValue != nil })
        #expect(document.root["_id"] == nil)
        #expect(document.root["foremanComment"]?["supervisor"]?.stringValue == "Jürgen Weiß")
        let keys = document.root.members.map(\.key)
        #expect(
            keys == [
                "Title", "RevisionNumber", "MIDiscipline", "InstructionNumber", "x-editor", "questions", "username",
                "completedDate", "SubmittedDate", "foremanComment", "media",
            ])
        #expect(
            document.root["x-editor"]?.sourceText
                == """
                {
                    "zoom": 1.50,
                    "grid": [
                      1e3,
                      -0.0,
                      true,
                      null
                    ]
                  }
                """
        )
    }

    @Test func existingCompletedFormFieldsAreReplacedInPlace() throws {
        let template = try ReviewFixture.template(
            #"{"username": "old", "questions": [{"answer-type": "true/false", "question": "OK?", "#
                + #""user-answer": {"check-boxes": ["No"], "comment": "old", "images": ["Qid0"], "#
                + #""media": {"x": "AA=="}}, "#
                + #""section": "S"}], "foremanComment": {"supervisor": "old", "comment": "old", "note": 1}, "#
                + #""SubmittedDate": "Jan 1, 2019"}"#)
        var form = FilledForm(template: template)
        form.entries[0].comment = "new"
        form.technician = "new"
        form.foreman = "boss"
        let json = CompletedFormWriter.json(form)
        let document = try #require(JSONParser.parse(Array(json.utf8)).document)
        #expect(
            document.root.members.map(\.key) == [
                "username", "questions", "foremanComment", "SubmittedDate", "completedDate", "media",
            ])
        #expect(document.root["username"]?.stringValue == "new")
        #expect(document.root["SubmittedDate"]?.stringValue == "")
        let foreman = try #require(document.root["foremanComment"])
        #expect(foreman.members.map(\.key) == ["supervisor", "comment", "note"])
        #expect(foreman["supervisor"]?.stringValue == "boss")
        let question = try #require(document.root["questions"]?.elements.first)
        #expect(question.members.map(\.key) == ["answer-type", "question", "user-answer", "section"])
        // The answer is empty and the photo gone; the comment is new; the embedded media stays.
        #expect(question["user-answer"]?.members.map(\.key) == ["check-boxes", "comment", "media"])
        #expect(question["user-answer"]?["check-boxes"]?.count == 0)
        #expect(question["user-answer"]?["comment"]?.stringValue == "new")
    }

    @Test func embeddedPhotosReplaceTheirNamesInMediaImagesAndTheOthersStay() throws {
        let template = try ReviewFixture.template(
            #"{"questions": [{"answer-type": "true/false", "question": "OK?"}], "#
                + #""media": {"voice": {}, "images": {"Qid0": "b2xk", "Old": "a2VwdA=="}, "note": 1}}"#)
        let form = FilledForm(template: template)
        let json = CompletedFormWriter.json(
            form,
            embedding: [
                (MediaAttachment(kind: .image, name: "Qid0"), Array("new".utf8)),
                (MediaAttachment(kind: .image, name: "Qid0(2)"), [0xFF, 0xD8]),
            ])
        let document = try #require(JSONParser.parse(Array(json.utf8)).document)
        let media = try #require(document.root["media"])
        #expect(media.members.map(\.key) == ["voice", "images", "note", "videos"])
        let images = try #require(media["images"])
        #expect(images.members.map(\.key) == ["Qid0", "Old", "Qid0(2)"])
        #expect(images.members.map { $0.value.stringValue } == ["bmV3", "a2VwdA==", "/9g="])
    }

    /// Issue 23: videos and voice notes are embedded under their own maps, as the original uploaded them.
    @Test func embeddedVideosAndVoiceNotesGoUnderTheirOwnMaps() throws {
        let template = try ReviewFixture.template(
            #"{"questions": [{"answer-type": "true/false", "question": "OK?"}], "media": {"voice": {"Old": "b2xk"}}}"#)
        let form = FilledForm(template: template)
        let json = CompletedFormWriter.json(
            form,
            embedding: [
                (MediaAttachment(kind: .voice, name: "Qid0(2)"), Array("hum".utf8)),
                (MediaAttachment(kind: .video, name: "Qid0"), Array("mov".utf8)),
            ])
        let media = try #require(JSONParser.parse(Array(json.utf8)).document?.root["media"])
        #expect(media.members.map(\.key) == ["voice", "videos", "images"])
        #expect(
            media["voice"]?.members.map { "\($0.key)=\($0.value.stringValue ?? "")" } == ["Old=b2xk", "Qid0(2)=aHVt"])
        #expect(media["videos"]?.members.map { "\($0.key)=\($0.value.stringValue ?? "")" } == ["Qid0=bW92"])
        #expect(media["images"]?.count == 0)
    }

    @Test func aQuestionOfAnUnknownTypeIsWrittenAsItWas() throws {
        let text =
            #"{"questions": [{"answer-type": "sketch", "question": "Draw", "user-answer": {"lines": 3}}, "#
            + #"{"answer-type": "true/false", "question": "OK?"}]}"#
        let result = try ReviewFixture.reader().read(Array(text.utf8))
        let form = FilledForm(template: try #require(result.template))
        let document = try #require(JSONParser.parse(Array(CompletedFormWriter.json(form).utf8)).document)
        let questions = try #require(document.root["questions"]).elements.map { $0 }
        #expect(questions[0].members.map(\.key) == ["answer-type", "question", "user-answer"])
        #expect(questions[0]["user-answer"]?["lines"]?.numberText == "3")
        #expect(questions[1]["user-answer"]?.members.map(\.key) == ["check-boxes", "comment"])
    }

    @Test func keysAreSpelledThroughTheKeyMap() throws {
        let keys = KeyMap(overrides: [
            "userAnswer": "answer", "checkBoxes": "chosen", "comment": "note", "username": "user",
            "foremanComment": "review", "supervisor": "by", "_id": "id",
        ])
        let template = try ReviewFixture.template(
            #"{"id": 7, "_id": "kept", "questions": [{"answer-type": "true/false", "question": "OK?"}]}"#, keys: keys)
        var form = try ReviewFixture.form(template, answers: [0: #"["No"]"#])
        form.technician = "jdoe"
        let document = try #require(JSONParser.parse(Array(CompletedFormWriter.json(form).utf8)).document)
        #expect(
            document.root.members.map(\.key) == [
                "_id", "questions", "user", "completedDate", "SubmittedDate", "review", "media",
            ])
        #expect(document.root["review"]?.members.map(\.key) == ["comment", "by"])
        let answer = try #require(document.root["questions"]?.elements.first?["answer"])
        #expect(answer.members.map(\.key) == ["chosen", "note"])
    }

    @Test func nonASCIITextIsWrittenAsUTF8AndOnlyRequiredEscapesRemain() throws {
        let template = try ReviewFixture.template(
            #"{"Title": "\u6e29\u5ea6 \"x\" \/ \t", "#
                + #""questions": [{"answer-type": "short-answer", "question": "Ω?"}]}"#)
        var form = try ReviewFixture.form(template, answers: [0: #""Übertemperatur 温度""#])
        form.entries[0].comment = "line\nbreak"
        let json = CompletedFormWriter.json(form)
        #expect(json.contains(#""Title": "温度 \"x\" / \t""#))
        #expect(json.contains(#""short-answer": "Übertemperatur 温度""#))
        #expect(json.contains(#""comment": "line\nbreak""#))
    }

    // Issue 23 item 5: an early-format template (MI-FORMAT.md, "Template": `Questions` with a
    // capital Q, `version` for `RevisionNumber`, an `_id` on the template and on each question, as
    // refdata/mi/data.json has them) is written with the final spellings, in place, because the
    // original server read `questions` only and refused the upload otherwise.
    static let early = #"""
        {"_id": "52855030c0211730f4af8380", "Title": "MiTemplate#1", "version": "1.0", "Questions": [
          {"_id": "52855030c0211730f4af8381", "qid": "3", "question": "what is your name?",
           "answer-type": "multiple-choice", "answers": ["Option 1", "Option 2", "", ""], "max-answers": "1"},
          {"_id": "5285506ac0211730f4af8382", "qid": "2", "question": "is the sun round?",
           "answer-type": "true/false", "answers": ["Yes", "No"], "max-answers": "1"}],
         "email": "ops@example.com"}
        """#

    @Test func anEarlyTemplatesQuestionsAndVersionAreWrittenWithTheFinalSpellingsInPlace() throws {
        let template = try ReviewFixture.template(Self.early)
        let form = try ReviewFixture.form(template, answers: [0: #"["Option 2"]"#, 1: #"["Yes"]"#])
        let written = CompletedFormWriter.json(form)
        let document = try #require(JSONParser.parse(Array(written.utf8)).document)
        #expect(
            document.root.members.map(\.key) == [
                "Title", "RevisionNumber", "questions", "email", "username", "completedDate", "SubmittedDate",
                "foremanComment", "media",
            ])
        #expect(document.root["RevisionNumber"]?.stringValue == "1.0")
        // Read back, it is the same form, and no longer early: no note about the early keys.
        let (read, diagnostics) = CompletedFormReader.read(Array(written.utf8), with: try ReviewFixture.reader())
        let again = try #require(read)
        #expect(again.template.revision == "1.0")
        func answers(_ form: FilledForm) -> [String?] {
            zip(form.template.questions, form.entries).map { question, entry in
                entry.answer.flatMap(question.encodeAnswer).map { JSONWriter.text(of: $0) }
            }
        }
        #expect(answers(again) == answers(form))
        #expect(answers(again).allSatisfy { $0 != nil })
        #expect(!diagnostics.contains { $0.code.hasPrefix("template.early-") }, "\(diagnostics)")
        // Written again, nothing moves.
        #expect(CompletedFormWriter.json(again) == written)
    }

    @Test func anEarlyTemplateIsWrittenWithTheKeyMapsSpellings() throws {
        let keys = KeyMap(overrides: ["questions": "items", "RevisionNumber": "rev"])
        let template = try ReviewFixture.template(Self.early, keys: keys)
        let document = try #require(
            JSONParser.parse(Array(CompletedFormWriter.json(FilledForm(template: template)).utf8)).document)
        #expect(Array(document.root.members.map(\.key).prefix(4)) == ["Title", "rev", "items", "email"])
    }

    @Test func anEarlyKeyBesideItsFinalOneIsTheIgnoredOneAndStaysAsItWas() throws {
        let template = try ReviewFixture.template(
            #"{"version": "1", "RevisionNumber": "2", "questions": [{"answer-type": "true/false", "question": "A?"}], "#
                + #""Questions": [{"answer-type": "true/false", "question": "B?"}]}"#)
        let document = try #require(
            JSONParser.parse(Array(CompletedFormWriter.json(FilledForm(template: template)).utf8)).document)
        #expect(
            Array(document.root.members.map(\.key).prefix(4)) == [
                "version", "RevisionNumber", "questions", "Questions",
            ])
        #expect(document.root["questions"]?.elements.first?["user-answer"] != nil)
        #expect(document.root["Questions"]?.elements.first?["user-answer"] == nil)
    }

    // Issue 23 item 6: the foreman's edits are read as they are stored and written back unchanged;
    // a record that is not a list is a warning and stays as it was.
    @Test func theForemansEditsAreKeptAsStoredAndAMalformedRecordStays() throws {
        let text = #"""
            {"Title": "T", "questions": [
              {"answer-type": "true/false", "question": "A?", "user-answer": {"check-boxes": ["No"], "comment": "",
               "foremanEdits": [{"supervisor": "Bob", "date": "2026-03-02T09:30:00Z", "before": {"check-boxes": ["Yes"]}}]}},
              {"answer-type": "true/false", "question": "B?", "user-answer": {"check-boxes": [], "comment": "",
               "foremanEdits": "by hand"}}]}
            """#
        let (read, diagnostics) = CompletedFormReader.read(Array(text.utf8), with: try ReviewFixture.reader())
        let form = try #require(read)
        #expect(diagnostics.map(\.code) == ["completed-form.foreman-edits-not-array"])
        #expect(form.entries[0].foremanEdits.map(\.foreman) == ["Bob"])
        let written = CompletedFormWriter.json(form)
        let document = try #require(JSONParser.parse(Array(written.utf8)).document)
        let questions = try #require(document.root["questions"])
        let first = try #require(questions.elements.first?["user-answer"]?["foremanEdits"])
        #expect(first.elements.first?["before"]?["check-boxes"]?.elements.first?.stringValue == "Yes")
        #expect(Array(questions.elements)[1]["user-answer"]?["foremanEdits"]?.stringValue == "by hand")
    }

    /// Kept objects are written from their nodes, keys as their source spells them when that is already
    /// how they are written (an escaped key is written decoded, with only the escapes JSON requires),
    /// and a question's repeated `user-answer` gives way to one, in the place of the first.
    @Test func keptKeysAreWrittenAsJSONWritesThemAndARepeatedUserAnswerOnce() throws {
        let text = #"""
            {"questions": [{"answer-type": "true/false", "question": "A?",
              "x": {"T\u00fcr": 1, "café \"q\"": [{"\t": null}], "plain": {}},
              "user-answer": {"check-boxes": ["No"], "comment": ""}, "after": true,
              "user-answer": {"check-boxes": ["Yes"], "comment": ""}}]}
            """#
        let (read, _) = CompletedFormReader.read(Array(text.utf8), with: try ReviewFixture.reader())
        let form = try #require(read)
        #expect(
            CompletedFormWriter.json(form).contains(
                #"""
                      "x": {
                        "Tür": 1,
                        "café \"q\"": [
                          {
                            "\t": null
                          }
                        ],
                        "plain": {}
                      },
                      "user-answer": {
                        "check-boxes": [
                          "Yes"
                        ],
                        "comment": ""
                      },
                      "after": true
                    }
                """#))
    }
}
