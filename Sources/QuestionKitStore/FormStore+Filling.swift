import Foundation
import QuestionKit
import QuestionKitFiles
import QuestionKitForms

/// What `fill` did.
public struct FillResult: Sendable {
    /// The form as saved, or as it was when nothing was saved.
    public var form: StoredForm
    /// One line per step, as a person would describe the walk.
    public var transcript: [String]
    /// Problems, located in the fixture.
    public var diagnostics: [Diagnostic]
    /// Whether the form was saved: only when the fixture had no errors.
    public var saved: Bool
    /// Where the walk ended: `exited`, `review`, `filling`, …
    public var outcome: String
}

/// A file copied into a form as an attachment.
public struct Attachment: Sendable {
    /// The attachment as the form names it: its kind and its `Qid<i>` name.
    public var media: MediaAttachment
    /// The 1-based number of the question it belongs to.
    public var question: Int
    /// The copy's path in the form's folder.
    public var path: String
}

/// What `detach` did.
public struct Detachment: Sendable {
    /// The attachment the form no longer names.
    public var media: MediaAttachment
    /// The 1-based number of the question it belonged to.
    public var question: Int
    /// The files removed from the form's folder (none when its file was already missing).
    public var removedFiles: [String]
    /// The form as saved.
    public var form: StoredForm
}

extension FormStore {
    /// Replays `fixture` into an incomplete form, continuing where it was left (see `StoreReplay`
    /// in the documentation of `questionkit store fill`), and saves it, unless the fixture has
    /// errors: then the form stays as it was.
    public func fill(_ reference: FormReference, with fixture: Fixture) throws(StoreError) -> FillResult {
        try writing { () throws(StoreError) in
            var stored = try load(reference)
            try require(reference, in: .incomplete, to: "filled")
            var replay = StoreReplay(fixture: fixture, form: stored.form)
            replay.run()
            let outcome = replay.session.phase.outcomeName
            guard replay.passed else {
                return FillResult(
                    form: stored, transcript: replay.transcript, diagnostics: replay.diagnostics, saved: false,
                    outcome: outcome)
            }
            stored.form = replay.session.form
            stored.form.technician = reference.user
            try saveForm(stored)
            return FillResult(
                form: stored, transcript: replay.transcript, diagnostics: replay.diagnostics, saved: true,
                outcome: outcome)
        }
    }

    /// Copies `file` into an incomplete form as an attachment of question `number` (1-based),
    /// named as the form session names media: `Qid<i>`, `Qid<i>(2)`, … (one counter per question
    /// shared by all kinds), with the kind's extension (`.jpg`, `.mov`, `.m4a`). The kind is
    /// `kind`, or else read from the file's extension.
    ///
    /// A completed form takes attachments from the foreman, as the original allowed from the
    /// review: the foreman is `foreman`, else the one who commented, and the question records the
    /// edit (``ForemanEdit``: who, `now`, the attachments before), as `edit` does. A submitted form
    /// does not change.
    public func attach(
        _ reference: FormReference, question number: Int, file: String, kind: MediaAttachment.Kind? = nil,
        foreman: String? = nil, now: Date = Date()
    ) throws(StoreError) -> Attachment {
        guard let kind = kind ?? Self.mediaKind(ofFile: file) else {
            throw StoreError(
                code: "store.bad-attachment",
                message: "cannot tell whether '\(file)' is an image, a video or a voice note from its extension",
                hint: "Name the kind: --kind image, --kind video or --kind voice.")
        }
        guard FileStatus.of(file, following: true) == .file else {
            throw StoreError(
                code: "store.bad-attachment", message: "'\(file)' is missing or not a regular file",
                hint: "Attach a photo, video or voice-note file.")
        }
        return try writing { () throws(StoreError) in
            var stored = try load(reference)
            let foreman = try foremanOfChange(
                named: foreman, to: stored, refused: "it cannot be given attachments", done: "given attachments",
                usage: "attach \(reference) …")
            let position = try self.position(of: number, in: stored)
            let index = stored.form.template.questions[position].index
            let taken = Set(stored.form.entries[position].media.map(\.name))
            var count = taken.count + 1
            while taken.contains(MediaAttachment.name(questionIndex: index, count: count)) { count += 1 }
            let media = MediaAttachment(kind: kind, name: MediaAttachment.name(questionIndex: index, count: count))
            let path = folder(of: stored.reference) + "/" + media.fileName
            // The file first: a crash before the form is written leaves a file no form names
            // (overwritten by the next attachment of that name), never a name without its file; a
            // failed write of the form removes it.
            try StoreError.converting(try AtomicFile.copy(from: file, to: path))
            if let foreman {
                let before = stored.form.entries[position]
                recordEdit(in: &stored, at: position, changes: [.media], before: before, foreman: foreman, now: now)
            }
            stored.form.entries[position].media.append(media)
            do throws(StoreError) {
                try saveForm(stored)
            } catch {
                // The form does not name the copy (a full disk, say): it goes, rather than stay an orphan.
                try? FolderAccess.remove(path)
                throw error
            }
            return Attachment(media: media, question: number, path: path)
        }
    }

