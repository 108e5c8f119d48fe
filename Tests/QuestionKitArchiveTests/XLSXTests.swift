import Foundation
import TestSupport
import Testing

@testable import QuestionKitArchive

/// A workbook made of hand-written parts: the package and workbook relationships, the workbook, and the
/// worksheets and shared strings given.
func workbook(sheets: [(String, String)], sharedStrings: String? = nil, prefix: String = "") -> [UInt8] {
    let ns = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    var writer = ZipWriter()
    writer.add(
        "_rels/.rels",
        Array(
            ("<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
                + "<Relationship Id=\"rId1\" Type=\"\(ns)/officeDocument\" Target=\"/xl/workbook.xml\"/></Relationships>")
                .utf8))
    var workbook = "<?xml version=\"1.0\"?><\(prefix)workbook xmlns:r=\"\(ns)\"><\(prefix)sheets>"
    var rels = "<Relationships>"
    for (index, (name, _)) in sheets.enumerated() {
        workbook += "<\(prefix)sheet name=\"\(name)\" sheetId=\"\(index + 1)\" r:id=\"rId\(index + 1)\"/>"
        rels +=
            "<Relationship Id=\"rId\(index + 1)\" Type=\"\(ns)/worksheet\" Target=\"worksheets/sheet\(index + 1).xml\"/>"
    }
    if sharedStrings != nil {
        rels += "<Relationship Id=\"rIdS\" Type=\"\(ns)/sharedStrings\" Target=\"sharedStrings.xml\"/>"
    }
    writer.add("xl/workbook.xml", Array((workbook + "</\(prefix)sheets></\(prefix)workbook>").utf8))
    writer.add("xl/_rels/workbook.xml.rels", Array((rels + "</Relationships>").utf8))
    for (index, (_, xml)) in sheets.enumerated() {
        writer.add("xl/worksheets/sheet\(index + 1).xml", Array(xml.utf8))
    }
    if let sharedStrings { writer.add("xl/sharedStrings.xml", Array(sharedStrings.utf8)) }
    return writer.finish()
}

func xlsxError(_ body: () throws(XLSXError) -> Void) -> XLSXError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// Each row's cells as "B12=value".
func describe(_ sheet: Sheet) -> [String] {
    sheet.rows.map { row in
        row.map { "\($0.location.columnLetters)\($0.location.row)=\($0.value)" }.joined(separator: " ")
    }
}

