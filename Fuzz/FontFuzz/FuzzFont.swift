// libFuzzer entry point for TrueType fonts as `--font` gives them: read, used for text, embedded as a
// subset. Compiled by Fuzz/run-fuzz.sh into one module with the PDF writer's sources. A font either
// fails to load with a TrueTypeError or is usable: its damaged glyphs fall back, and writing the PDF
// never fails. Trapping is the point here: every check that fails is a bug the fuzzer has found.

/// Text with Latin, Greek, Cyrillic, CJK, an emoji, combining marks and the replacement character.
private let sample = "AaBb Ωé Ж 温度 😀 e\u{301} \u{FFFD} fi"

/// Reads one input as a font and prints with it; traps when a loaded font cannot be printed with.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    guard let font = try? TrueTypeFont(data: bytes, source: "fuzz.ttf") else { return 0 }
    for scalar in sample.unicodeScalars {
        if let glyph = font.glyph(for: scalar) {
            require(Int(glyph) < font.glyphCount, "glyph \(glyph) of \(font.glyphCount)")
            require(font.unusableGlyphs[glyph] == nil, "an unusable glyph \(glyph) is offered")
        }
    }
    var page = PDFPage(fonts: PDFFontSet(preferred: [font], fallbacks: [font]))
    page.drawText(sample, at: PDFPoint(x: 10, y: 10), size: 10)
    var document = PDFDocument()
    document.append(page)
    do {
        let pdf = try document.write()
        require(pdf.starts(with: Array("%PDF-".utf8)), "not a PDF")
    } catch {
        require(false, "a loaded font failed to print: \(error)")
    }
    return 0
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant violated: \(message())") }
}
