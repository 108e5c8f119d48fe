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
        /// Insert the member `key: json` first in `object`, indented as its first member is.
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

    /// The fix as byte-range edits of `document`, or nil when it touches a value the parser made up
    /// past a syntax error (its source is not the value's JSON text).
    func fixIt(in document: JSONDocument) -> FixIt? {
        var sourceEdits: [SourceEdit] = []
        for edit in edits {
            guard let converted = Self.sourceEdits(of: edit, in: document) else { return nil }
            sourceEdits += converted
        }
        let sorted = sourceEdits.sorted { $0.range.lowerBound < $1.range.lowerBound }
        return FixIt(title: title, edits: sorted, isSafe: isSafe)
    }

    private static func sourceEdits(of edit: Edit, in document: JSONDocument) -> [SourceEdit]? {
        let bytes = document.bytes
        switch edit {
        case .replace(let node, let json):
            guard !node.isRecovered else { return nil }
            return [SourceEdit(range: node.byteRange, replacement: json)]
        case .renameKey(let value, let key):
            guard let keyNode = value.memberKeyNode, !keyNode.isRecovered else { return nil }
            return [SourceEdit(range: keyNode.byteRange, replacement: quoted(key))]
        case .insertMember(let object, let key, let json):
            guard object.kind == .object, !object.isRecovered else { return nil }
            let member = quoted(key) + ": " + json
            guard let first = object.members.first else {
                return [SourceEdit(range: object.byteRange, replacement: "{" + member + "}")]
            }
            let firstKey = first.keyNode.byteOffset
            let gap = String(decoding: bytes[(object.byteOffset + 1)..<firstKey], as: UTF8.self)
            let separator = gap.contains("\n") ? String(gap.drop { $0 != "\n" }) : " "
            return [SourceEdit(range: firstKey..<firstKey, replacement: member + "," + separator)]
        case .remove(let nodes):
            return removals(nodes, in: document)
        }
    }

    /// The spans to remove for `nodes` (elements or member values of one container): a run of
    /// removed items goes up to the next kept item, or, at the end, from the last kept one.
    private static func removals(_ nodes: [JSONNode], in document: JSONDocument) -> [SourceEdit]? {
        guard let container = nodes.first?.parent, !nodes.contains(where: \.isRecovered) else { return nil }
        let removed = Set(nodes.map(\.index))
        let items: [(start: Int, end: Int, index: Int)] =
            container.kind == .object
            ? container.members.map { ($0.keyNode.byteOffset, $0.value.byteRange.upperBound, $0.value.index) }
            : container.elements.map { ($0.byteOffset, $0.byteRange.upperBound, $0.index) }
        guard removed.isSubset(of: items.map(\.index)) else { return nil }
        if items.allSatisfy({ removed.contains($0.index) }) {
            let inside = (container.byteOffset + 1)..<(container.byteRange.upperBound - 1)
            return [SourceEdit(range: inside, replacement: "")]
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
            let range =
                last + 1 < items.count
                ? items[position].start..<items[last + 1].start : items[position - 1].end..<items[last].end
            edits.append(SourceEdit(range: range, replacement: ""))
            position = last + 1
        }
        return edits
    }

    private static func quoted(_ key: String) -> String {
        JSONWriter.text(of: .string(key))
    }
}
