import QuestionKit
import QuestionKitPDF

/// The PDF options shared by `run` and `export`, and writing the printed form.
enum PDFOutput {
    static let options: [OptionSpec] = [
        OptionSpec(
            "page-size", value: "SIZE", choices: ["letter", "a4"], help: "Paper for the PDF: US Letter (default) or A4."
        ),
        OptionSpec(
            "font", value: "FILE",
            help: "A TrueType font tried before the built-in ones (repeatable), e.g. for scripts they lack."),
    ]

    /// Writes the printed form of `review` to `path` (see `OutputFile`; `-` is standard output);
    /// warnings (a character no font shows, a font named by --font that cannot be read, a missing
    /// fallback font a character needed) go to standard error. False when the file could not be written.
    static func write(
        _ review: Review, to path: String, arguments: ParsedArguments, context: inout CommandContext
    ) -> Bool {
        let extraFonts = arguments.allValues["font"] ?? []
        // The system fonts are read once per process; fonts named with --font join them, tried first.
        let (fonts, fontWarnings) =
            extraFonts.isEmpty
            ? FormPDFOptions.systemFonts
            : PDFFontSet.loadingFonts(extraFontFiles: extraFonts, extraFontsFirst: true)
        var options = FormPDFOptions()
        options.fonts = fonts
        options.pageSize = arguments.values["page-size"] == "a4" ? .a4 : .letter
        options.author = review.header.technician
        let document = FormPDF.render(review, options: options)
        for warning in fontWarnings + fonts.warnings(for: document.warnings) {
            context.printError(TerminalText.escaped("\(context.toolName): warning: \(warning)"))
        }
        let bytes: [UInt8]
        do {
            bytes = try document.write()
        } catch {
            context.printError("\(context.toolName): error: cannot make the PDF: \(error)")
            return false
        }
        do {
            try context.writeOutput(bytes, to: path)
            return true
        } catch {
            context.printError("\(context.toolName): error: \(error)")
            return false
        }
    }
}
