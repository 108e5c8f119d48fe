import QuestionKit
import QuestionKitForms

/// Renaming a `linkId`: `textDocument/prepareRename` and `textDocument/rename`, from the `linkId`
/// or from any condition that refers to it; the rename edits the `linkId` and every reference.
///
/// A rename that could leave a reference behind, or change what a condition refers to, is refused
/// with an error that says why (the client shows it): in a text with syntax errors, or with a
/// condition that could not be read, a reference may be missed; a name two questions have
/// (conditions refer to the first) or that no question has is not one question's name; and a new
/// name that is blank or already another question's would make the template wrong.
extension LanguageServer {
    /// `textDocument/prepareRename`: the name at the cursor and its range; null when the cursor is
    /// on no name; an error when that name cannot be renamed.
    mutating func prepareRename(_ params: JSONNode) throws(RPCError) -> JSONWriter.Value {
        let (document, links, occurrence) = try linkIdRequest(params)
        guard let occurrence else { return .null }
        try checkRenamable(occurrence.name, in: links)
        return .object([
            ("range", document.lines.range(LinkIdIndex.nameRange(of: occurrence.node))),
            ("placeholder", .string(occurrence.name)),
        ])
    }

    /// `textDocument/rename`: a `WorkspaceEdit` that writes `newName` for the `linkId` at or
    /// referred to at the cursor, and for every reference to it.
    mutating func rename(_ params: JSONNode) throws(RPCError) -> JSONWriter.Value {
        let newName = try params.string("newName")
        let (document, links, occurrence) = try linkIdRequest(params)
        guard let occurrence else { throw .requestFailed("there is no linkId here to rename") }
        let name = occurrence.name
        try checkRenamable(name, in: links)
        let linkId = configuration.keys.spelling(of: .linkId)
        guard !TypedText.isBlank(newName) else { throw .requestFailed("a \(linkId) cannot be blank") }
        if newName != name, let holder = links.question(named: newName) {
            throw .requestFailed("'\(newName)' is already the \(linkId) of question \(holder.number)")
        }
        let written = JSONWriter.text(of: .string(newName), indent: 0)
        let nodes = (links.definition(of: name).map { [$0] } ?? []) + links.references(to: name)
        let edits: [JSONWriter.Value] = nodes.sorted { $0.byteOffset < $1.byteOffset }.map { node in
            .object([("range", document.lines.range(node.byteRange)), ("newText", .string(written))])
        }
        return .object([("changes", .object([(document.uri, .array(edits))]))])
    }

    /// Refuses a rename of `name` that could miss a reference or does not name one question.
    private func checkRenamable(_ name: String, in links: LinkIdIndex) throws(RPCError) {
        let linkId = configuration.keys.spelling(of: .linkId)
        if links.isRecovered {
            throw .requestFailed("the template has syntax errors: fix them first, so that no reference is missed")
        }
        if let unread = links.firstUnreadCondition {
            throw .requestFailed(
                "a condition of question \(unread.number) could not be read: fix it first, so that no reference "
                    + "is missed")
        }
        switch links.count(named: name) {
        case 0: throw .requestFailed("no question has the \(linkId) '\(name)'")
        case 1: break
        case let count: throw .requestFailed("\(count) questions have the \(linkId) '\(name)': make it unique first")
        }
    }
}
