import Foundation
import QuestionKit
import QuestionKitFiles
import QuestionKitForms

/// A form as the store holds it: where it is, what has been entered, and the store's record.
public struct StoredForm: Sendable {
    /// Where the form is in the store.
    public var reference: FormReference
    /// The form, with `technician` the user whose folder it is in.
    public var form: FilledForm
    /// The store's bookkeeping of the form (`store.json`).
    public var record: StoreRecord
    /// Problems in the form's files that did not stop it from being read (warnings).
    public var warnings: [Diagnostic]

    /// How many questions are answered or commented, of how many.
    public var progress: (done: Int, questions: Int) {
        let questions = form.template.questions.count
        return (questions - FormSession(resuming: form).unansweredQuestions.count, questions)
    }
}

extension FormStore {
    /// Reads the form at `reference`.
    public func form(_ reference: FormReference) throws(StoreError) -> StoredForm {
        try reading { () throws(StoreError) in try load(reference) }
    }

    /// Reads a form without taking the lock (the caller holds it).
    ///
    /// The folder's place is the truth about the form: its user becomes the technician, and an
    /// incomplete form has no completion or submission date (one there is left by a `complete`
    /// interrupted before its move), a completed form no submission date.
    func load(_ reference: FormReference) throws(StoreError) -> StoredForm {
        try checkInside(reference.path)
        let folder = folder(of: reference)
        guard FileStatus.of(folder) == .folder, FileStatus.of(folder + "/" + Self.formFile) == .file else {
            throw noSuchForm(reference)
        }
        let formPath = folder + "/" + Self.formFile
        let (read, diagnostics) = CompletedFormReader.read(try readFile(formPath), with: reader)
        guard var form = read, !diagnostics.containsErrors else {
            throw StoreError(
                code: "store.unreadable-form",
                message: "the form '\(reference)' cannot be read: '\(formPath)' has errors",
                hint: "Repair the file, or delete the form with 'questionkit store delete'.", diagnostics: diagnostics,
                path: formPath)
        }
        form.technician = reference.user
        if reference.state != .submitted { form.submittedDate = nil }
        if reference.state == .incomplete { form.completedDate = nil }
        let record = try loadRecord(in: folder, reference: reference)
        return StoredForm(reference: reference, form: form, record: record, warnings: diagnostics)
    }

    /// The record of the form in `folder`; a form without one (copied in by hand) gets a new one
    /// dated by its file, written at its next change.
    func loadRecord(in folder: String, reference: FormReference) throws(StoreError) -> StoreRecord {
        let path = folder + "/" + Self.recordFile
        guard FileStatus.of(path) != .missing else {
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + Self.formFile)
            return StoreRecord(created: attributes?[.modificationDate] as? Date ?? Date())
        }
        let (record, diagnostics) = StoreRecord.read(try readFile(path))
        guard let record else {
            throw StoreError(
                code: "store.unreadable-form", message: "the record of '\(reference)' cannot be read: '\(path)'",
                hint: "Repair or remove the file; without it the form is dated by its file.", diagnostics: diagnostics,
                path: path)
        }
        return record
    }

    /// Writes the form's `form.json` (atomically), with `embedding` embedded under `media`.
    func saveForm(
        _ stored: StoredForm, embedding: [(attachment: MediaAttachment, bytes: [UInt8])] = []
    ) throws(StoreError) {
        let folder = folder(of: stored.reference)
        let text = CompletedFormWriter.json(stored.form, embedding: embedding)
        try StoreError.converting(try AtomicFile.write(text, to: folder + "/" + Self.formFile))
    }

    /// Writes the form's `store.json` (atomically).
    func saveRecord(_ stored: StoredForm) throws(StoreError) {
        let path = folder(of: stored.reference) + "/" + Self.recordFile
        try StoreError.converting(try AtomicFile.write(stored.record.json, to: path))
    }

    func noSuchForm(_ reference: FormReference) -> StoreError {
        let siblings = (try? entries(areaOf(reference))) ?? []
        let suggestion = Suggestion.nearest(to: reference.name, in: siblings.filter(StoreNames.isSafeComponent))
        return StoreError(
            code: "store.no-such-form", message: "there is no form '\(reference)' in the store '\(root)'",
            hint: (suggestion.map { "Did you mean '\(areaOf(reference))/\($0)'? " } ?? "")
                + "'questionkit store list' shows the forms.")
    }

    private func areaOf(_ reference: FormReference) -> String { area(reference.state, user: reference.user) }

    /// Refuses unless the form is in `state`.
    func require(_ stored: FormReference, in state: FormReference.State, to step: String) throws(StoreError) {
        guard stored.state != state else { return }
        let hints: [FormReference.State: String] = [
            .incomplete: "Only incomplete forms can be \(step).",
            .completed: "Complete the form first: 'questionkit store complete \(stored)'.",
            .submitted: "A submitted form does not change.",
        ]
        throw .wrongState(
            "the form '\(stored)' is \(stored.state.rawValue), so it cannot be \(step)", hint: hints[state])
    }

    // MARK: Moving forms

    /// The first free name `base`, `base (2)`, `base (3)`, … in the folder `area` under the root.
    func freeName(_ base: String, in area: String) -> String {
        var counter = 1
        while FileStatus.of(root + "/" + area + "/" + StoreNames.numbered(base, counter)) != .missing { counter += 1 }
        return StoreNames.numbered(base, counter)
    }

    /// Moves a form folder to `state`/`user` under `name`, or on a clash under the first free
    /// `base (n)` (`base` being `name` without its own counter); returns where it went.
    func move(
        _ reference: FormReference, to state: FormReference.State, user: String, name: String
    ) throws(StoreError) -> FormReference {
        let area = area(state, user: user)
        _ = try makeFolders(area)
        let isFree = FileStatus.of(root + "/" + area + "/" + name) == .missing
        let target = self.reference(
            state, user: user, name: isFree ? name : freeName(StoreNames.baseName(name), in: area))
        try StoreError.converting(try AtomicFile.move(folder(of: reference), to: folder(of: target)))
        removeIfEmpty(areaOf(reference))
        return target
    }
}
