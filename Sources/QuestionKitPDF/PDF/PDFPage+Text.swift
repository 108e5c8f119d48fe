extension PDFPage {
    /// Draws one line of text with its baseline at `point` (from the top-left corner) and returns its width.
    ///
    /// Each character is drawn in the first font of ``fonts`` that has it (see ``PDFFontSet``); a character
    /// that none has is replaced visibly, in red, and reported in ``warnings``. Line breaks are not
    /// interpreted: break text into lines first with ``PDFFontSet/lines(for:font:size:width:)``.
    @discardableResult
    public mutating func drawText(
        _ text: String, at point: PDFPoint, font: PDFStandardFont = .helvetica, size: Double,
        color: PDFColor = .black
    ) -> Double {
        let (runs, warnings) = fonts.runsAndWarnings(for: text, font: font)
        addWarnings(warnings)
        guard !runs.isEmpty else { return 0 }
        setFill(color)
        content.append("BT\n")
        var advance = 0
        for (index, run) in runs.enumerated() {
            content.append(name: "F\(resourceNumber(for: run.face))")
            content.append(" ")
            content.append(number: size)
            content.append(" Tf ")
            if index == 0 {
                appendPoint(point)
            } else {
                // Td moves from the start of the previous run.
                content.append(number: Double(advance) * size / 1000)
                content.append(" 0")
            }
            content.append(" Td\n")
            if run.isReplacement {
                setFill(.red)
            }
            appendShow(run)
            if run.isReplacement {
                setFill(color)
            }
            recordGlyphs(run)
            advance = run.width
        }
        content.append("ET\n")
        return Double(runs.reduce(0) { $0 + $1.width }) * size / 1000
    }

    private mutating func appendShow(_ run: PDFTextRun) {
        switch run.face {
        case .standard:
            content.append(literal: run.codes)
        case .trueType:
            content.append(byte: UInt8(ascii: "<"))
            for (glyph, _) in run.glyphs {
                content.appendHex16(glyph)
            }
            content.append(byte: UInt8(ascii: ">"))
        }
        content.append(" Tj\n")
    }
}
