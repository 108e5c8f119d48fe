import Testing

@testable import QuestionKitArchive

/// The scanner of worksheets and shared strings reads what the general XML reader reads: the same cells, the
/// same errors. Each workbook here is read both ways; the scanner reads the common shapes itself and hands the
/// rest back (a part read again).
@Suite("SpreadsheetScanner: the shapes of a sheet read as the general reader reads them")
struct SpreadsheetScannerTests {
    /// The sheets read with the scanner and without, and how many parts the scanner gave back.
    func readBothWays(_ bytes: [UInt8], limits: XLSXLimits = XLSXLimits()) -> (
        scanned: Result<[Sheet], XLSXError>, general: Result<[Sheet], XLSXError>, readAgain: Int
    ) {
        let counter = WorkCounter()
        let scanned = XLSXReader.$work.withValue(counter) {
            Result { () throws(XLSXError) in try XLSXReader.read(bytes, limits: limits, scanning: true) }
        }
        let general = Result { () throws(XLSXError) in try XLSXReader.read(bytes, limits: limits, scanning: false) }
        return (scanned, general, counter.partsReadAgain)
    }

    func sheet(_ sheetData: String) -> String {
        "<?xml version=\"1.0\"?>\n<worksheet xmlns=\"urn:main\"><dimension ref=\"A1\"/><sheetData>\(sheetData)"
            + "</sheetData><pageMargins left=\"0.7\"/></worksheet>"
    }