@Suite("XLSX workbooks: cells with their places, read and written")
struct XLSXTests {
    @Test func cellsOfEveryTypeReadWithTheirLocations() throws {
        let sheet = """
            <worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>
            <!-- a comment, <row r="9"> inside it is not a row --><?pi ignored?>
            <row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c><c r="D1" s="3"/></row>
            <row r="3"><c r="B3" t="inlineStr"><is><r><t>in</t></r><r><rPr><b/></rPr><t xml:space="preserve">line </t></r></is></c>
            <c t="str"><f>A1&amp;"x"</f><v>typex</v></c><c t="b"><v>1</v></c><c><v>12.5</v></c><c t="n"><v>-3</v></c></row>
            <row><c r="AA4" t="s"><v>2</v></c></row>
            <row r="12"><c r="B12"><v>1</v></c></row>
            </sheetData></worksheet>
            """
        let strings = """
            <?xml version="1.0" encoding="UTF-8"?>
            <sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="3" uniqueCount="3">
            <si><t>type</t></si><si><r><t>na</t></r><r><rPr><i/></rPr><t>me &lt;&amp;&gt; &#233;&#x1F600;</t></r><rPh><t>ナ</t></rPh></si>
            <si><t><![CDATA[<raw>]]></t></si></sst>
            """
        let sheets = try XLSXReader.read(
            workbook(sheets: [("survey", sheet), ("choices", "<worksheet/>")], sharedStrings: strings))
        #expect(sheets.map(\.name) == ["survey", "choices"])
        #expect(
            describe(sheets[0]) == [
                "A1=type C1=name <&> é😀", "B3=inline  C3=typex D3=TRUE E3=12.5 F3=-3", "AA4=<raw>", "B12=1",
            ])
        #expect(sheets[1].rows.isEmpty)
        #expect(sheets[0].rows[3][0].location.description == "survey!B12")
    }

    @Test func prefixedNamespacesReadByLocalName() throws {
        let sheet =
            "<x:worksheet xmlns:x=\"urn:x\"><x:sheetData><x:row r=\"2\"><x:c r=\"C2\" t=\"inlineStr\"><x:is><x:t>ok</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>"
        let sheets = try XLSXReader.read(workbook(sheets: [("s", sheet)], prefix: "x:"))
        #expect(describe(sheets[0]) == ["C2=ok"])
    }

    /// Tag and attribute names are compared as bytes, values decoded only when kept: a name's prefix (even an
    /// empty one) is dropped, a type or reference written with character references still reads as itself,
    /// and a longer name that ends like a SpreadsheetML one is not it.
    @Test func namesAndValuesReadAsBytesMeanWhatTheirTextSays() throws {
        let sheet = """
            <worksheet><sheetData><:row r="&#49;"><c r="&#65;1" t="&#115;"><v>0</v></c>\
            <c r="B1" t="s"><xv>1</xv><v>&#49;</v></c><c r="C1" t="inline&#83;tr"><is><t>a</t><zt>b</zt></is></c>\
            <c r="D1" t="s"><v>1</v></c><c r="E1" t="s"><v>+1</v></c><c r="F1" t="b"><v>&#49;</v></c></:row>\
            </sheetData></worksheet>
            """
        let strings = "<sst><si><t>zero</t></si><xsi><t>not a string</t></xsi><si><t>o</t><t>ne</t></si></sst>"
        let sheets = try XLSXReader.read(workbook(sheets: [("s", sheet)], sharedStrings: strings))
        #expect(describe(sheets[0]) == ["A1=zero B1=one C1=a D1=one E1=one F1=TRUE"])
        // A value split by a comment is its texts joined; a row number is read as Int reads one.
        for (sheetData, reason) in [
            ("<row r=\"1\"><c t=\"s\"><v>1<!-- c -->0</v></c></row>", "'10' is not one of the 2 shared strings"),
            ("<row r=\"+0\"/>", "'+0' is not a row number"),
            ("<row r=\"99999999999999999999\"/>", "'99999999999999999999' is not a row number"),
            ("<row r=\"&#50;\"><c r=\"B&#49;\"/></row>", "the cell B1 is out of order in row 2"),
        ] {
            let error = xlsxError { () throws(XLSXError) in
                _ = try XLSXReader.read(
                    workbook(
                        sheets: [("s", "<worksheet><sheetData>\(sheetData)</sheetData></worksheet>")],
                        sharedStrings: strings))
            }
            #expect(error?.reason == reason)
        }
        let unknown = xlsxError { () throws(XLSXError) in
            _ = try XLSXReader.read(
                workbook(sheets: [("s", "<worksheet><row><c t=\"s&amp;\"><v>1</v></c></row></worksheet>")]))
        }
        #expect(unknown?.reason == "the cell type 's&' is not one SpreadsheetML defines")
        #expect(unknown?.cell == CellLocation(sheet: "s", row: 1, column: 1))
    }

    @Test func writtenWorkbooksReadBack() throws {
        let rows = [
            ["type", "name", "label", "", "hint"], [],
            ["text", "q1", " spaced & <quoted> \"text\" ", "", "line\nbreak"],
            ["select_one yes_no", "q2", "Émoji 😀", "x"],
            // Ends a reader would trim, told by bytes or as Characters: kept; the others are plain.
            ["trailing ", "\u{00A0}no-break", "em\u{2003}", "é", "tab\t", "\r\nlead"],
        ]
        for strings in [XLSXWriter.Strings.shared, .inline] {
            let bytes = try XLSXWriter.write(
                [("survey", rows), ("choices", [["list_name", "name"]]), ("settings", [])], strings: strings)
            #expect(
                try XLSXWriter.write([("survey", rows)], strings: strings)
                    == XLSXWriter.write([("survey", rows)], strings: strings))
            let sheets = try XLSXReader.read(bytes)
            #expect(sheets.map(\.name) == ["survey", "choices", "settings"])
            let read = sheets[0].rows.map { row in row.map(\.value) }
            #expect(read == rows.map { $0.filter { !$0.isEmpty } }.filter { !$0.isEmpty })
            #expect(sheets[0].rows[1][2].location == CellLocation(sheet: "survey", row: 3, column: 3))
            #expect(sheets[0].rows[1][3].location.columnLetters == "E")
        }
    }

    @Test func sharedStringsAreFoundAgainByTheirBytesInATableThatGrows() throws {
        // 1,500 strings, each twice (the table starts with 1,024 slots), and two spellings of one 'é'.
        var rows = (0..<3_000).map { ["s\($0 % 1_500)", "x"] }
        rows.append(["\u{E9}", "e\u{301}", "\u{E9}"])
        let read = try XLSXReader.read(XLSXWriter.write([("survey", rows)]))[0].rows
        #expect(read.map { $0.map { Array($0.value.utf8) } } == rows.map { $0.map { Array($0.utf8) } })
    }

    /// Text is looked at eight bytes at a time, then byte by byte: a character XML escapes is written and
    /// read back, and one it cannot hold refused, at every place in texts of every length up to 20.
    @Test(arguments: [XLSXWriter.Strings.shared, .inline])
    func everyByteLookedAtIsFoundAtEveryPlace(strings: XLSXWriter.Strings) throws {
        for length in 1...20 {
            for place in 0..<length {
                for looked in ["\"", "&", "<", ">", "\t", "\n", " ", "\u{F900}"] {
                    var text = Array(repeating: "a", count: length)
                    text[place] = looked
                    let value = text.joined()
                    let read = try XLSXReader.read(XLSXWriter.write([("s", [[value]])], strings: strings))
                    #expect(read[0].rows.first?.first?.value == value, "\(looked) at \(place) of \(length)")
                }
                for refused in ["\u{1}", "\u{1F}", "\u{FFFE}"] {
                    var text = Array(repeating: "a", count: length)
                    text[place] = refused
                    let value = text.joined()
                    let error = xlsxError { () throws(XLSXError) in
                        _ = try XLSXWriter.write([("s", [[value]])], strings: strings)
                    }
                    #expect(error?.cell == CellLocation(sheet: "s", row: 1, column: 1), "\(place) of \(length)")
                }
            }
        }
    }

    @Test func whatCannotBeWrittenIsAnError() {
        #expect(
            xlsxError { () throws(XLSXError) in _ = try XLSXWriter.write([]) }?.reason
                == "a workbook needs at least one sheet")
        #expect(xlsxError { () throws(XLSXError) in _ = try XLSXWriter.write([("a/b", [])]) } != nil)
        #expect(xlsxError { () throws(XLSXError) in _ = try XLSXWriter.write([("S", []), ("s", [])]) } != nil)
        let control = xlsxError { () throws(XLSXError) in _ = try XLSXWriter.write([("s", [["ok", "bell\u{7}"]])]) }
        #expect(control?.cell == CellLocation(sheet: "s", row: 1, column: 2))
        let inline = xlsxError { () throws(XLSXError) in
            _ = try XLSXWriter.write([("s", [["ok"], ["", "\u{FFFF}"]])], strings: .inline)
        }
        #expect(inline?.cell == CellLocation(sheet: "s", row: 2, column: 2))
    }

    @Test(arguments: [
        ("<row r=\"2\"><c r=\"A2\"/></row><row r=\"1\"/>", "row 1 comes after row 2"),
        ("<row r=\"1\"><c r=\"B1\"><v>1</v></c><c r=\"A1\"><v>1</v></c></row>", "the cell A1 is out of order in row 1"),
        ("<row r=\"1\"><c r=\"A1\" t=\"s\"><v>7</v></c></row>", "'7' is not one of the 0 shared strings"),
        ("<row r=\"1\"><c r=\"A1\" t=\"b\"><v>2</v></c></row>", "'2' is not a boolean (0 or 1)"),
        ("<row r=\"1\"><c r=\"1A\"><v>1</v></c></row>", "'1A' is not a cell reference"),
        ("<row r=\"1\"><c r=\"A1\"><v>1</v></row>", "'</row>' where '</c>' was expected"),
        ("<!DOCTYPE x [<!ENTITY a \"aaaa\">]><row/>", "a DOCTYPE or other declaration is not accepted"),
        (
            "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>&bogus;</t></is></c></row>",
            "the entity '&bogus;' is not one XML defines"
        ),
    ])
    func malformedSheetsAreLocatedErrors(sheetData: String, reason: String) {
        let sheet = sheetData.hasPrefix("<!") ? sheetData : "<worksheet><sheetData>\(sheetData)</sheetData></worksheet>"
        let error = xlsxError { () throws(XLSXError) in _ = try XLSXReader.read(workbook(sheets: [("s", sheet)])) }
        #expect(error?.reason == reason)
        #expect(error?.part == "xl/worksheets/sheet1.xml")
    }

    @Test func aMillionSharedStringsReadWithinTheLimitsAndOneMoreIsRefused() throws {
        var strings = "<sst>"
        strings.reserveCapacity(12_000_000)
        for index in 0..<1_000_000 {
            strings += "<si><t>\(index)</t></si>"
        }
        let sheet =
            "<worksheet><sheetData><row r=\"1\"><c r=\"A1\" t=\"s\"><v>999999</v></c></row></sheetData></worksheet>"
        let bytes = workbook(sheets: [("s", sheet)], sharedStrings: strings + "</sst>")
        #expect(try XLSXReader.read(bytes)[0].rows[0][0].value == "999999")
        var limits = XLSXLimits()
        limits.maximumSharedStrings = 999_999
        #expect(
            xlsxError { () throws(XLSXError) in _ = try XLSXReader.read(bytes, limits: limits) }?.reason
                == "more than 999999 shared strings")
    }

    @Test func aBombInsideAWorkbookStopsAtTheLimit() {
        var limits = XLSXLimits()
        limits.zip.maximumEntrySize = 1 << 20
        let huge = "<worksheet><sheetData>" + String(repeating: "<row/>", count: 400_000) + "</sheetData></worksheet>"
        let error = xlsxError { () throws(XLSXError) in
            _ = try XLSXReader.read(workbook(sheets: [("s", huge)]), limits: limits)
        }
        #expect(error?.part == "xl/worksheets/sheet1.xml")
        #expect(error?.reason == "it inflates to 2400046 bytes, more than the limit of 1048576")
    }

    /// Work counted by the XML reader's steps: ten times the rows is ten times the work, give or take the
    /// fixed parts.
    @Test func theCostIsLinearInTheRows() throws {
        func work(rows: Int) throws -> Int {
            let table = (0..<rows).map {
                ["text", "q\($0)", "Question \($0) & more", String(repeating: "x", count: $0 % 7)]
            }
            let bytes = try XLSXWriter.write([("survey", table)])
            let counter = WorkCounter()
            let sheets = try XLSXReader.$work.withValue(counter) { () throws -> [Sheet] in try XLSXReader.read(bytes) }
            #expect(sheets[0].rows.count == rows)
            return counter.steps
        }
        let small = try work(rows: 2_000)
        let large = try work(rows: 20_000)
        #expect(large < small * 11, "\(small) steps for 2,000 rows, \(large) for 20,000")
    }

    @Test(.enabled(if: corpusFolder != nil, "../shared/corpus/ is absent"))
    func everyCorpusWorkbookReads() throws {
        let folder = (corpusFolder ?? "") + "/xlsform"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".xlsx") }
            .sorted()
        #expect(!files.isEmpty)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + file)))
            do {
                let sheets = try XLSXReader.read(bytes)
                // Not all have a 'survey' sheet (pyxform__survey_no_name.xlsx is a test of that), but all have cells.
                #expect(sheets.contains { !$0.rows.isEmpty }, "\(file): \(sheets.map(\.name))")
            } catch {
                Issue.record("\(file): \(error)")
            }
        }
    }
}

