import QuestionKitFiles

/// What a killed process leaves, and how the next command clears it.
///
/// Every locked command starts by clearing the leftovers of an interrupted one: whatever is in
/// the staging and trash folders (a form is only there between two renames of one operation) and
/// the temporary files (`.qk-*.tmp`) of atomic writes, in every folder the store writes them
/// (forms in every state, the notices folder, the pending-notices folder). While the lock is held
/// no other questionkit process is writing, so none of them is in use.
///
/// Everything is checked before anything is removed: a symbolic link, or a file, where one of the
/// store's own folders belongs is refused (`store.unsafe-path`) and left for a person.
extension FormStore {
    func recoverLeftovers() throws(StoreError) {
        let bookkeeping = [Self.stagingFolder, Self.trashFolder, Self.pendingFolder, configuration.noticesFolder]
        for folder in bookkeeping { try checkInside(folder) }
        let forms = try writableFolders()
        // A store that may only be read (an archive) keeps its leftovers; they are never taken for forms.
        for folder in [Self.stagingFolder, Self.trashFolder] {
            try? FolderAccess.removeContents(of: root + "/" + folder)
        }
        for folder in [Self.pendingFolder, configuration.noticesFolder] + forms {
            AtomicFile.sweepTemporaryFiles(in: root + "/" + folder)
        }
    }

    /// Every real folder in a user's folder, in every state, relative to the root: where forms are written.
    private func writableFolders() throws(StoreError) -> [String] {
        var folders: [String] = []
        for state in FormReference.State.allCases {
            for user in try users(in: state) {
                let area = area(state, user: user)
                folders += try entries(area).filter { name in
                    StoreNames.isSafeComponent(name) && FileStatus.of(root + "/" + area + "/" + name) == .folder
                }.map { area + "/" + $0 }
            }
        }
        return folders
    }
}
