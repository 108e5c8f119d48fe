import QuestionKit
import QuestionKitArchive
import QuestionKitForms
import QuestionKitInterchange
import QuestionTypes
import Testing

struct XLSFormReaderTests {
    static let registry = builtInRegistry

    /// A form of every construct the reader maps or reports, as the rows of its sheets.
    static let sheets: [(name: String, rows: [[String]])] = [
        (
            "survey",
            [
                [
                    "type", "name", "label::English (en)", "label::Français (fr)", "hint", "required", "relevant",
                    "constraint", "appearance",
                ],
                ["begin group", "pump", "Pump", "Pompe", "", "", "", "", "field-list"],
                ["select_one yes_no", "leak", "Any leaks?", "Des fuites ?", "Look under the seal.", "yes", "", "", ""],
                ["integer", "rate", "Leak rate", "Débit", "", "", "${leak} = 'yes'", ". >= 0 and . <= 10", ""],
                ["begin_group", "more", "More", "", "", "", "", "", ""],
                ["note", "n1", "Check the flange too.", "", "", "", "", "", ""],
                [
                    "select_multiple where", "where", "Where?", "", "", "", "selected(${leak}, 'yes') or ${rate} > 5",
                    "", "minimal",
                ],
                ["text", "why", "Why?", "", "", "", "string-length(${where}) > 2", "regex(., '^a')", ""],
                ["end group", "", "", "", "", "", "", "", ""],
                ["end group", "", "", "", "", "", "", "", ""],
                ["calculate", "double", "", "", "", "", "", "", ""],
                ["start", "start", "", "", "", "", "", "", ""],
                ["geopoint", "here", "Where are you?", "", "", "", "", "", ""],
            ]
        ),
        (
            "choices",
            [
                ["list_name", "name", "label::English (en)", "label::Français (fr)"],
                ["yes_no", "yes", "Yes", "Oui"], ["yes_no", "no", "No", "Non"],
                ["where", "seal", "Seal", "Joint"], ["where", "flange", "Flange", "Bride"],
            ]
        ),
        ("settings", [["form_title", "form_id", "default_language"], ["Pump check", "pump", "English (en)"]]),
    ]

    static var workbook: [UInt8] {
        get throws { try XLSXWriter.write(sheets) }
    }