/// The xlsx fuzz target's committed seeds are small workbooks our writer made; re-record them with
/// QUESTIONKIT_RECORD_FUZZ_SEEDS=1 after a change to the writer.
@Suite("The xlsx fuzz target's seeds")
struct XLSXFuzzSeedTests {
    static let seeds: [(String, @Sendable () throws -> [UInt8])] = [
        (
            "shared-strings.xlsx",
            {
                try XLSXWriter.write([
                    (
                        "survey",
                        [
                            ["type", "name", "label"], ["select_one yn", "q1", "Is it on? & <ok>"], [],
                            ["text", "", " x "],
                        ]
                    ),
                    ("choices", [["list_name", "name", "label"], ["yn", "yes", "Yes"]]),
                ])
            }
        ),
        (
            "inline-strings.xlsx",
            { try XLSXWriter.write([("survey", [["a", "b"], ["", "", "c"]])], strings: .inline) }
        ),
    ]

    @Test func theCommittedSeedsAreTheWritersOutput() throws {
        let folder = packageRoot + "/Fuzz/XLSXFuzz/seeds"
        for (name, make) in Self.seeds {
            let bytes = try make()
            let path = folder + "/" + name
            if ProcessInfo.processInfo.environment["QUESTIONKIT_RECORD_FUZZ_SEEDS"] == "1" {
                try Data(bytes).write(to: URL(fileURLWithPath: path))
            }
            #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == bytes, "\(name)")
        }
    }
}
