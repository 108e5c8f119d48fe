import QuestionKit
import QuestionKitFiles
import QuestionKitForms
import QuestionKitPDF
import QuestionKitStore

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
    static let imageLimit = FormFolder.mediaLimit

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
    /// `photos` are the thumbnails to print (see `photos(of:folderOf:locatedIn:context:)`).
    static func write(
        _ review: Review, photos: [String: PDFImage] = [:],
        to path: String, arguments: ParsedArguments, context: inout CommandContext
    ) -> Bool {
        guard let document = render(review, photos: photos, arguments: arguments, context: &context)
        else { return false }
        return write(consume document, to: path, context: &context)
    }

    /// The printed form of `review` with the thumbnails `photos`, its warnings printed (see
    /// `write`); nil, with the reason printed, when the --logo cannot be used.
    static func render(
        _ review: Review, photos: [String: PDFImage] = [:],
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
        options.photos = photos
        let document = FormPDF.render(review, options: options)
        for warning in fontWarnings + fonts.warnings(for: document.warnings) {
            context.printError(TerminalText.escaped("\(context.toolName): warning: \(warning)"))
        }
        return document
    }

    /// The printed form of the review `taken` holds, which is let go (nil) once the form is
    /// rendered (see `render`).
    static func render(
        taking taken: inout Review?, photos: [String: PDFImage], arguments: ParsedArguments,
        context: inout CommandContext
    ) -> PDFDocument? {
        guard let review = taken.take() else { return nil }
        return render(review, photos: photos, arguments: arguments, context: &context)
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

    /// The thumbnails of `form`'s photos, read from the files in the folder of `folderOf` (none
    /// when it is standard input) or from the form's embedded media (see `FormPDFPhotos`); a photo
    /// that cannot be printed is a warning located in `locatedIn` (the file the form's JSON was read
    /// from), printed to standard error, except a photo found nowhere when `missingIsWarning` is false.
    static func photos(
        of form: FilledForm, folderOf: String, locatedIn: FileDiagnostics, missingIsWarning: Bool = true,
        context: inout CommandContext
    ) -> [String: PDFImage] {
        let (images, diagnostics) = FormPDFPhotos.load(
            form, reportingMissing: missingIsWarning, file: FormFolder(of: folderOf).file)
        context.printDiagnostics(
            FileDiagnostics(path: locatedIn.path, diagnostics: diagnostics, source: locatedIn.source))
        return images
    }
}
