/// Where the cursor is in a JSON text that may be broken: in which object or array, at a key or a
/// value, inside which string, and what the containers around it hold.
///
/// Found by one tolerant scan of the text, not by a parse: while an author types, the text is
/// rarely valid JSON. A string that reaches the end of its line ends there; a string in an object
/// not after a colon is a key (so a missing comma does not derail it); comments are skipped.
/// The scan continues past the cursor to the end of the text, so the containers around the cursor
/// also know the members written after it (a question's `answer-type` below the cursor).
struct CursorContext {
    /// An object or array open around the cursor.
    final class Container {
        let isObject: Bool
        /// The key under which it sits in its parent object, or its position in its parent array.
        let name: Name
        /// Keys written in it, in order (objects).
        var keys: [String] = []
        /// String values of its members, by key (objects).
        var strings: [String: String] = [:]
        /// The string elements of member arrays, by key (objects).
        var stringLists: [String: [String]] = [:]
        /// String elements (arrays).
        var elements: [String] = []
        /// Elements (arrays) or members (objects) begun so far.
        var position = 0
        var currentKey: String?
        var afterColon = false

        init(isObject: Bool, name: Name) {
            self.isObject = isObject
            self.name = name
        }
    }

    enum Name: Equatable {
        case root
        case key(String)
        case index(Int)
    }

    enum Place: Equatable {
        /// Where an object key goes (inside or instead of a key string).
        case key
        /// Where a value goes: an object member's value or an array element.
        case value
        /// Nowhere to complete (outside any container, in a comment).
        case none
    }

    /// The containers from the root to the innermost around the cursor.
    var path: [Container] = []
    var place = Place.none
    /// The bytes of the string or word the cursor is in (with its quotes), to be replaced; an
    /// empty range at the cursor when it is between tokens.
    var token: Range<Int>
    /// The decoded text of that string from its start to the cursor.
    var prefix = ""
    /// The whole decoded text of that string or word.
    var text = ""

    /// The innermost container.
    var container: Container? { path.last }

    /// The key whose value is at the cursor: the member's key in an object, or, in an array, the
    /// key the array sits under (as it was at the cursor: the scan goes on past it).
    var valueKey: String?

    init(bytes: [UInt8], cursor: Int, skipsClosedContainers: Bool = true) {
        token = cursor..<cursor
        var scanner = Scanner(bytes: bytes, cursor: cursor, skipsClosedContainers: skipsClosedContainers)
        scanner.scan(into: &self)
    }
}
