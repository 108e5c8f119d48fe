import Foundation
import QuestionKit
import QuestionKitFiles
import QuestionKitForms

/// What `submit` did: where the final form is, with its attachments, and which working copy went.
public struct Submission: Sendable {
    /// The submitted form in the outbox.
    public var outbox: FormReference
    /// The completed-form JSON in the outbox, every attachment embedded in it as the original
    /// app uploaded it.
    public var formFile: String
    /// The attachments' file names beside it.
    public var attachments: [String]
    /// The attachments that could not be embedded (their file missing, refused, or too large for
    /// the form to be read back), located in the form.
    public var warnings: [Diagnostic] = []
    /// The working copy that is no longer in the completed folder.
    public var removed: FormReference
}

extension FormStore {
    /// Starts a new, empty form of `template` for `user` in `<root>/<user>/<Title dd-MM-yyyy>/`
    /// (` (2)`, ` (3)`, … on a clash), creating the store when there is none yet.
    ///
    /// The form is built in the staging folder and renamed into place: it appears whole or not at all.
    public func start(template: Template, user: String, now: Date = Date()) throws(StoreError) -> StoredForm {
        let user = try checkUser(user)
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw .io("create the store", root, error.localizedDescription)
        }
        return try writing { () throws(StoreError) in
            // Checked before the staging folder is made: a refused start leaves nothing behind.
            try checkInside(user)
            var form = FilledForm(template: template)
            form.technician = user
            let record = StoreRecord(created: now)
            let staging = try makeFolders(Self.stagingFolder) + "/" + record.id
            do throws(StoreError) {
                let text = CompletedFormWriter.json(form)
                try StoreError.converting(try AtomicFile.makeFolder(staging))
                try StoreError.converting(try AtomicFile.write(text, to: staging + "/" + Self.formFile))
                try StoreError.converting(try AtomicFile.write(record.json, to: staging + "/" + Self.recordFile))
                _ = try makeFolders(user)
                let name =
                    StoreNames.safeTitle(template.title) + " "
                    + StoreDates.folderDate(now, timeZone: configuration.timeZone)
                let reference = reference(.incomplete, user: user, name: freeName(name, in: user))
                try StoreError.converting(try AtomicFile.move(staging, to: folder(of: reference)))
                return StoredForm(reference: reference, form: form, record: record, warnings: [])
            } catch {
                try? FolderAccess.remove(staging)
                throw error
            }
        }
    }

    /// Completes an incomplete form (refused, naming the first, while a question is neither
    /// answered nor commented): records the technician and the date, then moves the form to
    /// `CompletedMIs/<user>/<name HH-mm-ss>`. Returns the form at its new place.
    public func complete(_ reference: FormReference, now: Date = Date()) throws(StoreError) -> StoredForm {
        try writing { () throws(StoreError) in
            var stored = try load(reference)
            try require(reference, in: .incomplete, to: "completed")
            try checkInside(area(.completed, user: reference.user))
            var session = FormSession(resuming: stored.form)
            do throws(SessionRefusal) {
                let open = session.unansweredQuestions
                if let first = open.first { throw SessionRefusal.incomplete(first, of: open) }
                // A resumed form with every question done shows its last one; Finish opens the review.
                try session.finish()
                try session.complete(date: StoreDates.formDate(now, timeZone: configuration.timeZone))
            } catch {
                throw .refused(error)
            }
            stored.form = session.form
            stored.record.completed = now
            // Written before the move: a crash in between leaves an incomplete form (its place
            // says so), which is completed again.
            try saveForm(stored)
            try saveRecord(stored)
            let name = reference.name + " " + StoreDates.folderTime(now, timeZone: configuration.timeZone)
            stored.reference = try move(reference, to: .completed, user: reference.user, name: name)
            return stored
        }
    }

    /// The foreman's general comment on a completed form (replacing an earlier one).
    public func comment(_ reference: FormReference, foreman: String, text: String) throws(StoreError) -> StoredForm {
        try writing { () throws(StoreError) in
            var stored = try load(reference)
            try require(reference, in: .completed, to: "commented by the foreman")
            var session = FormSession(resuming: stored.form)
            do throws(SessionRefusal) {
                try session.beginForemanReview(foreman: foreman)
                try session.setForemanComment(text)
            } catch {
                throw .refused(error)
            }
            stored.form = session.form
            try saveForm(stored)
            return stored
        }
    }

    /// Submits a completed form: records the foreman (`foreman`, else the one who commented) and
    /// the date, embeds every attachment (photos, videos, voice notes) in the form as base64 under
    /// `media`, as the original app did in the form it uploaded (the files stay beside it too), then
    /// moves the form with its attachments to `Outbox/<user>/<name>`; the working copy is no longer
    /// in the completed folder.
    public func submit(_ reference: FormReference, foreman: String? = nil, now: Date = Date()) throws(StoreError)
        -> Submission
    {
        try writing { () throws(StoreError) in
            var stored = try load(reference)
            try require(reference, in: .completed, to: "submitted")
            try checkInside(area(.submitted, user: reference.user))
            let foreman = try self.foreman(foreman, of: stored, done: "submitted", usage: "submit \(reference)")
            var session = FormSession(resuming: stored.form)
            do throws(SessionRefusal) {
                try session.beginForemanReview(foreman: foreman)
                try session.submit(date: StoreDates.formDate(now, timeZone: configuration.timeZone))
            } catch {
                throw .refused(error)
            }
            stored.form = session.form
            // The outbox copy is what the original uploaded: within the reader's limit, so that
            // the store (and the server) reads it back.
            let (media, warnings) = CompletedFormMedia.embeddable(
                stored.form, within: reader.limits.maxBytes, file: FormFolder(path: folder(of: reference)).file)
            // In the completed folder a submission date (and embedded media) is ignored, so a
            // crash before the move leaves the form completed, to be submitted again.
            try saveForm(stored, embedding: media)
            let target = try move(reference, to: .submitted, user: reference.user, name: reference.name)
            let files = (try? entries(target.path)) ?? []
            let names = Set(stored.form.entries.flatMap(\.media).map(\.fileName))
            return Submission(
                outbox: target, formFile: folder(of: target) + "/" + Self.formFile,
                attachments: files.filter(names.contains).sorted(by: Self.mediaOrder), warnings: warnings,
                removed: reference)
        }
    }

    /// Attachment file names in the order of their question and counter: `Qid2.jpg`, `Qid2(2).mov`, `Qid10.jpg`.
    static func mediaOrder(_ lhs: String, _ rhs: String) -> Bool {
        func key(_ name: String) -> (Int, Int, String) {
            let stem = name.split(separator: ".").first.map(String.init) ?? name
            let digits = stem.dropFirst(3).prefix { $0.isNumber }
            let counter = stem.split(separator: "(").dropFirst().first.flatMap { Int($0.dropLast()) } ?? 1
            return (Int(digits) ?? .max, counter, name)
        }
        return key(lhs) < key(rhs)
    }
}
