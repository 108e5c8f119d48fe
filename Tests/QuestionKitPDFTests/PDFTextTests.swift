import Foundation
import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitPDF

@Suite("PDF text: fallback fonts per character, measuring, line breaking")
struct PDFTextTests {
    private let testFont: TrueTypeFont
    private let fonts: PDFFontSet

    init() throws {
        testFont = try TrueTypeFont(data: PDFTestFont.bytes(format12: true))
        fonts = PDFFontSet(fallbacks: [testFont])
    }

    private func describe(_ runs: [PDFTextRun]) -> [String] {
        runs.map { run in
            switch run.face {
            case .standard(let font):
                font.rawValue + ":"
                    + String(String.UnicodeScalarView(run.codes.compactMap(WinAnsiEncoding.scalar(for:))))
                    + (run.isReplacement ? "!" : "")
            case .trueType(let font):
                font.postScriptName + ":" + run.glyphs.map { "\($0.glyph)" }.joined(separator: ",")
                    + (run.isReplacement ? "!" : "")
            }
        }
    }

    @Test func winAnsiTextIsOneHelveticaRun() {
        let (runs, missing) = fonts.runs(for: "Hello, Prüfung «ok» – 5 €", font: .helvetica)
        #expect(runs.count == 1 && missing.isEmpty)
        #expect(
            runs.first?.width
                == PDFStandardFont.helvetica.width(of: "Hello, Prüfung «ok» – 5 €", size: 1000).map(Int.init))
    }

    @Test func charactersHelveticaLacksGoToTheFirstFallbackThatHasThem() {
        let (runs, missing) = fonts.runs(for: "x😀😀y", font: .helveticaBold)
        #expect(describe(runs) == ["Helvetica-Bold:x", "TestFont-Regular:1,1", "Helvetica-Bold:y"])
        #expect(missing.isEmpty)
    }

    @Test func preferredFontsComeBeforeHelvetica() {
        let preferring = PDFFontSet(preferred: [testFont])
        #expect(
            describe(preferring.runs(for: "AxB", font: .helvetica).runs) == [
                "TestFont-Regular:1", "Helvetica:x", "TestFont-Regular:2",
            ])
    }

    @Test func aCharacterNoFontHasIsReplacedAndReportedOnce() {
        let (runs, missing) = fonts.runs(for: "Ω and Ω, 温", font: .helvetica)
        #expect(
            describe(runs) == [
                "TestFont-Regular:3!", "Helvetica: and ", "TestFont-Regular:3!", "Helvetica:, ", "TestFont-Regular:3!",
            ])
        #expect(missing == ["Ω", "温"])
        let (alone, _) = PDFFontSet.standardOnly.runs(for: "Ω", font: .helvetica)
        #expect(describe(alone) == ["Helvetica:?!"])
    }

    @Test func decomposedAccentsAreComposedAndControlsDropped() {
        let (runs, missing) = fonts.runs(for: "Cafe\u{301}\tok\u{7}\u{200B}", font: .helvetica)
        #expect(describe(runs) == ["Helvetica:Caf\u{E9} ok"])
        #expect(missing.isEmpty)
    }

    @Test func pagesAndDocumentsReportEachMissingCharacterOnce() {
        var document = PDFDocument()
        for _ in 0..<2 {
            var page = PDFPage()
            page.drawText("Ω Ω 温", at: PDFPoint(x: 10, y: 10), size: 10)
            page.drawText("Ω", at: PDFPoint(x: 10, y: 30), size: 10)
            #expect(page.warnings == [.missingGlyph("Ω"), .missingGlyph("温")])
            document.append(page)
        }
        #expect(document.warnings == [.missingGlyph("Ω"), .missingGlyph("温")])
        #expect(document.warnings.first?.description == "no font has a glyph for U+03A9 'Ω'; shown as a replacement")
    }

    @Test func widthAddsTheRunsOfEachFont() {
        // "x" is 500 and "A" 667 in Helvetica, "😀" 650 in the test font: 1817 thousandths, 18.17 pt at 10 pt.
        #expect(fonts.width(of: "xA😀", font: .helvetica, size: 10) == 18.17)
        var page = PDFPage(fonts: fonts)
        #expect(page.drawText("xA😀", at: PDFPoint(x: 0, y: 0), size: 10) == 18.17)
    }

    @Test func mixedTextMovesFromRunToRunAndShowsGlyphIdsInHex() {
        var page = PDFPage(fonts: fonts)
        page.drawText("x😀", at: PDFPoint(x: 72, y: 92), size: 10)
        #expect(
            String(decoding: page.finishedContent, as: UTF8.self) == """
                BT
                /F1 10 Tf 72 700 Td
                (x) Tj
                /F2 10 Tf 5 0 Td
                <0001> Tj
                ET

                """)
        #expect(page.glyphUsage[testFont] == [1: "😀"])
    }

    @Test func toUnicodeMapsGlyphsToUTF16IncludingSurrogatePairs() {
        let cmap = String(decoding: PDFFontWriter.toUnicodeCMap([1: "A", 7: "😀", 3: "温"]), as: UTF8.self)
        #expect(cmap.contains("3 beginbfchar\n<0001> <0041>\n<0003> <6E29>\n<0007> <D83DDE00>\nendbfchar\n"))
        #expect(cmap.contains("/CMapName /Adobe-Identity-UCS def"))
    }

    @Test func aFontNamedThatCannotBeLoadedIsReportedAtOnceAndLeftOut() {
        let (set, warnings) = PDFFontSet.loadingFonts(
            fallbackFiles: [], boldFallbackFiles: [], extraFontFiles: ["/no/such/font.ttf"])
        #expect(set.fallbacks.isEmpty && set.preferred.isEmpty && set.unavailable.isEmpty)
        #expect(warnings.count == 1)
        #expect(warnings.first?.description.hasPrefix("font '/no/such/font.ttf' not used: cannot read font") == true)
    }

    @Test func aFallbackThatCannotBeLoadedIsKeptAsUnavailableWithoutAWarning() {
        let (set, warnings) = PDFFontSet.loadingFonts(
            fallbackFiles: ["/no/such/font.ttf"], boldFallbackFiles: ["/no/such/bold.ttf"])
        #expect(set.fallbacks.isEmpty && set.boldFallbacks.isEmpty && warnings.isEmpty)
        #expect(set.unavailable.map(\.path) == ["/no/such/font.ttf", "/no/such/bold.ttf"])
        #expect(set.unavailable.first?.reason.hasPrefix("cannot read font '/no/such/font.ttf'") == true)
    }

    /// The README's form needs no fallback font: a missing one is not mentioned. A form that needs one
    /// names it once, with the characters it would have shown.
    @Test func aMissingFallbackIsNamedOnlyWithTheCharactersThatNeededIt() {
        var fonts = PDFFontSet.standardOnly
        fonts.unavailable = [
            PDFUnavailableFont(path: "/fonts/greek.ttf", reason: "gone", coverage: [0x0370...0x03FF]),
            PDFUnavailableFont(path: "/fonts/cjk.ttf", reason: "gone too", coverage: [0x4E00...0x9FFF]),
        ]
        func warnings(_ text: String) -> [PDFWarning] {
            var document = PDFDocument()
            var page = PDFPage(fonts: fonts)
            page.drawText(text, at: PDFPoint(x: 40, y: 40), size: 12)
            page.drawText(text + " again", at: PDFPoint(x: 40, y: 60), size: 12)
            document.append(page)
            return fonts.warnings(for: document.warnings)
        }
        #expect(warnings("Öltemperatur 52 °C – “ok” €").isEmpty)
        let named = warnings("温度 Ω \u{1D11E} 度")
        #expect(
            named == [
                .fallbackFontUnavailable(path: "/fonts/greek.ttf", reason: "gone", characters: ["Ω"]),
                .fallbackFontUnavailable(path: "/fonts/cjk.ttf", reason: "gone too", characters: ["温", "度"]),
                .missingGlyph("\u{1D11E}"),
            ])
        #expect(
            named[1].description
                == "font '/fonts/cjk.ttf' not used, so 2 characters it would have shown are replaced "
                + "(U+6E29 '温', U+5EA6 '度'): gone too")
    }

    @Test func theUsualFallbacksAreKnownByTheirPath() {
        let dejaVu = PDFUnavailableFont(path: PDFFontSet.dejaVuSansPath, reason: "")
        let droid = PDFUnavailableFont(path: PDFFontSet.droidSansFallbackPath, reason: "")
        #expect(dejaVu.covers("Ω") && dejaVu.covers("Ж") && dejaVu.covers("≤") && dejaVu.covers("₂"))
        #expect(!dejaVu.covers("温") && droid.covers("温") && droid.covers("한") && droid.covers("カ"))
        #expect(!droid.covers("Ω") && !droid.covers("\u{1D11E}"))
        #expect(PDFUnavailableFont(path: "/elsewhere.ttf", reason: "").covers("\u{1D11E}"))
        let warning = PDFWarning.fallbackFontUnavailable(
            path: PDFFontSet.droidSansFallbackPath, reason: "missing", characters: ["温"])
        #expect(warning.description.hasSuffix("missing; install the Debian package fonts-droid-fallback"))
    }

    @Test func subsetNamesHaveSixCapitalLettersAndAPlus() throws {
        let tag = PDFFontWriter.subsetTag(testFont, glyphs: [1, 2])
        #expect(tag.count == 6 && tag.allSatisfy { $0.isASCII && $0.isUppercase })
        #expect(tag != PDFFontWriter.subsetTag(testFont, glyphs: [1]))
    }
}