    /// The same form as pyxform's Markdown.
    static var markdown: String {
        sheets.map { sheet in
            "| \(sheet.name) |\n"
                + sheet.rows.map { "| | " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// The same form as pyxform's CSV.
    static var csv: String {
        sheets.map { sheet in
            "\"\(sheet.name)\"\n"
                + sheet.rows.map { row in
                    "," + row.map { "\"" + $0.replacing("\"", with: "\"\"") + "\"" }.joined(separator: ",")
                }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    static func template(_ bytes: [UInt8]) throws -> (text: String, read: XLSFormReader.Result) {
        let read = XLSFormReader(registry: registry).read(bytes)
        return (JSONWriter.text(of: try #require(read.template), indent: 0), read)
    }

    @Test(arguments: ["xlsx", "md", "csv"])
    func everyConstructMapsOrIsReported(form: String) throws {
        let bytes = form == "xlsx" ? try Self.workbook : Array((form == "md" ? Self.markdown : Self.csv).utf8)
        let (text, read) = try Self.template(bytes)
        #expect(text.hasPrefix(#"{"Title":"Pump check","questions":["#))
        #expect(
            text.contains(
                #"{"answer-type":"multiple-choice","question":"Any leaks?","section":"Pump","helpInfo":{"text":"Look under the seal.","images":[]},"linkId":"leak","max-answers":1,"answers":["Yes","No"],"_xlsform":{"list_name":"yes_no","choice_names":["yes","no"],"label::Français (fr)":"Des fuites ?"}}"#
            ))
        #expect(
            text.contains(
                #""linkId":"rate","numberInput":true,"acceptedAnswer":{"from":"0","to":"10"},"enableWhen":[{"question":"leak","operator":"=","answer":"Yes"}],"_xlsform":{"label::Français (fr)":"Débit"}"#
            ))
        #expect(
            text.contains(
                #""question":"Where?","section":"Pump / More","helpInfo":{"text":"Check the flange too.","images":[]},"linkId":"where""#
            ))
        #expect(
            text.contains(
                #""enableWhen":[{"question":"leak","operator":"=","answer":"Yes"},{"question":"rate","operator":">","answer":5}],"enableBehavior":"any""#
            ))
        #expect(text.contains(#""_xlsform":{"constraint":"regex(., '^a')","relevant":"string-length(${where}) > 2"}"#))
        #expect(text.contains(#""settings":{"form_id":"pump","default_language":"English (en)"}"#))
        let counts = read.counts
        #expect([counts.total, counts.questions, counts.sections, counts.help, counts.reported] == [12, 4, 4, 1, 3])
        let codes = Set(read.diagnostics.map(\.code))
        for code: XLSFormCode in [
            .translationsNotCarried, .conditionNotCarried, .calculationNotCarried, .metadataNotCarried,
            .typeUnsupported, .noteAsHelp, .requiredNoted, .columnNotCarried,
            .settingsKept,
        ] {
            #expect(codes.contains(code.rawValue), "\(code)")
        }
        #expect(read.diagnostics.allSatisfy { $0.position != nil })
    }

    /// Every diagnostic names its cell: a workbook's by row and column and in the message
    /// (`survey!G8: …`), a text's by its line and column.
    @Test func diagnosticsLocateTheirCells() throws {
        let workbook = try Self.template(try Self.workbook).read.diagnostics
        let relevant = try #require(workbook.first { $0.code == XLSFormCode.conditionNotCarried.rawValue })
        #expect(relevant.message.hasPrefix("survey!G8: "))
        #expect(relevant.position == SourcePosition(line: 8, column: 7))
        #expect(relevant.pointer == "/survey/6/relevant")
        let french = try #require(workbook.first { $0.code == XLSFormCode.translationsNotCarried.rawValue })
        #expect(french.message.hasPrefix("survey!D1: "))

        let markdown = try Self.template(Array(Self.markdown.utf8)).read.diagnostics
        let inText = try #require(markdown.first { $0.code == XLSFormCode.conditionNotCarried.rawValue })
        let line = Self.markdown.split(separator: "\n", omittingEmptySubsequences: false)[8]
        #expect(inText.position?.line == 9)
        let column = try #require(inText.position?.column)
        #expect(line.unicodeScalars.dropFirst(column - 1).starts(with: "string-length".unicodeScalars))
        #expect(!inText.message.hasPrefix("survey!"))
    }

    /// A list's choices are its rows wherever they are (a list given in two runs is one list, in order), each with its
    /// own texts where lists repeat one another's names, and label columns are found on whichever row first has one.
    @Test func choiceListsAreReadWhereverTheirRowsAre() throws {
        let form = """
            "survey",,,,
            ,"type","name","label::English","label::French"
            ,"select_one c","a","A?",
            ,"select_one d","b",,"B?"
            "choices",,,,
            ,"list_name","name","label::English","label::French"
            ,"c","x","Ex",
            ,"c","y","Why",
            ,"d","x","Ex too",
            ,"d","y","Why","Pourquoi"
            ,"d","z"," Zed ",
            ,"c"," z ","Zed",
            """
        let (template, diagnostics) = XLSFormCheck.convert(
            Array(form.utf8), reader: TemplateReader(registry: Self.registry))
        let text = try #require(template).filter { !$0.isWhitespace }
        #expect(
            text.contains(#""answers":["Ex","Why","Zed"],"_xlsform":{"list_name":"c","choice_names":["x","y","z"]}"#))
        #expect(
            text.contains(#""answers":["Extoo","Why","Zed"],"_xlsform":{"list_name":"d","choice_names":["x","y","z"]"#))
        let french = diagnostics.filter { $0.code == XLSFormCode.translationsNotCarried.rawValue }
        #expect(french.count == 2)
        #expect(french.contains { $0.message.contains("the choices' column 'label::French'") })
    }

    /// A label column first filled on a later row is read though the first row has none, and rows without a list or
    /// a name are reported in order, where no row has a column other than those read.
    @Test func aChoicesSheetOfTheColumnsReadIsReadWhole() throws {
        let form = """
            "survey",,,
            ,"type","name","label"
            ,"select_one c","a","A?"
            ,"select_one d","b","B?"
            "choices",,,
            ,"list_name","name","label"
            ,"c","x",
            ,"c","y","Why"
            ,"c",,"Zed"
            ,,"w","Wh"
            ,"d","x","Ex"
            """
        let (template, diagnostics) = XLSFormCheck.convert(
            Array(form.utf8), reader: TemplateReader(registry: Self.registry))
        let text = try #require(template).filter { !$0.isWhitespace }
        #expect(text.contains(#""answers":["x","Why"],"_xlsform":{"list_name":"c""#))
        #expect(text.contains(#""answers":["Ex"],"_xlsform":{"list_name":"d""#))
        let incomplete = diagnostics.filter { $0.code == XLSFormCode.choiceIncomplete.rawValue }
        #expect(incomplete.map(\.position?.line) == [9, 10])
    }

    /// The converted form is checked as `validate` checks a template, its problems moved to the row
    /// they came from: here, a condition on an option the list does not have.
    @Test func theTemplateMadeIsCheckedAtTheRows() throws {
        let form = """
            "survey",,,
            ,"type","name","label"
            ,"select_one c","a","A?"
            ,"text","b","B?"
            "choices",,,
            ,"list_name","name","label"
            ,"c","x","Same"
            ,"c","y","same"
            """
        let (template, diagnostics) = XLSFormCheck.convert(
            Array(form.utf8), reader: TemplateReader(registry: Self.registry))
        #expect(template?.contains(#""same (y)""#) == true)
        let repeated = try #require(diagnostics.first { $0.code == "multiple-choice.xlsform-label-repeated" })
        #expect(repeated.position == SourcePosition(line: 8, column: 6))
        #expect(!diagnostics.containsErrors)
    }

    /// A form without settings is titled by its file's name, as pyxform titles it; its own `form_title`
    /// (or `form_id`, or pyxform's aliases of them) still wins, and from standard input (no name) the
    /// template has no title and says so.
    @Test func aFormWithoutSettingsIsTitledByItsFileName() throws {
        let untitled = Array(
            """
            "survey",,,
            ,"type","name","label"
            ,"text","a","A?"
            """.utf8)
        let reader = TemplateReader(registry: Self.registry)
        let named = XLSFormCheck.convert(untitled, path: "forms/water point.v2.csv", reader: reader)
        #expect(named.template?.contains(#""Title": "water point.v2""#) == true)
        #expect(!named.diagnostics.contains { $0.code == "template.missing-title" })
        let unnamed = XLSFormCheck.convert(untitled, reader: reader)
        #expect(unnamed.template?.contains(#""Title""#) == false)
        let missing = try #require(unnamed.diagnostics.first { $0.code == "template.missing-title" })
        #expect(missing.hint?.contains("'settings' sheet with a 'form_title' column") == true)
        let titled = XLSFormCheck.convert(
            untitled + Array("\n\"settings\",\n,\"form_title\"\n,\"Pump check\"".utf8), path: "x.csv", reader: reader)
        #expect(titled.template?.contains(#""Title": "Pump check""#) == true)
        let aliased = XLSFormCheck.convert(
            untitled + Array("\n\"settings\",\n,\"set_form_id\"\n,\"pump\"".utf8), path: "x.csv", reader: reader)
        #expect(aliased.template?.contains(#""Title": "pump""#) == true)
        #expect(!aliased.diagnostics.contains { $0.code == XLSFormCode.settingMisspelled.rawValue })
    }

    /// A form none of whose rows makes a question says so at the survey sheet, with a hint in its terms.
    @Test func aFormWithoutQuestionsSaysSoAtTheSurveySheet() throws {
        let form = Array(
            """
            "survey",,,
            ,"type","name","label"
            ,"note","n","Only a note."
            """.utf8)
        let converted = XLSFormCheck.convert(form, path: "notes.csv", reader: TemplateReader(registry: Self.registry))
        let none = try #require(converted.diagnostics.first { $0.code == "template.no-questions" })
        #expect(none.position == SourcePosition(line: 1, column: 1))
        #expect(none.hint?.contains("survey row") == true)
    }

    @Test(arguments: [
        ("forms/water point.xlsx", "water point"), ("a.b.md", "a.b"), ("plain", "plain"), ("dir/.csv", ".csv"),
        ("forms/", "forms"),
        ("", nil),
    ])
    func formNameIsTheFileNameWithoutItsExtension(path: String, name: String?) {
        #expect(XLSFormReader.formName(ofPath: path) == name)
    }

    /// A list's choices are its rows in order, wherever they are on the sheet (here between another list's);
    /// a long list tells a repeated label as a short one does, ignoring case and surrounding spaces.
    @Test func listsGatherTheirChoicesInOrder() throws {
        var form = """
            "survey",,,
            ,"type","name","label"
            ,"select_one a","q1","One?"
            ,"select_multiple b","q2","Two?"
            ,"select_one long","q3","Three?"
            "choices",,,
            ,"list_name","name","label"
            ,"a","x","X"
            ,"b","p","P"
            ,"a","y","Y"
            ,"b","q","Q"
            ,"a","z","Z"

            """
        for index in 0..<20 { form += ",\"long\",\"n\(index)\",\"\(index == 19 ? " C3" : "c\(index)")\"\n" }
        let (text, read) = try Self.template(Array(form.utf8))
        #expect(text.contains(#""linkId":"q1","max-answers":1,"answers":["X","Y","Z"]"#))
        #expect(text.contains(#""linkId":"q2","max-answers":0,"answers":["P","Q"]"#))
        #expect(text.contains(#""c18","C3 (n19)"]"#))
        #expect(read.diagnostics.filter { $0.code == "multiple-choice.xlsform-label-repeated" }.count == 1)
    }

    /// A cell under no header, and a header given twice, are read under names of their own and
    /// reported, not lost; so is a row that has cells but no type.
    @Test func cellsOutsideTheHeaderAreReportedAndKept() throws {
        let form = """
            | survey |
            | | type | name | label | label |   |
            | | text | a    | A?    | Again |   |
            | | text | b    | B?    |       | remark |
            | |      | c    |       |       |   |
            """
        let (text, read) = try Self.template(Array(form.utf8))
        #expect(text.contains(#""linkId":"a","_xlsform":{"label (2)":"Again"}"#))
        #expect(text.contains(#""linkId":"b","_xlsform":{"(column F)":"remark"}"#))
        #expect(text.contains(#""rows":[{"name":"c"}]"#))
        let columns = read.diagnostics.filter { $0.code == XLSFormCode.columnNotCarried.rawValue }
        #expect(columns.map(\.position?.line) == [2, 4])
        #expect(read.diagnostics.contains { $0.code == XLSFormCode.rowWithoutType.rawValue })
        let counts = read.counts
        #expect([counts.total, counts.questions, counts.reported] == [3, 2, 1])
    }

    /// A type no one takes is kept and reported; a misspelled one with the type it likely means.
    @Test func aMisspelledTypeIsReportedWithTheTypeItLikelyMeans() throws {
        let form = """
            | survey |
            | | type      | name | label    |
            | | integr    | a    | Rate?    |
            | | bgin_group| g    | Group    |
            | | barcode   | b    | Code?    |
            """
        let (_, read) = try Self.template(Array(form.utf8))
        let unsupported = read.diagnostics.filter { $0.code == XLSFormCode.typeUnsupported.rawValue }
        #expect(unsupported.map(\.position?.line) == [3, 4, 5])
        #expect(unsupported.map(\.hint) == ["Did you mean 'integer'?", "Did you mean 'begin_group'?", nil])
    }

    /// A settings column close to one pyxform reads (`form_titel`) is warned at its header with the setting
    /// it likely means, since the form is then titled by its file's name; an unknown one that is close to
    /// none (a tool's own) and the known ones are only kept and noted.
    @Test func aMisspelledSettingIsReportedWithTheSettingItLikelyMeans() throws {
        let form = """
            | survey |
            | | type | name | label |
            | | text | a    | A?    |
            | settings |
            | | form_titel | versoin | kobo_uid | style |
            | | Site check | 3       | x9       | pages |
            """
        let converted = XLSFormCheck.convert(
            Array(form.utf8), path: "site.md", reader: TemplateReader(registry: Self.registry))
        let misspelled = converted.diagnostics.filter { $0.code == XLSFormCode.settingMisspelled.rawValue }
        #expect(misspelled.map(\.severity) == [.warning, .warning])
        #expect(
            misspelled.map(\.position) == [SourcePosition(line: 5, column: 5), SourcePosition(line: 5, column: 18)])
        #expect(misspelled.map(\.hint) == ["Did you mean 'form_title'?", "Did you mean 'version'?"])
        #expect(converted.template?.contains(#""Title": "site""#) == true)
        #expect(converted.template?.contains(#""form_titel": "Site check""#) == true)
        #expect(converted.diagnostics.contains { $0.code == XLSFormCode.settingsKept.rawValue })
    }

    @Test func unreadableFormsAreErrorsNotCrashes() {
        for bytes: [UInt8] in [[0x50, 0x4B, 3, 4, 0, 0], [0xFF, 0xFE, 0x00], Array("just text\n".utf8), []] {
            let read = XLSFormReader(registry: Self.registry).read(bytes)
            #expect(read.template == nil)
            #expect(read.diagnostics.containsErrors)
        }
    }

    @Test func theFormatIsGuessedFromTheContentAndTheName() throws {
        #expect(InterchangeFormat.guess(try Self.workbook) == .xlsform)
        #expect(InterchangeFormat.guess(Array(Self.markdown.utf8)) == .xlsform)
        #expect(InterchangeFormat.guess(Array(Self.csv.utf8)) == .xlsform)
        #expect(InterchangeFormat.guess(Array("a,b\n1,2\n".utf8)) == nil)
        #expect(InterchangeFormat.guess(path: "forms/Pump.XLSX") == .xlsform)
        #expect(InterchangeFormat.guess(path: "pump.json") == nil)
    }

    /// Converting costs the same for each row: 10n rows take at most 11 times the work of n.
    @Test func convertingIsLinearInTheRows() throws {
        func visits(_ count: Int) throws -> Int {
            var rows = [["type", "name", "label", "relevant"]]
            for index in 0..<count {
                rows.append(["select_one yn", "q\(index)", "Q\(index)?", index == 0 ? "" : "${q\(index - 1)} = 'y'"])
                rows.append(["integer", "n\(index)", "N\(index)?", "${n\(index / 2)} > 3"])
            }
            let choices = [["list_name", "name", "label"], ["yn", "y", "Yes"], ["yn", "n", "No"]]
            let bytes = try XLSXWriter.write([("survey", rows), ("choices", choices)])
            let (result, work) = WorkCounter.counting { XLSFormReader(registry: Self.registry).read(bytes) }
            #expect(result.counts.questions == count * 2)
            return work[.interchangeVisits]
        }
        let small = try visits(200)
        let large = try visits(2000)
        #expect(small > 0)
        #expect(large <= small * 11)
    }
}
