import Foundation

/// What `reassign` did.
public struct Reassignment: Sendable {
    /// The form at its new place.
    public var form: StoredForm
    /// Where it was.
    public var from: FormReference
    /// Whether it had to take another name because the new user had one of the same name.
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
    /// Gives an incomplete form to another user: the folder moves to `<root>/<user>/`, renamed
    /// (` (2)`, …) when that user has a form of the same name, and the previous user gets a notice.
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
            let planned = self.reference(
                .incomplete, user: user, name: freeName(reference.name, in: area(.incomplete, user: user)))
            let renamed = planned.name != reference.name
            let notice = Notice(
                id: "\(stored.record.id)/reassigned/\(StoreDates.iso(now))", date: now, kind: .reassigned,
                form: reference.path,
                message: "Your form '\(reference.name)' was reassigned to \(user)"
                    + (renamed ? " (as '\(planned.name)', since \(user) had a form of that name)." : "."))
            // The notice is recorded before the move, so that a crash right after it is not lost.
            let pending = try writePendingNotice(notice, for: reference.user, from: reference, to: planned)
            let target = try move(reference, to: .incomplete, user: user, name: planned.name)
            stored.reference = target
            stored.form.technician = user
            stored.record.previousUsers.append(reference.user)
            // The move is the change; these follow it (a reader takes the user from the folder anyway).
            try saveForm(stored)
            try saveRecord(stored)
            try addNotice(notice, for: reference.user)
            try removePendingNotice(pending)
            return Reassignment(form: stored, from: reference, renamed: renamed, notice: notice)
        }
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
        try AtomicFile.move(folder, to: trash)
        try? FolderAccess.remove(trash)
    }
}
