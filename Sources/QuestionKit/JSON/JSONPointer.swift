/// JSON pointers (RFC 6901): `""` for the whole document, `/questions/3/answers/0` for a value
/// inside it.
public enum JSONPointer {
    /// The pointer of `node`. For an object key, the pointer of the member the key names.
    public static func of(_ node: JSONNode) -> String {
        let document = node.document
        var index = node.isKey ? node.index + 1 : node.index
        var tokens = [String]()
        while true {
            let parent = Int(document.entries[index].parent)
            guard parent >= 0 else { break }
            if document.entries[parent].kind == .object {
                tokens.append(escape(JSONNode(document: document, index: index - 1).decodedString))
            } else {
                tokens.append(String(elementPosition(of: index, inArrayAt: parent, of: document)))
            }
            index = parent
        }
        var pointer = ""
        for token in tokens.reversed() {
            pointer += "/"
            pointer += token
        }
        return pointer
    }

    /// `token` escaped for use in a pointer: `~` becomes `~0` and `/` becomes `~1`.
    public static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
            return token
        }
        var escaped = ""
        for character in token.unicodeScalars {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// The 0-based position of the element at entry `index` among its array's elements.
    private static func elementPosition(of index: Int, inArrayAt array: Int, of document: JSONDocument) -> Int {
        var current = array + 1
        var position = 0
        while current < index {
            current = Int(document.entries[current].next)
            position += 1
        }
        return position
    }
}
