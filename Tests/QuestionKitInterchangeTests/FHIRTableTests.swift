import QuestionKit
import QuestionKitForms
import QuestionKitInterchange
import QuestionTypes
import Testing

/// A table is a FHIR `group` with the SDC item control `grid`, of one `group` per row holding one item per
/// column: written so, and read back as the same table (the table type claims the group; the walk only asks).
struct FHIRTableTests {
    static let registry = builtInRegistry
    static let reader = TemplateReader(registry: registry)

    static let template = #"""
        {"Title": "Belts", "questions": [
          {"linkId": "belts", "answer-type": "table-answer", "question": "Belts", "section": "Drive",
           "helpInfo": {"text": "Measure at rest.", "images": []},
           "numRows": 3, "numColumns": 3, "firstRow": ["", "Tension", "Worn"],
           "firstColumn": ["", "Drive belt", "Fan belt"], "rowType": ["", "text", "check"], "noCells": ["3,2"]},
          {"linkId": "ok", "answer-type": "true/false", "question": "All fine?", "section": "Drive"}
        ]}
        """#

    static func read(_ questionnaire: String) -> FHIRReader.Result {
        FHIRReader(registry: registry).read(Array(questionnaire.utf8))
    }

    /// The first question of the template `read` made, parsed.
    static func firstQuestion(_ read: FHIRReader.Result) throws -> JSONNode {
        let text = JSONWriter.text(of: try #require(read.template))
        let root = try #require(JSONParser.parse(Array(text.utf8)).document?.root)
        return try #require(root["questions"]?.elements.first)
    }

    /// The strings of an array member.
    static func strings(_ node: JSONNode?) -> [String] { node?.elements.compactMap(\.stringValue) ?? [] }

    @Test func aTableIsWrittenAsAGridOfRowGroupsAndReadBackTheSame() throws {
        for version in FHIRVersion.allCases {
            let written = FHIRWriter(reader: Self.reader, version: version).write(Array(Self.template.utf8))
            #expect(written.diagnostics.isEmpty, "\(written.diagnostics.map(\.code))")
            let text = JSONWriter.text(of: try #require(written.questionnaire), indent: 0)
            #expect(text.contains(#""code":"grid""#))
            #expect(
                text.contains(
                    #"{"linkId":"belts.3","text":"Fan belt","type":"group","item":[{"linkId":"belts.3.2","text":"Tension","type":"boolean","readOnly":true},{"linkId":"belts.3.3","text":"Worn","type":"boolean"}]}"#
                ))
            // The help follows the rows, as a display item the walk takes as help.
            #expect(text.contains(#"{"linkId":"belts-help","text":"Measure at rest.","type":"display""#))
            let read = Self.read(try #require(written.text))
            let template = try #require(read.template)
            let question = try Self.firstQuestion(read)
            #expect(question["answer-type"]?.stringValue == "table-answer")
            #expect(question["numRows"]?.integerValue == 3)
            #expect(Self.strings(question["firstRow"]) == ["", "Tension", "Worn"])
            #expect(Self.strings(question["firstColumn"]) == ["", "Drive belt", "Fan belt"])
            #expect(Self.strings(question["rowType"]) == ["", "text", "check"])
            #expect(Self.strings(question["noCells"]) == ["3,2"])
            #expect(question["section"]?.stringValue == "Drive")
            #expect(question["helpInfo"]?["text"]?.stringValue == "Measure at rest.")
            #expect(question["_fhir"] == nil)
            // Every item accounted for: the grid a question, its 2 rows and 4 cells carried, the help, the section.
            #expect(read.counts == ImportCounts(total: 10, questions: 2, sections: 1, help: 1, carried: 6))
            #expect(!read.diagnostics.contains { $0.severity != .note }, "\(read.diagnostics.map(\.code))")
            // And a second cycle changes nothing.
            let again = FHIRWriter(reader: Self.reader, version: version).write(
                Array(JSONWriter.text(of: template).utf8))
            #expect(again.text == written.text)
        }
    }

    @Test func aSparseGridFromAnotherToolIsATableWithNoCells() throws {
        let questionnaire = #"""
            {"resourceType": "Questionnaire", "status": "active", "item": [
              {"linkId": "eyes", "type": "group", "text": "Eye examination",
               "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl",
                 "valueCodeableConcept": {"coding": [{"system": "http://hl7.org/fhir/questionnaire-item-control", "code": "grid"}]}}],
               "item": [
                {"linkId": "r1", "type": "group", "text": "Red reflex", "item": [
                  {"linkId": "r1l", "type": "string", "text": "Left eye"}, {"linkId": "r1r", "type": "text", "text": "Right eye"}]},
                {"linkId": "r2", "type": "group", "text": "Squint", "item": [
                  {"linkId": "r2b", "type": "string", "text": "Both"}, {"linkId": "r2r", "type": "string", "text": "Right eye"}]}
               ]}
            ]}
            """#
        let read = Self.read(questionnaire)
        let question = try Self.firstQuestion(read)
        #expect(question["answer-type"]?.stringValue == "table-answer")
        // A header new in a row goes after the one before it in that row: "Both" leads, none being before it.
        #expect(Self.strings(question["firstRow"]) == ["", "Both", "Left eye", "Right eye"])
        #expect(Self.strings(question["noCells"]) == ["2,2", "3,3"])
        #expect(read.counts.carried == 6)
        #expect(read.counts.sections == 0)
    }

    /// A grid of `rows` (row groups and help), with the item control `grid`.
    static func grid(_ rows: String) -> String {
        #"""
        {"resourceType": "Questionnaire", "status": "active", "item": [
          {"linkId": "g", "type": "group", "text": "Grid",
           "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl",
             "valueCodeableConcept": {"coding": [{"code": "grid"}]}}],
           "item": [\#(rows)]}
        ]}
        """#
    }

    /// Rows that list the columns as they stand are compared with them in place; a column a later row brings
    /// in moves the no-cells of those rows as it moves the columns.
    @Test func aColumnALaterRowBringsInIsANoCellOfTheRowsBefore() throws {
        let read = Self.read(
            Self.grid(
                #"""
                {"linkId": "r1", "type": "group", "text": "One", "item": [
                  {"linkId": "a", "type": "string", "text": "A"}, {"linkId": "b", "type": "string", "text": "B", "readOnly": true}]},
                {"linkId": "r2", "type": "group", "text": "Two", "item": [
                  {"linkId": "a", "type": "string", "text": "A", "readOnly": true}, {"linkId": "b", "type": "string", "text": "B"}]},
                {"linkId": "h", "type": "display", "text": "Help"},
                {"linkId": "r3", "type": "group", "item": [
                  {"linkId": "a", "type": "bool\u0065an", "text": "A"}, {"linkId": "c", "type": "boolean", "text": "C"},
                  {"linkId": "b", "type": "boolean", "text": "B"}]}
                """#))
        let question = try Self.firstQuestion(read)
        #expect(question["answer-type"]?.stringValue == "table-answer")
        #expect(Self.strings(question["firstRow"]) == ["", "A", "C", "B"])
        #expect(Self.strings(question["firstColumn"]) == ["", "One", "Two", ""])
        #expect(Self.strings(question["rowType"]) == ["", "text", "text", "check"])
        #expect(Self.strings(question["noCells"]) == ["2,3", "2,4", "3,2", "3,3"])
        #expect(question["helpInfo"]?["text"]?.stringValue == "Help")
    }

    /// Headers are one column when they are one string, as Swift compares them: "Café" written composed
    /// and decomposed.
    @Test func headersOfOneStringInOtherBytesAreOneColumn() throws {
        let read = Self.read(
            Self.grid(
                #"""
                {"linkId": "r1", "type": "group", "text": "One", "item": [
                  {"linkId": "a", "type": "string", "text": "Caf\#u{E9}"}, {"linkId": "b", "type": "text", "text": "B"}]},
                {"linkId": "r2", "type": "group", "text": "Two", "item": [
                  {"linkId": "a", "type": "string", "text": "Cafe\#u{301}", "readOnly": true},
                  {"linkId": "b", "type": "string", "text": "B"}]},
                {"linkId": "r3", "type": "group", "text": "Three", "item": [{"linkId": "b", "type": "string", "text": "B"}]}
                """#))
        let question = try Self.firstQuestion(read)
        #expect(Self.strings(question["firstRow"]) == ["", "Caf\u{E9}", "B"])
        #expect(Self.strings(question["noCells"]) == ["3,2", "4,2"])
    }

    @Test func rowsListingColumnsInAnotherOrderAreReported() throws {
        let read = Self.read(
            Self.grid(
                #"""
                {"linkId": "r1", "type": "group", "text": "One", "item": [
                  {"linkId": "a", "type": "string", "text": "A"}, {"linkId": "b", "type": "string", "text": "B"}]},
                {"linkId": "r2", "type": "group", "text": "Two", "item": [
                  {"linkId": "b", "type": "string", "text": "B"}, {"linkId": "a", "type": "string", "text": "A"}]}
                """#))
        #expect(read.diagnostics.map(\.code).contains(TableAnswerQuestion.Code.fhirGridColumnsUnclear.rawValue))
        #expect(!(read.template.map { JSONWriter.text(of: $0) } ?? "").contains("table-answer"))
    }

    /// A grid a table cannot hold (a `date` cell, more members, no item control) stays a section of questions.
    @Test(arguments: [
        (#"{"linkId": "c", "type": "date", "text": "When"}"#, true),
        (#"{"linkId": "c", "type": "string", "text": "When", "required": true}"#, true),
        (#"{"linkId": "c", "type": "string", "text": "When"}"#, false),
    ])
    func aGroupATableCannotHoldStaysASection(cell: String, gridControl: Bool) throws {
        let control = #"""
            "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl",
              "valueCodeableConcept": {"coding": [{"code": "grid"}]}}],
            """#
        let questionnaire = #"""
            {"resourceType": "Questionnaire", "status": "active", "item": [
              {"linkId": "g", "type": "group", "text": "Dates", \#(gridControl ? control : "")
               "item": [{"linkId": "r", "type": "group", "text": "Row", "item": [\#(cell)]}]}
            ]}
            """#
        let read = Self.read(questionnaire)
        #expect(read.counts.carried == 0)
        #expect(read.counts.sections == 2)
        #expect(!(read.template.map { JSONWriter.text(of: $0) } ?? "").contains("table-answer"))
    }

    /// A grid of a table's shape whose columns cannot be told (a header twice in a row) is claimed, reported by
    /// the table's code, and kept whole for the writer, every item of it counted as reported.
    @Test func aGridWhoseColumnsCannotBeToldIsReportedAndKept() throws {
        let questionnaire = #"""
            {"resourceType": "Questionnaire", "status": "active", "item": [
              {"linkId": "g", "type": "group", "text": "Eyes",
               "extension": [{"url": "http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl",
                 "valueCodeableConcept": {"coding": [{"code": "grid"}]}}],
               "item": [{"linkId": "r", "type": "group", "text": "Row", "item": [
                 {"linkId": "a", "type": "string", "text": "Left"}, {"linkId": "b", "type": "string", "text": "Left"}]}]}
            ]}
            """#
        let read = Self.read(questionnaire)
        let codes = read.diagnostics.map(\.code)
        #expect(codes.contains(TableAnswerQuestion.Code.fhirGridColumnsUnclear.rawValue))
        #expect(codes.contains(FHIRCode.itemNotMade.rawValue))
        #expect(read.counts == ImportCounts(total: 4, reported: 4))
        #expect((read.template.map { JSONWriter.text(of: $0) } ?? "").contains(#""_fhir""#))
    }

    @Test func aTableWithRepeatedHeadersIsReportedNotWritten() throws {
        let template = #"""
            {"Title": "Belts", "questions": [{"answer-type": "table-answer", "question": "Belts", "numRows": 2, "numColumns": 3,
              "firstRow": ["Belt", "Left", "Left"], "firstColumn": ["Belt", "Drive"], "rowType": ["", "text"]}]}
            """#
        let written = FHIRWriter(reader: Self.reader).write(Array(template.utf8))
        let codes = written.diagnostics.map(\.code)
        // The type says why; the converter, that the question is left out.
        #expect(
            Set(codes) == [
                TableAnswerQuestion.Code.fhirHeadersNotDistinct.rawValue, FHIRCode.questionNotWritten.rawValue,
            ])
        #expect(written.text?.contains(#""text": "Belts""#) == false)
    }

    @Test func aCornerHasNoPlaceInAGrid() throws {
        let template = #"""
            {"Title": "Belts", "questions": [{"answer-type": "table-answer", "question": "Belts", "numRows": 2, "numColumns": 2,
              "firstRow": ["Belt", "Tension"], "firstColumn": ["Belt", "Drive"], "rowType": ["", "text"]}]}
            """#
        let written = FHIRWriter(reader: Self.reader).write(Array(template.utf8))
        #expect(written.diagnostics.map(\.code) == [TableAnswerQuestion.Code.fhirCornerNotWritten.rawValue])
        #expect(written.text?.contains(#""text": "Drive""#) == true)
    }
}
