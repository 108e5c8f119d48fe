/// JSON pointers (RFC 6901): `""` for the whole document, `/questions/3/answers/0` for a value
/// inside it.
package enum JSONPointer {
    /// The pointer of `node`. For an object key, the pointer of the member the key names.
    public static func of(_ node: JSONNode) -> String {
        var resolver = Resolver(document: node.document)
        return resolver.pointers(of: [node.index])[0]
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

    /// Finds the pointers of many entries of one document together, in time linear in the
    /// document: an element's position in its array is found by one walk of that array for all
    /// the elements asked about, never by a walk per pointer, and each container's pointer is
    /// built once and shared by everything inside it.
    struct Resolver {
        let document: JSONDocument
        /// Tape entries visited so far (parent links followed and array elements stepped over):
        /// the work done, for tests that hold it linear.
        private(set) var stepsWalked = 0
        /// The pointers built so far, by entry index.
        private var built: [Int: String] = [:]
        /// The position in its array of every array element on the way to an entry asked about.
        private var elementPositions: [Int: Int] = [:]

        init(document: JSONDocument) {
            self.document = document
        }

        /// The pointers of the entries at `indices` (a key stands for the member it names).
        mutating func pointers(of indices: [Int]) -> [String] {
            let targets = indices.map { document.entries[$0].flags & JSONEntry.isKey != 0 ? $0 + 1 : $0 }
            findElementPositions(of: targets)
            return targets.map { pointer(of: $0) }
        }

        /// Follows each target's parent chain (stopping at an entry already seen) to learn which
        /// array elements need a position, then walks each such array once.
        private mutating func findElementPositions(of targets: [Int]) {
            var seen = Set<Int>()
            var wanted: [Int: [Int]] = [:]
            for target in targets {
                var index = target
                while seen.insert(index).inserted {
                    let parent = Int(document.entries[index].parent)
                    guard parent >= 0 else { break }
                    stepsWalked += 1
                    if document.entries[parent].kind == .array { wanted[parent, default: []].append(index) }
                    index = parent
                }
            }
            for (array, elements) in wanted {
                var remaining = elements.sorted()[...]
                var current = array + 1
                var position = 0
                while let next = remaining.first {
                    if current == next {
                        elementPositions[next] = position
                        remaining = remaining.dropFirst()
                        continue
                    }
                    current = Int(document.entries[current].next)
                    position += 1
                    stepsWalked += 1
                }
            }
        }

        /// The pointer of the entry at `target`, from the nearest ancestor whose pointer is built.
        private mutating func pointer(of target: Int) -> String {
            var chain: [Int] = []
            var index = target
            var prefix = ""
            while true {
                if let known = built[index] {
                    prefix = known
                    break
                }
                let parent = Int(document.entries[index].parent)
                guard parent >= 0 else {
                    built[index] = ""
                    break
                }
                chain.append(index)
                index = parent
            }
            for index in chain.reversed() {
                prefix += "/" + token(of: index)
                built[index] = prefix
            }
            return prefix
        }

        /// The reference token of the entry at `index` in its parent: its key, or its position.
        private func token(of index: Int) -> String {
            let parent = Int(document.entries[index].parent)
            if document.entries[parent].kind == .object {
                return escape(JSONNode(document: document, index: index - 1).decodedString)
            }
            return String(elementPositions[index] ?? 0)
        }
    }
}
