/// JSON pointers (RFC 6901): `""` for the whole document, `/questions/3/answers/0` for a value
/// inside it.
package enum JSONPointer {
    /// The pointer of `node`. For an object key, the pointer of the member the key names.
    package static func of(_ node: JSONNode) -> String {
        var resolver = Resolver(document: node.document)
        return resolver.pointers(of: [node.index])[0]
    }

    /// `token` escaped for use in a pointer: `~` becomes `~0` and `/` becomes `~1`.
    package static func escape(_ token: String) -> String {
        // A plain loop over the bytes: a key can be megabytes long, and a generic `contains` costs
        // several times as much per byte.
        func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            for byte in bytes where byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/") { return true }
            return false
        }
        var token = token
        guard token.withUTF8(needsEscaping) else { return token }
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
    /// document: the entries are taken in document order, the pointers of the containers on the
    /// way to the last one are kept on a stack and shared by everything inside them, and an
    /// element's position in its array is found by walking on from the last element asked about in
    /// that array, never by a walk per pointer. No hashing: a million problems cost a million
    /// small steps. The containers share one pointer buffer, each knowing its length in it: a pointer
    /// of its own per container held the path's pointers all at once, memory quadratic in the depth
    /// (about 10 GB for the innermost of 100,000 nested arrays, issue 25).
    struct Resolver {
        let document: JSONDocument
        /// Tape entries visited so far (parent links followed and array elements stepped over):
        /// the work done, for tests that hold it linear.
        private(set) var stepsWalked = 0
        /// The entries from the root to the last one resolved, each with the length of its pointer.
        private var stack: [Frame] = []
        /// The pointer of the top of the stack, or longer: the pointer of a frame is its first `length` bytes.
        private var path: [UInt8] = []

        /// A container (or the last entry) on the path from the root to the last entry resolved.
        private struct Frame {
            /// The entry and the index just past everything inside it.
            var entry: Int
            var end: Int
            /// The length of its pointer, a prefix of `path`.
            var length: Int
            /// For an array: the last element whose position was found, and that position.
            var element = -1
            var position = 0
        }

        init(document: JSONDocument) {
            self.document = document
        }

        /// The pointers of the entries at `indices` (a key stands for the member it names).
        mutating func pointers(of indices: [Int]) -> [String] {
            let targets = indices.map(member)
            stack = []
            if zip(targets, targets.dropFirst()).allSatisfy({ $0 <= $1 }) {
                return targets.map { pointer(ofInOrder: $0) }
            }
            var pointers = [String](repeating: "", count: targets.count)
            for slot in targets.indices.sorted(by: { targets[$0] < targets[$1] }) {
                pointers[slot] = pointer(ofInOrder: targets[slot])
            }
            return pointers
        }

        /// The pointer of the entry at `index` (a key stands for the member it names), asked in
        /// document order: an index never smaller than the one asked before.
        mutating func pointer(ofInOrder index: Int) -> String {
            let target = member(index)
            // The stack is a path from the root: drop what does not contain the target.
            while let top = stack.last, !(top.entry <= target && target < top.end) { stack.removeLast() }
            // Most often the target is a child of the top (the next element of the same array).
            if let top = stack.last, Int(document.entries[target].parent) == top.entry, top.entry != target {
                stepsWalked += 1
                push(target)
                return topPointer()
            }
            var chain: [Int] = []
            var index = target
            while index != stack.last?.entry {
                chain.append(index)
                let parent = Int(document.entries[index].parent)
                guard parent >= 0 else { break }
                stepsWalked += 1
                index = parent
            }
            for entry in chain.reversed() { push(entry) }
            return topPointer()
        }

        /// The pointer of the top of the stack, made in one allocation.
        private mutating func topPointer() -> String {
            let length = stack.last?.length ?? 0
            return path.withUnsafeBufferPointer { bytes in
                String(unsafeUninitializedCapacity: length) { buffer in
                    _ = buffer.initialize(fromContentsOf: bytes[..<length])
                    return length
                }
            }
        }

        /// Appends `/` and the decimal digits of `index` to `path`.
        private mutating func append(index: Int) {
            path.append(UInt8(ascii: "/"))
            let first = path.count
            var value = index
            repeat {
                path.append(UInt8(ascii: "0") + UInt8(value % 10))
                value /= 10
            } while value > 0
            path[first...].reverse()
        }

        /// The entry at `index`, or the value of the member when it is a key.
        private func member(_ index: Int) -> Int {
            document.entries[index].flags & JSONEntry.isKey != 0 ? index + 1 : index
        }

        /// Puts `entry`, a child of the entry on top of the stack (or the root), on the stack.
        private mutating func push(_ entry: Int) {
            let end = Int(document.entries[entry].next)
            guard let parent = stack.indices.last else {
                path.removeAll(keepingCapacity: true)
                return stack.append(Frame(entry: entry, end: end, length: 0))
            }
            // What lies past the parent's pointer belonged to frames since dropped.
            path.removeLast(path.count - stack[parent].length)
            if document.entries[stack[parent].entry].kind == .object {
                var token = escape(JSONNode(document: document, index: entry - 1).decodedString)
                path.append(UInt8(ascii: "/"))
                // Its bytes at once: a key can be megabytes long, and appending the UTF-8 view goes byte by byte.
                token.withUTF8 { path.append(contentsOf: $0) }
            } else {
                // Out of order (a caller's mistake) only costs a walk from the start again.
                if stack[parent].element < 0 || stack[parent].element > entry {
                    stack[parent].element = stack[parent].entry + 1
                    stack[parent].position = 0
                }
                while stack[parent].element != entry {
                    stack[parent].element = Int(document.entries[stack[parent].element].next)
                    stack[parent].position += 1
                    stepsWalked += 1
                }
                append(index: stack[parent].position)
            }
            stack.append(Frame(entry: entry, end: end, length: path.count))
        }
    }
}
