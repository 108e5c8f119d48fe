import QuestionKit
import QuestionKitForms

/// Following a `linkId`: `textDocument/definition` from a condition's `question` value (or a
/// `linkId`) to the `linkId` of the question it names, and `textDocument/references` of a name:
/// that `linkId` and every condition that refers to it. A condition refers to the first question
/// of a name, as the analysis reads it.
extension LanguageServer {
    /// `textDocument/definition`: the `linkId` the name at the cursor refers to; null when the
    /// cursor is on no name, or no question has it.
    mutating func definition(_ params: JSONNode) throws(RPCError) -> JSONWriter.Value {
        let (document, links, occurrence) = try linkIdRequest(params)
        guard let occurrence, let definition = links.definition(of: occurrence.name) else { return .null }
        return location(of: definition, in: document)
    }

    /// `textDocument/references`: the `linkId` of the name at the cursor (unless the client asks
    /// without the declaration) and every condition's reference to it, in document order.
    mutating func references(_ params: JSONNode) throws(RPCError) -> JSONWriter.Value {
        let (document, links, occurrence) = try linkIdRequest(params)
        guard let occurrence else { return .null }
        let includesDeclaration = params["context"]?["includeDeclaration"]?.boolValue ?? true
        let declaration = includesDeclaration ? links.definition(of: occurrence.name) : nil
        let found = (declaration.map { [$0] } ?? []) + links.references(to: occurrence.name)
        return .array(found.sorted { $0.byteOffset < $1.byteOffset }.map { location(of: $0, in: document) })
    }

    /// The open document a position request names, its linkIds, and the name at the position.
    mutating func linkIdRequest(
        _ params: JSONNode
    ) throws(RPCError) -> (TextDocument, LinkIdIndex, LinkIdIndex.Occurrence?) {
        let document = try requestedDocument(params)
        let offset = document.lines.offset(of: try LSPPosition(try params.required("position")))
        let links = LinkIdIndex(
            bytes: document.bytes, reader: TemplateReader(registry: configuration.registry, keys: configuration.keys))
        return (document, links, links.occurrence(at: offset))
    }

    /// A `Location`: the name in `node` (its string, quotes left out) in the document.
    private func location(of node: JSONNode, in document: TextDocument) -> JSONWriter.Value {
        .object([("uri", .string(document.uri)), ("range", document.lines.range(LinkIdIndex.nameRange(of: node)))])
    }
}

extension LinkIdIndex {
    /// The bytes of a name's string between its quotes (all of it when it has none: a recovered reading).
    static func nameRange(of node: JSONNode) -> Range<Int> {
        let range = node.byteRange
        let bytes = node.document.bytes
        guard range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "\""),
            bytes[range.upperBound - 1] == UInt8(ascii: "\"")
        else { return range }
        return (range.lowerBound + 1)..<(range.upperBound - 1)
    }
}
