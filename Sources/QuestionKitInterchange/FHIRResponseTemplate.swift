import QuestionKit
import QuestionKitForms

/// The template a completed form and a QuestionnaireResponse share, as both converters of completed
/// forms see it: our template, and its Questionnaire (the one given, or the one FHIRWriter writes of
/// ours), whose items the response's items match by linkId.
public struct FHIRResponseTemplate: Sendable {
    /// Our template.
    public let template: Template
    /// The Questionnaire's items: a given one's, or those written of ours when a response is written
    /// (reading one needs only the linkIds; the whole Questionnaire written, then parsed, was most of
    /// reading a 20,000-answer response).
    let items: Items
    /// The release of the Questionnaire.
    public let version: FHIRVersion
    /// The response's `questionnaire`: the Questionnaire's `url` (with `|version` when it has one),
    /// else a URN of ours made of the title, since a canonical is required and ours has no address.
    public let canonical: String

    /// Where the Questionnaire's items come from.
    enum Items: Sendable {
        /// The `item` member of a Questionnaire given (nil when it has none).
        case given(JSONNode?)
        /// Ours, whose items this writer writes of `template`'s questions; `root` is the top level of
        /// the template given (its `_fhir` items), which the questions of a completed form's template
        /// (`matching`) do not point into.
        case written(FHIRWriter, root: JSONNode)
    }

    /// The template in `bytes`, ours or a FHIR Questionnaire (one with `resourceType`), with its
    /// problems; nil when it cannot be read (its errors say why). Ours is written as a `version`
    /// Questionnaire; a Questionnaire keeps its own release.
    public static func read(_ bytes: [UInt8], reader: TemplateReader, version: FHIRVersion = .r4) -> (
        template: FHIRResponseTemplate?, diagnostics: [Diagnostic]
    ) {
        read(JSONParser.parse(bytes), reader: reader, version: version)
    }

    /// `read` of the bytes' `JSONParser.parse` reading.
    static func read(_ parsed: JSONParseResult, reader: TemplateReader, version: FHIRVersion) -> (
        template: FHIRResponseTemplate?, diagnostics: [Diagnostic]
    ) {
        guard let document = parsed.document else { return (nil, parsed.diagnostics) }
        if document.root["resourceType"] != nil {
            // The parse made here is the one converted; the template made is read from its UTF-8.
            let converted = FHIRCheck.converted(parsed, reader: reader)
            guard let text = converted.template, let template = reader.read(text).template else {
                return (nil, converted.diagnostics)
            }
            let root = document.root
            var ignored = ProblemCollector(document: document)
            let version = FHIRVersionDetection(root: root).version(root: root, problems: &ignored)
            let canonical = Self.canonical(
                url: root["url"]?.stringValue, version: root["version"]?.stringValue,
                title: (root["title"] ?? root["name"])?.stringValue)
            let made = Self(
                template: template, items: .given(root["item"]), version: version, canonical: canonical)
            return (made, converted.diagnostics)
        }
        let read = reader.read(document)
        guard let template = read.template, !read.diagnostics.containsErrors else { return (nil, read.diagnostics) }
        return (
            written(template, root: document.root, title: template.title, reader: reader, version: version),
            read.diagnostics
        )
    }

    /// Ours in `parsed` when its questions are those of `form`, the template of a completed form read
    /// without errors (`TemplateReuse.sameQuestions`): then the form's questions are the template's as
    /// the reader would make them, and reading it again, a tenth of writing a 20,000-answer response,
    /// is left out. Nil otherwise (a Questionnaire, a parse with problems, other questions): read it.
    /// Its other problems, at its top level, are warnings, which a template read whole does not print.
    static func matching(_ parsed: JSONParseResult, form: Template, reader: TemplateReader, version: FHIRVersion)
        -> FHIRResponseTemplate?
    {
        guard parsed.diagnostics.isEmpty, let document = parsed.document, document.root.kind == .object,
            document.root["resourceType"] == nil,
            TemplateReuse.sameQuestions(document, as: form.document, keys: reader.keys)
        else { return nil }
        let root = document.root
        let title = root[reader.keys.spelling(of: .title)]?.stringValue
        return written(form, root: root, title: title, reader: reader, version: version)
    }

    /// Ours, with `template`'s questions and the top level `root` titled `title`, written as a `version` Questionnaire.
    private static func written(
        _ template: Template, root: JSONNode, title: String?, reader: TemplateReader, version: FHIRVersion
    ) -> FHIRResponseTemplate {
        // The writer's own reports (a question with no item) are the response's to make, per answer.
        var ignored = ProblemCollector(document: root.document)
        let writer = FHIRWriter(reader: reader, version: version)
        let header = writer.header(root: root, title: title, problems: &ignored)
        // A member as the Questionnaire written and parsed again reads it: the last of a repeated key.
        func string(_ key: String) -> String? {
            guard let member = header.last(where: { $0.0.utf8.elementsEqual(key.utf8) }) else { return nil }
            guard case .string(let text) = member.1 else { return nil }
            return text
        }
        let hasTitle = header.contains { $0.0.utf8.elementsEqual("title".utf8) }
        let canonical = Self.canonical(
            url: string("url"), version: string("version"), title: hasTitle ? string("title") : string("name"))
        return Self(template: template, items: .written(writer, root: root), version: version, canonical: canonical)
    }

