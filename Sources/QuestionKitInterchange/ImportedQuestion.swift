import QuestionKit

/// The one home of how a question read from another format is written in our template, shared by
/// the SurveyJS and XLSForm readers: the members the converter owns, in the template's order.
enum ImportedQuestion {
    /// `answer-type`, `question`, `section`, `helpInfo`, `linkId`, then the type's `keys`, with room for `more`
    /// members after them.
    static func members(
        identifier: String, text: String, section: String?, help: String?, linkId: String?,
        keys: [(String, JSONWriter.Value)], more: Int = 0
    ) -> [(String, JSONWriter.Value)] {
        // Room for every member at once, and no more (the template keeps it): grown from two, then joined to the
        // keys, the array was made four times.
        let hasHelp = help.map { !$0.isEmpty } ?? false
        var members: [(String, JSONWriter.Value)] = []
        members.reserveCapacity(
            2 + (section == nil ? 0 : 1) + (hasHelp ? 1 : 0) + (linkId == nil ? 0 : 1) + keys.count + more)
        forEachMember(identifier: identifier, text: text, section: section, help: help, linkId: linkId, keys: keys) {
            members.append(($0, $1))
        }
        return members
    }

    /// Calls `body` with each of `members`' members in order (a writer of the template writes them as they come,
    /// with no array of them: `JSONFileWriter`).
    @inline(__always)
    static func forEachMember(
        identifier: String, text: String, section: String?, help: String?, linkId: String?,
        keys: [(String, JSONWriter.Value)], _ body: (String, JSONWriter.Value) -> Void
    ) {
        body("answer-type", .string(identifier))
        body("question", .string(text))
        if let section { body("section", .string(section)) }
        if let help, !help.isEmpty { body("helpInfo", .object([("text", .string(help)), ("images", .array([]))])) }
        if let linkId { body("linkId", .string(linkId)) }
        for (key, value) in keys { body(key, value) }
    }

    /// `enableWhen` of `conditions`, with `enableBehavior` `any` when they are joined by `or`.
    static func enableWhen(_ conditions: [JSONWriter.Value], any: Bool) -> [(String, JSONWriter.Value)] {
        var members: [(String, JSONWriter.Value)] = []
        forEachEnableWhenMember(conditions, any: any) { members.append(($0, $1)) }
        return members
    }

    /// Calls `body` with each of `enableWhen`'s members in order.
    @inline(__always)
    static func forEachEnableWhenMember(
        _ conditions: [JSONWriter.Value], any: Bool, _ body: (String, JSONWriter.Value) -> Void
    ) {
        body("enableWhen", .array(conditions))
        if any, conditions.count > 1 { body("enableBehavior", .string("any")) }
    }

    /// One condition: `question`, `operator`, `answer`.
    static func condition(question: String, op: String, answer: JSONWriter.Value) -> JSONWriter.Value {
        .object([("question", .string(question)), ("operator", .string(op)), ("answer", answer)])
    }

    /// The linkId of question number `index` (0-based), named `name` in its source: `q<index + 1>`
    /// when it has no name (`missing` reports it), nil when a question before has the name
    /// (`duplicate` reports it: conditions refer to the first). `made` records the first of each name.
    static func linkId(
        name: String?, index: Int, made: inout [String: Int], missing: () -> Void, duplicate: (String) -> Void
    ) -> String? {
        if name == nil { missing() }
        let linkId = name ?? "q\(index + 1)"
        // One look-up (one hash of the name) finds the name or records it: looking up, then adding, hashed it twice.
        let record = { (slot: inout Int) -> Bool in
            guard slot < 0 else { return false }
            slot = index
            return true
        }
        guard record(&made[linkId, default: -1]) else {
            duplicate(linkId)
            return nil
        }
        return linkId
    }
}
