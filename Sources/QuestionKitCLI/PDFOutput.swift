import QuestionKit
import QuestionKitFiles
import QuestionKitForms
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
        OptionSpec(
            "heading", value: "TEXT",
            help: "The text of the PDF's heading bar (default '\(FormPDFOptions.defaultHeading)')."),
        OptionSpec("logo", value: "FILE", help: "A JPEG or PNG logo for the PDF's heading bar."),
    ]

    /// The most bytes a logo file may have.
    static let imageLimit = FormFolder.photoLimit

    /// The most bytes a font file named with --font may have.
    static let fontLimit = 64 << 20

    /// The system fonts (read once per process) with the fonts of `paths` before them, each read by
    /// the input rule (see `InputRule`); one that cannot be read or used is a warning.
    static func fonts(named paths: [String]) -> (fonts: PDFFontSet, warnings: [PDFWarning]) {
        var (fonts, warnings) = FormPDFOptions.systemFonts
        var named: [TrueTypeFont] = []
        for path in paths {
            do {
                named.append(try TrueTypeFont(data: try FileInput.read(path, limit: fontLimit), source: path))
            } catch let error as FileAccessError {
                warnings.append(.fontUnavailable(path: path, reason: error.reason))
            } catch {
                warnings.append(.fontUnavailable(path: path, reason: String(describing: error)))
            }
        }
        fonts.preferred = named + fonts.preferred
        return (fonts, warnings)
    }

    /// Writes the printed form of `review` to `path` (see `OutputFile`; `-` is standard output);
    /// warnings (a character no font shows, a font named by --font that cannot be read, a missing
    /// fallback font a character needed) go to standard error. False when the file could not be written.
    /// With `photosOf`, the completed form and where it was read from: its photos are printed as
    /// thumbnails (see `FormPDFPhotos`), and a photo that cannot be is a warning located in it.
    static func write(
        _ review: Review, photosOf loaded: (form: FilledForm, file: FileDiagnostics)? = nil,
        to path: String, arguments: ParsedArguments, context: inout CommandContext
    ) -> Bool {
        guard let document = render(review, photosOf: loaded, arguments: arguments, context: &context)
        else { return false }
        return write(consume document, to: path, context: &context)
    }

    /// The printed form of `review`, its warnings printed (see `write`); nil, with the reason
    /// printed, when the --logo cannot be used.
    static func render(
        _ review: Review, photosOf loaded: (form: FilledForm, file: FileDiagnostics)? = nil,
        arguments: ParsedArguments, context: inout CommandContext
    ) -> PDFDocument? {
        let (fonts, fontWarnings) = Self.fonts(named: arguments.allValues["font"] ?? [])
        var options = FormPDFOptions()
        options.fonts = fonts
        options.pageSize = arguments.values["page-size"] == "a4" ? .a4 : .letter
        options.author = review.header.technician
        options.heading = arguments.values["heading"] ?? FormPDFOptions.defaultHeading
        if let logo = arguments.values["logo"] {
            do {
                options.logo = try PDFImage.read(try FileInput.read(logo, limit: imageLimit))
            } catch {
                context.printError(TerminalText.escaped("\(context.toolName): error: --logo '\(logo)': \(error)"))
                return nil
            }
        }
        if let loaded {
            options.photos = photos(of: loaded.form, file: loaded.file, context: &context)
        }
        let document = FormPDF.render(review, options: options)
        for warning in fontWarnings + fonts.warnings(for: document.warnings) {
            context.printError(TerminalText.escaped("\(context.toolName): warning: \(warning)"))
        }
        return document
    }

    /// The printed form of the review `taken` holds, which is let go (nil) once the form is
    /// rendered (see `render`).
    static func render(
        taking taken: inout Review?, arguments: ParsedArguments, context: inout CommandContext
    ) -> PDFDocument? {
        guard let review = taken.take() else { return nil }
        return render(review, arguments: arguments, context: &context)
    }

    /// Writes `document` to `path` (see `write`); false, with the reason printed, when it could not be.
    /// Its pages are let go as they go into the file's bytes.
    static func write(_ document: consuming PDFDocument, to path: String, context: inout CommandContext) -> Bool {
        let bytes: [UInt8]
        do {
            bytes = try document.writeLettingPagesGo()
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

    /// The photos of `form`, read from the files beside it (none when it came from standard input)
    /// or from its embedded media; warnings for those that cannot be printed.
    private static func photos(
        of form: FilledForm, file: FileDiagnostics, context: inout CommandContext
    ) -> [String: PDFImage] {
        let (images, diagnostics) = FormPDFPhotos.load(form, file: FormFolder(of: file.path).file)
        context.standardError += DiagnosticPrinter.text(
            FileDiagnostics(path: file.path, diagnostics: diagnostics, source: file.source))
        return images
    }
}