    static let strings = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <sst xmlns="urn:main" count="6" uniqueCount="6"><si><t>type</t></si>
        <si><t xml:space="preserve"> spaced &amp; &lt;b&gt; &#233;&#x1F600; </t></si>
        <si><r><rPr><b/><sz val="11"/><rFont val="Calibri"/></rPr><t>ru</t></r><r><t>ns</t></r><rPh sb="0" eb="1"><t>ナ</t></rPh><phoneticPr fontId="1"/></si>
        <si><t/></si><si/><si><t>Ünïcødé ✓</t></si></sst>
        """

    /// Shapes openpyxl, Excel and LibreOffice write, all read by the scanner itself.
    @Test(arguments: [
        // openpyxl: r then t, shared strings, numbers without a type.
        "<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c><c r=\"B1\" t=\"s\"><v>1</v></c><c r=\"C1\"><v>12.5</v></c></row>",
        // Excel: spans and styles, attributes in another order, a prefixed attribute, self-closing styled cells.
        "<row r=\"1\" spans=\"1:3\" x14ac:dyDescent=\"0.25\"><c r=\"A1\" s=\"1\" t=\"s\"><v>2</v></c><c r=\"B1\" s=\"2\"/>"
            + "<c t=\"s\" s=\"3\" r=\"C1\"><v>5</v></c></row><row r=\"3\" ht=\"15\" customHeight=\"1\"/>",
        // LibreOffice: single quotes, spaces around '=', formulas with entities, string results, booleans.
        "<row r='2' ><c r = 'A2' s='0' t='str'><f aca=\"false\">A1&amp;\"x\"</f><v>type&amp;x</v></c>"
            + "<c r='B2' t='b'><f>TRUE()</f><v>1</v></c><c r='C2' t='e'><v>#N/A</v></c ></row >",
        // Whitespace and line breaks between tags, rows and cells without r, empty values.
        "\n  <row>\n    <c t=\"s\"><v>3</v></c>\n    <c t=\"s\"><v>4</v></c>\n    <c><v/></c><c><v></v></c><c t=\"n\"><v>-3</v></c>\n  </row>\n"
            + "  <row><c t=\"s\"/><c/></row>\n",
        // Inline strings: one t, runs with properties, a phonetic run left out, an empty is.
        "<row r=\"4\"><c r=\"A4\" t=\"inlineStr\"><is><t xml:space=\"preserve\"> in &lt;line&gt; </t></is></c>"
            + "<c r=\"B4\" t=\"inlineStr\"><is><r><rPr><i/></rPr><t>a</t></r><r><t>b</t></r><rPh><t>x</t></rPh></is></c>"
            + "<c r=\"C4\" t=\"inlineStr\"><is/></c><c r=\"D4\" t=\"inlineStr\"/></row>",
        // Namespace prefixes on every element; an extension inside a cell; two values (the last one counts).
        "<x:row r=\"5\"><x:c r=\"A5\" t=\"s\"><x:v>5</x:v></x:c><x:c r=\"C5\"><x:extLst><x:ext uri=\"u\"><y:z a=\"1\">t</y:z></x:ext></x:extLst><x:v>7</x:v><x:v>8</x:v></x:c></x:row>",
        // Character references in values; a date and a number as written.
        "<row r=\"6\"><c r=\"A6\" t=\"str\"><v>&#233;&#x41;</v></c><c r=\"B6\" t=\"d\"><v>2024-01-02</v></c><c r=\"Z6\"><v>1E+30</v></c></row>",
    ])
    func commonShapesReadTheSameWithoutTheGeneralReader(sheetData: String) throws {
        let bytes = workbook(sheets: [("s", sheet(sheetData))], sharedStrings: Self.strings)
        let (scanned, general, readAgain) = readBothWays(bytes)
        let cells = try general.get()
        #expect(try scanned.get() == cells)
        #expect(!cells[0].rows.isEmpty)
        #expect(readAgain == 0, "the scanner gave a part back")
    }

    @Test func sharedStringsReadTheSame() throws {
        let sheetData = (0..<6).map { "<c t=\"s\"><v>\($0)</v></c>" }.joined()
        let bytes = workbook(sheets: [("s", sheet("<row>" + sheetData + "</row>"))], sharedStrings: Self.strings)
        let (scanned, general, readAgain) = readBothWays(bytes)
        #expect(try scanned.get() == general.get())
        #expect(
            describe(try scanned.get()[0]) == ["A1=type B1= spaced & <b> é😀  C1=runs F1=Ünïcødé ✓"])
        #expect(readAgain == 0)
    }

    /// What the scanner does not read itself is read again by the general reader, with the same cells.
    @Test(arguments: [
        "<!-- a comment --><row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c></row>",
        "<row r=\"1\"><?pi x?><c r=\"A1\" t=\"s\"><v>0</v></c></row>",
        "<row r=\"1\"><c r=\"A1\" t=\"str\"><v><![CDATA[<x>]]></v></c></row>",
        "<row r=\"&#49;\"><c r=\"A1\" t=\"s\"><v>0</v></c></row>",
        "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>a<!-- b -->c</t></is></c></row>",
        "<row r=\"1\"><c r=\"A1\" t=\"str\"><v>a<b>c</b></v></c></row>",
        "<row r=\"1\">text<c r=\"A1\" t=\"s\"><v>0</v></c></row>",
        "<row r=\"1\"><é>x</é><c r=\"A1\" t=\"s\"><v>0</v></c></row>",
        "<mergeCells/><row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c></row>",
        "<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c><row r=\"2\"><c r=\"A2\"><v>1</v></c></row></row>",
    ])
    func unusualShapesAreReadAgainTheSame(sheetData: String) throws {
        let bytes = workbook(sheets: [("s", sheet(sheetData))], sharedStrings: Self.strings)
        let (scanned, general, readAgain) = readBothWays(bytes)
        #expect(try scanned.get() == general.get())
        #expect(readAgain == 1)
    }

    /// Errors are the general reader's, at the same place and for the same reason, whether XML or SpreadsheetML.
    @Test(arguments: [
        "<row r=\"1\"><c r=\"B1\"><v>1</v></c><c r=\"A1\"><v>2</v></c></row>",
        "<row r=\"2\"/><row r=\"1\"/>",
        "<row r=\"1\"><c r=\"A1\" t=\"s\"><v>99</v></c></row>",
        "<row r=\"1\"><c r=\"A1\" t=\"s\"><v></v></c></row>",
        "<row r=\"1\"><c r=\"A1\" t=\"b\"><v>2</v></c></row>",
        "<row r=\"1\"><c r=\"A1\" t=\"q\"><v>2</v></c></row>",
        "<row r=\"1\"><c r=\"1A\"><v>2</v></c></row>",
        "<row r=\"x\"/>",
        "<row r=\"1\"><c r=\"A1\"><v>1</v></x></row>",
        // The one-value shape read in one pass, ending wrongly.
        "<row r=\"1\"><c r=\"A1\"><v>1</v></cc></row>",
        "<row r=\"1\"><c r=\"A1\"><v>1</w></c></row>",
        "<row r=\"1\"><c r=\"A1\"><v>1</v></c",
        "<row r=\"1\"><c r=\"A1\"><v>1 &bogus; </v></c></row>",
        "<row r=\"1\"><c r=\"A1\"><v>1 & 2</v></c></row>",
        "<row r=\"1\"><c r=\"A1\" r=\"B1\"><v>1</v></c></row>",
        "<row r=\"1\"><c r=\"A1\"t=\"s\"><v>1</v></c></row>",
        "<row r=\"1\"><c r=\"A1\" t=\"s<\"><v>1</v></c></row>",
        "<row r=\"1\"><c r=\"A1\"><v>1</v></c>",
        "<row r=\"1\"><c r=\"A1\"><v>1</v></c></row><row r=\"2\"><c r=\"A2\"><v>1</v>",
        "<row r=\"1\"><c r=\"A1\"><v>1</v></c></row><row r=\"2\"><c r=\"A2\"><v>1</v></c></row><row r=\"3\"><c r=\"A3\"><v>1</v></c></row>",
    ])
    func errorsAreTheGeneralReaders(sheetData: String) {
        var limits = XLSXLimits()
        limits.maximumCells = 2
        let bytes = workbook(sheets: [("s", sheet(sheetData))], sharedStrings: Self.strings)
        let (scanned, general, _) = readBothWays(bytes, limits: limits)
        guard case .failure(let error) = general else {
            Issue.record("the general reader read \(sheetData)")
            return
        }
        #expect(scanned == .failure(error))
    }

    /// The XML limits hold inside the parts the scanner reads: depth, attributes, name length.
    @Test func theXMLLimitsHoldTheSame() {
        let deep = "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><r><t>a</t></r></is></c></row>"
        let manyAttributes =
            "<row r=\"1\"><c r=\"A1\" " + (0..<20).map { "a\($0)=\"\($0)\"" }.joined(separator: " ")
            + "><v>1</v></c></row>"
        let longName = "<row r=\"1\"><c r=\"A1\"><" + String(repeating: "x", count: 40) + "/><v>1</v></c></row>"
        // worksheet, sheetData, row, c, v: a value five deep, read in one pass.
        let value = "<row r=\"1\"><c r=\"A1\"><v>1</v></c></row>"
        for (sheetData, adjust) in [
            (value, { (limits: inout XLSXLimits) in limits.xml.maximumDepth = 4 }),
            (value, { (limits: inout XLSXLimits) in limits.xml.maximumDepth = 5 }),
            (deep, { (limits: inout XLSXLimits) in limits.xml.maximumDepth = 6 }),
            (deep, { (limits: inout XLSXLimits) in limits.xml.maximumDepth = 7 }),
            (manyAttributes, { (limits: inout XLSXLimits) in limits.xml.maximumAttributes = 10 }),
            (manyAttributes, { (limits: inout XLSXLimits) in limits.xml.maximumAttributes = 30 }),
            (longName, { (limits: inout XLSXLimits) in limits.xml.maximumNameLength = 30 }),
            (longName, { (limits: inout XLSXLimits) in limits.xml.maximumNameLength = 40 }),
        ] as [(String, (inout XLSXLimits) -> Void)] {
            var limits = XLSXLimits()
            adjust(&limits)
            let bytes = workbook(sheets: [("s", sheet(sheetData))], sharedStrings: Self.strings)
            let (scanned, general, _) = readBothWays(bytes, limits: limits)
            #expect(scanned == general, "\(sheetData)")
        }
        var limits = XLSXLimits()
        limits.xml.maximumDepth = 6
        #expect(
            (try? readBothWays(workbook(sheets: [("s", sheet(deep))]), limits: limits).general.get()) == nil,
            "the depth limit is reached in this test")
    }

    /// The commonest shapes, read whole in one pass (`<row r="1">`, `<c r="A1" t="s"><v>0</v></c>`,
    /// `<si><t>text</t></si>`), read as the general reader reads them, and near misses of them handed to the
    /// general path (or read again) with the same result: references of every kind (`$`, lower case, too many
    /// letters or digits, past the sheet, none), types of any letters, values and texts with an entity or markup
    /// at every place of an eight-byte word, the limits.
    @Test func thePlainShapesReadTheSameAsTheGeneralReader() {
        var cases: [(sheetData: String, strings: String)] = []
        let references = [
            "A1", "B1", "$C$1", "c1", "AAA1", "AAAA1", "XFD1", "XFE1", "A0", "A1048577", "A10485760", "1", "A", "",
            "A1B", "A 1", "Z1",
        ]
        for reference in references {
            cases.append(("<row r=\"1\"><c r=\"\(reference)\" t=\"s\"><v>1</v></c></row>", Self.strings))
            cases.append(("<row r=\"1\"><c r=\"\(reference)\"><v>7</v></c></row>", Self.strings))
        }
        // Shared strings' indexes of every shape: read as the scanner reads a number, or as the general reader does.
        for index in [
            "0", "1", "01", "+1", "-0", "-1", "1 ", " 1", "1e0", "2", "3", "", "000000000000000001",
            "0000000000000000001",
            "99999999999999999999", "9223372036854775807", "9223372036854775808",
        ] {
            cases.append(("<row r=\"1\"><c r=\"A1\" t=\"s\"><v>\(index)</v></c></row>", Self.strings))
        }
        // References in and out of their row and order, read by the scanner on the way.
        for cells in [
            "<c r=\"A1\"><v>1</v></c><c r=\"B2\"><v>2</v></c>", "<c r=\"B1\"><v>1</v></c><c r=\"B1\"><v>2</v></c>",
            "<c r=\"B1\"><v>1</v></c><c r=\"A1\"><v>2</v></c>",
            "<c r=\"B1\"><v>1</v></c><c><v>2</v></c><c r=\"D1\"><v>3</v></c>",
            "<c><v>1</v></c><c r=\"B1\"><v>2</v></c><c r=\"$C1\"><v>3</v></c><c r=\"D$1\"><v>4</v></c>",
        ] {
            cases.append(("<row r=\"1\">\(cells)</row>", Self.strings))
        }
        // A reference's digits as its row's `r` writes them, or written otherwise.
        for (row, references) in [
            ("1", ["A1", "B01", "C1"]), ("01", ["A1", "B01", "C001"]), ("12", ["A12", "B1", "C123", "D12"]),
            ("1234567", ["A1234567", "B12345678"]), ("1048577", ["A1048577"]), ("0000012", ["A0000012", "B12"]),
        ] {
            let cells = references.map { "<c r=\"\($0)\"><v>1</v></c>" }.joined()
            cases.append(("<row r=\"\(row)\">\(cells)</row>", Self.strings))
        }
        for type in ["s", "n", "str", "b", "e", "inlineStr", "S", "", "x1"] {
            cases.append(("<row r=\"2\"><c r=\"A2\" t=\"\(type)\"><v>1</v></c></row>", Self.strings))
        }
        for row in ["1", "01", "1048576", "1048577", "", "1 ", "x"] {
            cases.append(("<row r=\"\(row)\"><c r=\"A\(row)\" t=\"s\"><v>0</v></c></row>", Self.strings))
        }
        for length in 0..<20 {
            let text = String(repeating: "é", count: length / 2) + String(repeating: "x", count: length % 2)
            for inserted in ["", "&amp;", "<b/>", "&nope;", "&", "]]>"] {
                for place in [0, text.count / 2, text.count] {
                    var item = text
                    item.insert(contentsOf: inserted, at: item.index(item.startIndex, offsetBy: place))
                    cases.append(
                        (
                            "<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c><c r=\"B1\" t=\"str\"><v>\(item)</v></c></row>",
                            "<sst><si><t>\(item)</t></si><si><t>\(item)</t></si></sst>"
                        ))
                }
            }
        }
        // Values of every length around the eight bytes read at once, each followed by every kind of byte.
        for digits in ["5", "12", "1234567", "12345678", "123456789", "0000001", "00000001"] {
            for after in ["", ".5", "E3", "x", "&amp;", " ", ":", "/", "é"] {
                for type in [" t=\"s\"", "", " t=\"n\""] {
                    cases.append(("<row r=\"1\"><c r=\"A1\"\(type)><v>\(digits)\(after)</v></c></row>", Self.strings))
                }
            }
        }
        // Rows' ends read at once or by their parts: another prefix, a space, a name that goes on.
        for (start, end) in [
            ("<row r=\"1\">", "</row>"), ("<x:row r=\"1\">", "</row>"), ("<row r=\"1\">", "</x:row>"),
            ("<x:row r=\"1\">", "</x:row>"), ("<row r=\"1\">", "</row >"), ("<row r=\"1\">", "</rows>"),
            ("<row r=\"1\" spans=\"1:1\">", "</row>"), ("<row r=\"12345678\">", "</row>"), ("<row r=\"\">", "</row>"),
        ] {
            cases.append((start + "<c r=\"A1\" t=\"s\"><v>0</v></c>" + end, Self.strings))
            cases.append((start + "<c r=\"A1\" t=\"s\"><v>0</v></c>" + end + "<row r=\"2\"/>", Self.strings))
        }
        let plain = "<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c><c r=\"B1\"><v>2</v></c></row>"
        for ending in ["", "</v>", "</v></c>", "</v></c></row>", "</v></c></row></sheetData>"] {
            cases.append(("<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0" + ending, Self.strings))
        }
        for (sheetData, strings) in cases {
            let bytes = workbook(sheets: [("s", sheet(sheetData))], sharedStrings: strings)
            let (scanned, general, _) = readBothWays(bytes)
            #expect(scanned == general, "\(sheetData) \(strings)")
        }
        for adjust in [
            { (limits: inout XLSXLimits) in limits.xml.maximumDepth = 4 },
            { (limits: inout XLSXLimits) in limits.xml.maximumDepth = 5 },
            { (limits: inout XLSXLimits) in limits.xml.maximumAttributes = 1 },
            { (limits: inout XLSXLimits) in limits.xml.maximumAttributes = 2 },
            { (limits: inout XLSXLimits) in limits.xml.maximumNameLength = 1 },
            { (limits: inout XLSXLimits) in limits.xml.maximumNameLength = 2 },
        ] as [(inout XLSXLimits) -> Void] {
            var limits = XLSXLimits()
            adjust(&limits)
            let bytes = workbook(sheets: [("s", sheet(plain))], sharedStrings: "<sst><si><t>a</t></si></sst>")
            let (scanned, general, _) = readBothWays(bytes, limits: limits)
            #expect(scanned == general, "\(limits.xml)")
        }
    }

    @Test func sharedStringErrorsAndLimitsAreTheGeneralReaders() {
        for (strings, maximum) in [
            ("<sst><si><t>a</t></si><si><t>b</t></si><si><t>c</t></si></sst>", 2),
            ("<sst><si><t>a &nope; </t></si></sst>", 10),
            ("<sst><si><t>a</t></sj></sst>", 10),
            ("<sst><si><t>a</t></si>", 10),
            ("<sst><si><t>a</t></si><!-- c --><si><t>b</t></si></sst>", 10),
        ] {
            var limits = XLSXLimits()
            limits.maximumSharedStrings = maximum
            let bytes = workbook(sheets: [("s", sheet("<row><c t=\"s\"><v>0</v></c></row>"))], sharedStrings: strings)
            let (scanned, general, _) = readBothWays(bytes, limits: limits)
            #expect(scanned == general, "\(strings)")
        }
    }

    /// Runs of bytes that are not ASCII are UTF-8 when `String(validating:as:)` says so: every run of one to three
    /// such bytes, and runs of four to eight made of pieces of valid and invalid sequences.
    @Test func runsOfNonASCIIBytesAreUTF8AsTheStandardLibrarySays() {
        func check(_ run: [UInt8]) -> Bool {
            run.withUnsafeBufferPointer { buffer in
                XMLReader.isUTF8Run(buffer, 0..<buffer.count) == (String(validating: buffer, as: UTF8.self) != nil)
            }
        }
        var mismatches = 0
        for first in UInt8(0x80)...0xFF {
            if !check([first]) { mismatches += 1 }
            for second in UInt8(0x80)...0xFF {
                if !check([first, second]) { mismatches += 1 }
                // Three bytes: every first and second byte, and third bytes at the edges of the ranges.
                for third: UInt8 in [0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xF4, 0xFF]
                where !check([first, second, third]) {
                    mismatches += 1
                }
            }
        }
        let pieces: [[UInt8]] = [
            [0xC3, 0xA9], [0xE2, 0x9C, 0x93], [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
            [0xF4, 0x90, 0x80, 0x80],
            [0xED, 0xA0, 0x80], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xF0, 0x80, 0x80, 0x80], [0x80], [0xF0, 0x9F],
            [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFF],
        ]
        for first in pieces {
            for second in pieces where !check(first + second) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }
}