    /// Deletes the attachment `name` (`Qid3(2)`, or its file name `Qid3(2).jpg`) from an
    /// incomplete or completed form, as the original let whoever could edit the form do: the form
    /// stops naming it, then its file goes. A submitted form does not change.
    ///
    /// Kill safety: the form is written first (atomically), then the file is removed. A crash in
    /// between leaves a file that no form names: never listed, embedded or printed (only named
    /// media are read), overwritten by an attachment of that name and removed with the form. The
    /// other order could leave a form naming a file that is gone. A symbolic link planted under
    /// the attachment's name is removed as a link, never followed (`FolderAccess`).
    ///
    /// On a completed form the deletion is the foreman's edit, recorded as `attach` records one:
    /// by `foreman`, else the one who commented (refused when the form has neither), at `now`.
    public func detach(
        _ reference: FormReference, name: String, foreman: String? = nil, now: Date = Date()
    ) throws(StoreError) -> Detachment {
        try writing { () throws(StoreError) in
            var stored = try load(reference)
            let foreman = try foremanOfChange(
                named: foreman, to: stored, refused: "its attachments cannot be deleted", done: "changed",
                usage: "detach \(reference) \(name)")
            let named = stored.form.entries.indices.lazy.flatMap { position in
                stored.form.entries[position].media.indices.lazy.map { (position, $0) }
            }
            guard
                let (position, slot) = named.first(where: { position, slot in
                    let media = stored.form.entries[position].media[slot]
                    return media.name == name || media.fileName == name
                })
            else {
                throw noSuchAttachment(name, in: stored)
            }
            let before = stored.form.entries[position]
            let media = stored.form.entries[position].media.remove(at: slot)
            if let foreman {
                recordEdit(in: &stored, at: position, changes: [.media], before: before, foreman: foreman, now: now)
            }
            try saveForm(stored)
            // Every file the attachment could be read from (a photo's `.jpeg` and `.png` too), so
            // that it does not come back from a file beside the form.
            let folder = folder(of: stored.reference)
            var removed: [String] = []
            for fileExtension in media.kind.fileExtensions {
                let file = media.name + "." + fileExtension
                guard FileStatus.of(folder + "/" + file) != .missing else { continue }
                do throws(StoreError) {
                    try StoreError.converting(try FolderAccess.remove(folder + "/" + file))
                } catch {
                    throw StoreError(
                        code: error.code,
                        message: "'\(media.name)' was deleted from the form '\(reference)', but its file could "
                            + "not be removed: \(error.message)",
                        hint: "The form no longer names the file; it is removed with the form.")
                }
                removed.append(file)
            }
            if !removed.isEmpty { try? AtomicFile.syncFolder(folder) }
            return Detachment(
                media: media, question: stored.form.template.questions[position].number, removedFiles: removed,
                form: stored)
        }
    }

    /// `store.no-such-attachment`: the form names no attachment `name`; the hint lists those it names.
    private func noSuchAttachment(_ name: String, in stored: StoredForm) -> StoreError {
        let names = stored.form.entries.flatMap(\.media).map(\.fileName).sorted(by: Self.mediaOrder)
        let suggestion = Suggestion.nearest(to: name, in: names).map { "Did you mean '\($0)'? " } ?? ""
        return StoreError(
            code: "store.no-such-attachment",
            message: "the form '\(stored.reference)' has no attachment \(StoreNames.quoted(name))",
            hint: names.isEmpty
                ? "The form has no attachments."
                : suggestion + "Its attachments: " + names.joined(separator: ", ") + ".")
    }

    /// The kind of media a file holds, by its extension; nil when the extension says nothing.
    public static func mediaKind(ofFile path: String) -> MediaAttachment.Kind? {
        let kinds: [MediaAttachment.Kind: Set<String>] = [
            .image: ["jpg", "jpeg", "png", "heic", "heif", "gif", "tif", "tiff", "bmp", "webp"],
            .video: ["mov", "mp4", "m4v", "avi", "3gp", "mkv", "webm"],
            .voice: ["m4a", "mp3", "wav", "aac", "caf", "ogg", "oga", "amr", "flac"],
        ]
        let suffix = PathText.pathExtension(of: path).lowercased()
        return MediaAttachment.Kind.allCases.first { kinds[$0]?.contains(suffix) == true }
    }
}
