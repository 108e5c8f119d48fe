import Foundation
import QuestionKitFiles

/// One form as `list` shows it.
public struct ListedForm: Sendable {
    /// Where the form is in the store.
    public var reference: FormReference
    /// The form, or nil when it could not be read (`problem` says why).
    public var form: StoredForm?
    /// Why the form could not be read.
    public var problem: String?
}

/// The forms of a store, and what was found that is not a form.
public struct StoreListing: Sendable {
    /// Forms by state (incomplete, completed, submitted), user and name.
    public var forms: [ListedForm]
    /// Folders and files in the forms' places that are not forms; they are left alone.
    public var strays: [String]
}

extension FormStore {
    /// The forms in `states`, of `user` or of everyone. Names starting with a dot (the store's
    /// lock, temporary files, staging and trash) are never forms.
    public func list(user: String? = nil, states: [FormReference.State] = [.incomplete, .completed])
        throws(StoreError) -> StoreListing
    {
        let user = try user.map { (name) throws(StoreError) in try checkUser(name) }
        return try reading { () throws(StoreError) in
            var forms: [ListedForm] = []
            let strays = try forEachForm(in: states, of: { user == nil || $0 == user }) { reference in
                do throws(StoreError) {
                    forms.append(ListedForm(reference: reference, form: try load(reference), problem: nil))
                } catch {
                    forms.append(ListedForm(reference: reference, form: nil, problem: error.message))
                }
            }
            return StoreListing(forms: forms, strays: strays)
        }
    }

    /// Calls `body` with each form's reference in `states`, in order (state, user, name), of the
    /// users that `isIncluded` keeps; returns the entries found in the forms' places that are not
    /// forms. The one walk of the store's forms (`list`, `find`): it follows no symbolic link and
    /// reads no name starting with a dot.
    func forEachForm(
        in states: [FormReference.State], of isIncluded: (String) -> Bool, _ body: (FormReference) -> Void
    ) throws(StoreError) -> [String] {
        var strays: [String] = []
        for state in FormReference.State.allCases where states.contains(state) {
            for owner in try users(in: state) where isIncluded(owner) {
                let (names, found) = try formNames(state, user: owner)
                strays += found
                for name in names { body(reference(state, user: owner, name: name)) }
            }
        }
        return strays
    }

    /// The users with a folder in `state`'s part of the store (a symbolic link is not one).
    func users(in state: FormReference.State) throws(StoreError) -> [String] {
        let base: String
        let names: [String]
        switch state {
        case .incomplete:
            base = root
            names = try StoreError.converting(try FolderAccess.names(in: root, followingLink: true))
        case .completed, .submitted:
            let area = state == .completed ? configuration.completedFolder : configuration.outboxFolder
            base = root + "/" + area
            names = try entries(area)
        }
        let reserved = Set(configuration.reservedFolders.map { $0.lowercased() })
        return names.filter { name in
            StoreNames.isSafeComponent(name) && (state != .incomplete || !reserved.contains(name.lowercased()))
                && FileStatus.of(base + "/" + name) == .folder
        }.sorted()
    }

    /// The form folder names of `user` in `state`, and the other entries there.
    func formNames(_ state: FormReference.State, user: String) throws(StoreError) -> (forms: [String], strays: [String])
    {
        let area = area(state, user: user)
        var forms: [String] = []
        var strays: [String] = []
        for name in try entries(area).sorted() where StoreNames.isSafeComponent(name) {
            let path = root + "/" + area + "/" + name
            let isForm = FileStatus.of(path) == .folder && FileStatus.of(path + "/" + Self.formFile) == .file
            if isForm { forms.append(name) } else { strays.append(area + "/" + name) }
        }
        return (forms, strays)
    }
}