    init(template: Template, items: Items, version: FHIRVersion, canonical: String) {
        self.template = template
        self.items = items
        self.version = version
        self.canonical = canonical
    }

    /// The position of each question of `template` by its linkId (the first of a duplicated one): made
    /// by the response's reader, which matches items by them; the writer walks the questions instead.
    func positions() -> [String: Int] {
        let linkIds = FHIRItemList.linkIds(of: template.questions)
        var positions: [String: Int] = [:]
        positions.reserveCapacity(linkIds.count)
        for (position, linkId) in linkIds.enumerated() where positions[linkId] == nil {
            positions[linkId] = position
        }
        return positions
    }

    /// The canonical of a Questionnaire with `url`, `version` and `title` (or `name`).
    static func canonical(url: String?, version: String?, title: String?) -> String {
        if let url { return version.map { "\(url)|\($0)" } ?? url }
        return "urn:questionkit:template:" + percentEncoded(title ?? "")
    }

    /// `text` with every byte outside the URI's unreserved characters percent-encoded.
    static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if scalar.properties.isASCIIHexDigit || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || "-._~".unicodeScalars.contains(scalar)
            {
                encoded.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }
}

/// What of a completed form a QuestionnaireResponse holds in extensions of ours, and how the two
/// write a date: one home for both converters.
enum FHIRResponseExtension {
    /// Our extensions have no published definition: their URLs are URNs of ours, which FHIR
    /// accepts as an extension's `url` and no one mistakes for an address.
    static let comment = "urn:questionkit:fhir:comment"
    /// An attachment of the question (`valueAttachment`: content type, `title` its name, `data`
    /// when the form embeds it).
    static let media = "urn:questionkit:fhir:media"
    /// An answer no `answer` carries, as the completed form stores it (`valueString`: its JSON).
    static let storedAnswer = "urn:questionkit:fhir:stored-answer"
    /// The foreman (`foremanComment.supervisor`), the foreman's comment and the submission date.
    static let foreman = "urn:questionkit:fhir:foreman"
    static let foremanComment = "urn:questionkit:fhir:foreman-comment"
    static let submittedDate = "urn:questionkit:fhir:submitted-date"

    /// The content type each kind of attachment is written with (the original app's files).
    static func contentType(of kind: MediaAttachment.Kind) -> String {
        switch kind {
        case .image: "image/jpeg"
        case .video: "video/quicktime"
        case .voice: "audio/mp4"
        }
    }

    /// The kind of an attachment of `contentType` (by its top-level type: the first part between
    /// slashes that is not empty), or nil.
    static func kind(ofContentType contentType: String) -> MediaAttachment.Kind? {
        // Found in the UTF-8 when it is ASCII, where a slash is a Character of its own (the Characters
        // that `split` made, and compared with each name, were most of reading an attachment). No text
        // but these bytes equals "image", "video" or "audio" as Swift compares strings.
        let top: Substring
        let utf8 = contentType.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            let slash = UInt8(ascii: "/")
            let start = utf8.firstIndex { $0 != slash } ?? utf8.endIndex
            top = contentType[start..<(utf8[start...].firstIndex(of: slash) ?? utf8.endIndex)]
        } else {
            guard let first = contentType.split(separator: "/").first else { return nil }
            top = first
        }
        if top.utf8.elementsEqual("image".utf8) { return .image }
        if top.utf8.elementsEqual("video".utf8) { return .video }
        if top.utf8.elementsEqual("audio".utf8) { return .voice }
        return nil
    }

    /// `2026-11-26` of our `Nov 26, 2026`; nil for anything else.
    static func fhirDate(of date: String) -> String? {
        CivilDate.day(ofFormDate: date).map(CivilDate.isoDate)
    }

    /// Our `Nov 26, 2026` of a FHIR date or dateTime's day (`2026-11-26`, `2026-11-26T10:00:00Z`); nil otherwise,
    /// as for a day FHIR does not write (`20260-3-02`): `fhirDate` writes back only what this reads.
    static func ourDate(of date: String) -> String? {
        CivilDate.day(ofISODate: date.prefix(10)).map(CivilDate.formDate)
    }
}

extension ProblemCollector {
    /// Reports here every problem of `other`, a collector of a type's own about the same document
    /// (so that the converter can tell whether the type said anything); whether there were any.
    mutating func reportAll(of other: ProblemCollector) -> Bool {
        let problems = other.problems
        for problem in problems {
            report(
                problem.severity, problem.code, problem.message, at: problem.node, hint: problem.hint,
                atKey: problem.atKey)
        }
        return !problems.isEmpty
    }
}
