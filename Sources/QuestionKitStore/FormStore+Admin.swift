import Foundation
import QuestionKit
import QuestionKitFiles
import QuestionKitForms

/// What `reassign` did.
public struct Reassignment: Sendable {
    /// The form at its new place.
    public var form: StoredForm
    /// Where it was.
    public var from: FormReference
    /// Whether its name changed: its ` (n)` counter dropped, or another given among the new user's forms.
    public var renamed: Bool
    /// The notice left for the previous user.
    public var notice: Notice
}

/// What `delete` removed.
public struct Removal: Sendable {
    /// Where the form was.
    public var reference: FormReference
    /// The files that were in the form's folder.
    public var files: [String]
}

extension FormStore {
    /// Gives an incomplete form to another user: the folder moves to `<root>/<user>/`, its ` (n)`
    /// counter dropped and numbered again there (` (2)`, … only when that user has a form of the
    /// same name), as the original did; the previous user gets a notice.
    public func reassign(_ reference: FormReference, to user: String, now: Date = Date()) throws(StoreError)
        -> Reassignment
    {
        let user = try checkUser(user)
        return try writing { () throws(StoreError) in
            var stored = try load(reference)
            try require(reference, in: .incomplete, to: "reassigned")
            guard user != reference.user else {
                throw .wrongState("the form '\(reference)' already belongs to '\(user)'")
            }
            // Everything the reassignment needs is checked before anything changes.
            try checkInside(area(.incomplete, user: user))
            _ = try readNotices(reference.user)
            try checkInside(Self.pendingFolder)
            // The counter is the previous user's: dropped, and numbered again among the new user's
            // forms, as the original did (`Pump 01-03-2026 (2)` becomes `Pump 01-03-2026` when free).
            let base = StoreNames.baseName(reference.name)
            let planned = self.reference(
                .incomplete, user: user, name: freeName(base, in: area(.incomplete, user: user)))
            let renamed = planned.name != reference.name
            let clash = planned.name != base ? ", since \(user) had a form named '\(base)'" : ""
            let notice = Notice(
                id: "\(stored.record.id)/reassigned/\(StoreDates.iso(now))", date: now, kind: .reassigned,
                form: reference.path,
                message: "Your form '\(reference.name)' was reassigned to \(user)"
                    + (renamed ? " (as '\(planned.name)'\(clash))." : "."))
            var moved = stored
            moved.form.technician = user
            moved.record.previousUsers.append(reference.user)
            // The form's new files are written in full before anything changes (a full disk refuses
            // the reassignment here, with nothing moved); they travel with the folder and take their
            // names after the move.
            let files = try prepareFiles(of: moved)
            // The notice is recorded before the move, so that a crash right after it is not lost.
            let pending = try writePendingNotice(notice, for: reference.user, from: reference, to: planned)
            let target: FormReference
            do throws(StoreError) {
                target = try move(reference, to: .incomplete, user: user, name: planned.name)
            } catch {
                try? removePendingNotice(pending)
                throw error
            }
            stored = moved
            stored.reference = target
            try finish(reassigning: reference, to: target, files: files)
            // Given now, or else by the next change to the store, from its pending record.
            if (try? addNotice(notice, for: reference.user)) != nil { try? removePendingNotice(pending) }
            return Reassignment(form: stored, from: reference, renamed: renamed, notice: notice)
        }
    }

    /// Gives the moved form the files prepared for it. The move is the change (a reader takes the
    /// user from the folder anyway); a failure now says that it happened.
    private func finish(
        reassigning reference: FormReference, to target: FormReference, files: [PreparedFile]
    ) throws(StoreError) {
        do {
            for file in files { try StoreError.converting(try file.commit()) }
        } catch {
            throw StoreError(
                code: error.code,
                message: "the form '\(reference)' was reassigned to \(target.user) (it is '\(target)' now), but "
                    + "its files could not be updated to say so: \(error.message)",
                hint: "The reassignment stands; the form reads as \(target.user)'s from its folder.")
        }
    }

    /// The form's `form.json` and `store.json`, written in full beside the old ones and waiting
    /// for their `commit`, which may come after the form's folder moved (they travel with it).
    private func prepareFiles(of stored: StoredForm) throws(StoreError) -> [PreparedFile] {
        let folder = folder(of: stored.reference)
        let form = Array(CompletedFormWriter.json(stored.form).utf8)
        let record = Array(stored.record.json.utf8)
        return [
            try StoreError.converting(try AtomicFile.prepare(form, for: folder + "/" + Self.formFile)),
            try StoreError.converting(try AtomicFile.prepare(record, for: folder + "/" + Self.recordFile)),
        ]
    }

    /// Deletes a form (in any state) with its attachments; returns what was removed.
    public func delete(_ reference: FormReference) throws(StoreError) -> Removal {
        try writing { () throws(StoreError) in
            try checkInside(reference.path)
            let folder = folder(of: reference)
            // Only a form is deleted, readable or not; never another folder that happens to be there.
            guard FileStatus.of(folder) == .folder, FileStatus.of(folder + "/" + Self.formFile) == .file else {
                throw noSuchForm(reference)
            }
            let files = try entries(reference.path).filter { !AtomicFile.isTemporaryName($0) }.sorted()
            try discard(folder)
            removeIfEmpty(area(reference.state, user: reference.user))
            return Removal(reference: reference, files: files)
        }
    }

    /// Removes a form folder: one rename into the trash (the step that counts), then the removal
    /// of its files; a removal cut short is finished by the next change to the store.
    func discard(_ folder: String) throws(StoreError) {
        let trash = try makeFolders(Self.trashFolder) + "/" + StoreRecord.newID()
        try StoreError.converting(try AtomicFile.move(folder, to: trash))
        try? FolderAccess.remove(trash)
    }
}
