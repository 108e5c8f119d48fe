/// A repair described in JSON terms, as question types and checks report it; the collector turns
/// it into byte-range `SourceEdit`s (a `FixIt`) when it locates the problem, keeping the author's
/// formatting everywhere outside the edited spans.
public struct NodeFix: Sendable {
    /// One change to the document.
    public enum Edit: Sendable {
        /// Replace the value `node` with `json` (JSON text, written as is).
        case replace(JSONNode, json: String)
        /// Rename the key of the member whose value is `node`.
        case renameKey(JSONNode, to: String)
        /// Insert the member `key: json` first in `object`, indented as its first member is. Several
        /// insertions into one object in one fix go in together, in the order given.
        case insertMember(in: JSONNode, key: String, json: String)
        /// Remove these elements of one array, or these members (given by their values) of one
        /// object, with the commas and blanks that went with them.
        case remove([JSONNode])
    }

    /// What the fix does, for a person choosing it: "Rename 'numberImput' to 'numberInput'".
    public var title: String
    /// The edits, applied together.
    public var edits: [Edit]
    /// Whether `validate --fix` applies it unasked: it cannot change what a correct template means.
    public var isSafe: Bool

    /// A fix made of `edits`; safe unless said otherwise.
    public init(_ title: String, edits: [Edit], isSafe: Bool = true) {
        self.title = title
        self.edits = edits
        self.isSafe = isSafe
    }

    /// Renames the key of the member whose value is `value` (safe unless said otherwise).
    public static func renameKey(of value: JSONNode, to key: String, isSafe: Bool = true) -> NodeFix {
        NodeFix("Rename '\(value.memberKey ?? "")' to '\(key)'", edits: [.renameKey(value, to: key)], isSafe: isSafe)
    }

    /// The fix as byte-range edits of `document`, or nil when it cannot be said in edits of the
    /// source: it touches a value the parser made up past a syntax error (its source is not the
    /// value's JSON text), a container left unclosed, or spans that are not in order. Such a fix is
    /// dropped, never applied wrongly.
    func fixIt(in document: JSONDocument) -> FixIt? {
        var sourceEdits: [SourceEdit] = []
        // Insertions at one place would overlap as separate edits: each object's are made one.
        var insertions: [(object: JSONNode, members: [String])] = []
        for edit in edits {
            if case .insertMember(let object, let key, let json) = edit {
                let member = Self.quoted(key) + ": " + json
                if let index = insertions.firstIndex(where: { $0.object.index == object.index }) {
                    insertions[index].members.append(member)
                } else {
                    insertions.append((object, [member]))
                }
                continue
            }
            guard let converted = Self.sourceEdits(of: edit, in: document) else { return nil }
            sourceEdits += converted
        }
        for insertion in insertions {
            guard let converted = Self.insertion(of: insertion.members, in: insertion.object) else { return nil }
            sourceEdits += converted
        }
        let sorted = sourceEdits.sorted { $0.range.lowerBound < $1.range.lowerBound }
        return FixIt(title: title, edits: sorted, isSafe: isSafe)
    }

    private static func sourceEdits(of edit: Edit, in document: JSONDocument) -> [SourceEdit]? {
        switch edit {
        case .replace(let node, let json):
            guard !node.isRecovered, !node.isUnclosed, let range = span(of: node) else { return nil }
            return [SourceEdit(range: range, replacement: json)]
        case .renameKey(let value, let key):
            guard let keyNode = value.memberKeyNode, !keyNode.isRecovered, let range = span(of: keyNode) else {
                return nil
            }
            return [SourceEdit(range: range, replacement: quoted(key))]
        case .insertMember:
            preconditionFailure("insertions are made per object by fixIt(in:)")
        case .remove(let nodes):
            return removals(nodes, in: document)
        }
    }

    /// The edit inserting `members` (each `"key": json`) first in `object`, in order, each
    /// indented as the member after them.
    private static func insertion(of members: [String], in object: JSONNode) -> [SourceEdit]? {
        guard object.kind == .object, !object.isRecovered, !object.isUnclosed, let range = span(of: object) else {
            return nil
        }
        guard let first = object.members.first else {
            return [SourceEdit(range: range, replacement: "{" + members.joined(separator: ", ") + "}")]
        }
        let firstKey = first.keyNode.byteOffset
        guard let gap = checkedSpan(range.lowerBound + 1, firstKey, in: object.document) else { return nil }
        let blank = String(decoding: object.document.bytes[gap], as: UTF8.self)
        let separator = blank.contains("\n") ? String(blank.drop { $0 != "\n" }) : " "
        return [SourceEdit(range: firstKey..<firstKey, replacement: members.map { $0 + "," + separator }.joined())]
    }

    /// The spans to remove for `nodes` (elements or member values of one container): a run of
    /// removed items goes up to the next kept item, or, at the end, from the last kept one.
    private static func removals(_ nodes: [JSONNode], in document: JSONDocument) -> [SourceEdit]? {
        guard let container = nodes.first?.parent, !container.isUnclosed, span(of: container) != nil,
            !nodes.contains(where: { $0.isRecovered || $0.isUnclosed })
        else { return nil }
        let removed = Set(nodes.map(\.index))
        let items: [(start: Int, end: Int, index: Int)] =
            container.kind == .object
            ? container.members.map { ($0.keyNode.byteOffset, Int($0.value.entry.end), $0.value.index) }
            : container.elements.map { ($0.byteOffset, Int($0.entry.end), $0.index) }
        guard removed.isSubset(of: items.map(\.index)) else { return nil }
        if items.allSatisfy({ removed.contains($0.index) }) {
            let inside = checkedSpan(container.byteOffset + 1, Int(container.entry.end) - 1, in: document)
            return inside.map { [SourceEdit(range: $0, replacement: "")] }
        }
        var edits: [SourceEdit] = []
        var position = 0
        while position < items.count {
            guard removed.contains(items[position].index) else {
                position += 1
                continue
            }
            var last = position
            while last + 1 < items.count, removed.contains(items[last + 1].index) { last += 1 }
            let run =
                last + 1 < items.count
                ? checkedSpan(items[position].start, items[last + 1].start, in: document)
                : checkedSpan(items[position - 1].end, items[last].end, in: document)
            guard let run, run.lowerBound >= (edits.last?.range.upperBound ?? 0) else { return nil }
            edits.append(SourceEdit(range: run, replacement: ""))
            position = last + 1
        }
        return edits
    }

    /// The node's bytes, when they are a range of the source.
    private static func span(of node: JSONNode) -> Range<Int>? {
        checkedSpan(Int(node.entry.start), Int(node.entry.end), in: node.document)
    }

    /// `lower..<upper`, when it is a range of `document`'s source: a fix that would need any
    /// other is dropped rather than trap on an inverted range.
    private static func checkedSpan(_ lower: Int, _ upper: Int, in document: JSONDocument) -> Range<Int>? {
        guard 0 <= lower, lower <= upper, upper <= document.bytes.count else { return nil }
        return lower..<upper
    }

    private static func quoted(_ key: String) -> String {
        JSONWriter.text(of: .string(key))
    }
}
