extension CursorContext {
    /// The tolerant scan behind `CursorContext`.
    struct Scanner {
        let bytes: [UInt8]
        let cursor: Int
        var stack: [Container] = []
        var found = false
        /// Whether containers that close before the cursor inside an array are stepped over
        /// (`closedEnd`); off only for the tests that compare both ways.
        let skipsClosedContainers: Bool

        init(bytes: [UInt8], cursor: Int, skipsClosedContainers: Bool = true) {
            self.bytes = bytes
            self.cursor = min(max(cursor, 0), bytes.count)
            self.skipsClosedContainers = skipsClosedContainers
        }

        mutating func scan(into context: inout CursorContext) {
            var index = 0
            let count = bytes.count
            // Past the cursor, only the containers up to its question matter: once the innermost of
            // those closes, the rest of the text has nothing to add.
            var stopDepth = 0
            while index < count {
                if index >= cursor && !found { record(into: &context, token: cursor..<cursor, prefix: "") }
                if found && stopDepth == 0 { stopDepth = min(context.path.count, 3) }
                if found && stack.count < stopDepth { break }
                let byte = bytes[index]
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ":"), UInt8(ascii: ","):
                    punctuation(byte)
                    index += 1
                case UInt8(ascii: "/"):
                    index = commentEnd(from: index)
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    if skipsClosedContainers, !found, stack.last?.isObject == false,
                        let end = closedEnd(from: index)
                    {
                        index = end
                        continue
                    }
                    open(isObject: byte == UInt8(ascii: "{"))
                    index += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    close()
                    index += 1
                case UInt8(ascii: "\""):
                    index = string(from: index, context: &context)
                default:
                    index = word(from: index, context: &context)
                }
            }
            if !found { record(into: &context, token: cursor..<cursor, prefix: "") }
        }

        private mutating func punctuation(_ byte: UInt8) {
            guard let top = stack.last else { return }
            if byte == UInt8(ascii: ":") && top.isObject { top.afterColon = true }
            if byte == UInt8(ascii: ",") {
                if top.isObject { top.afterColon = false } else { top.position += 1 }
            }
        }

        private mutating func open(isObject: Bool) {
            let name: Name
            if let top = stack.last {
                name = top.isObject ? .key(top.currentKey ?? "") : .index(top.position)
            } else {
                name = .root
            }
            stack.append(Container(isObject: isObject, name: name))
        }

        /// The index after the bracket that closes the container opening at `start`, when it
        /// closes before the cursor; nil otherwise. Such a container in an array (a question
        /// before the cursor's) leaves nothing behind: what it holds is dropped when it closes, and
        /// an array parent keeps nothing of it. So it is stepped over by brackets, strings and
        /// comments alone, as the scan reads them, without decoding a string.
        private func closedEnd(from start: Int) -> Int? {
            var depth = 0
            var index = start
            while index < cursor {
                switch bytes[index] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    index += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    index += 1
                    if depth == 0 { return index <= cursor ? index : nil }
                case UInt8(ascii: "\""):
                    index = stringEnd(from: index)
                case UInt8(ascii: "/"):
                    index = commentEnd(from: index)
                default:
                    index += 1
                }
            }
            return nil
        }

        /// The index after the string starting at `start`, ended as `string(from:context:)` ends it.
        private func stringEnd(from start: Int) -> Int {
            var index = start + 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x0A || byte == 0x0D { return index }
                if byte == UInt8(ascii: "\"") { return index + 1 }
                index += byte == UInt8(ascii: "\\") && index + 1 < bytes.count ? 2 : 1
            }
            return index
        }

        private mutating func close() {
            guard let closed = stack.popLast() else { return }
            guard let parent = stack.last else { return }
            if parent.isObject {
                if !closed.isObject, case .key(let key) = closed.name { parent.stringLists[key] = closed.elements }
                parent.afterColon = false
            }
        }

        private mutating func record(
            into context: inout CursorContext, token: Range<Int>, prefix: String, text: String = ""
        ) {
            found = true
            context.path = stack
            context.token = token
            context.prefix = prefix
            context.text = text
            guard let top = stack.last else { return }
            context.place = top.isObject && !top.afterColon ? .key : .value
            guard context.place == .value else { return }
            if top.isObject {
                context.valueKey = top.currentKey
            } else if case .key(let key) = top.name {
                context.valueKey = key
            }
        }

        /// Scans a string (ending at its closing quote or its line's end); returns the index after it.
        private mutating func string(from start: Int, context: inout CursorContext) -> Int {
            var index = start + 1
            var text: [UInt8] = []
            var closed = false
            var prefixLength: Int?
            while index < bytes.count {
                if index == cursor { prefixLength = text.count }
                let byte = bytes[index]
                if byte == 0x0A || byte == 0x0D { break }
                if byte == UInt8(ascii: "\"") {
                    closed = true
                    break
                }
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    text.append(bytes[index + 1])
                    index += 2
                    continue
                }
                text.append(byte)
                index += 1
            }
            if index == cursor && prefixLength == nil { prefixLength = text.count }
            let end = closed ? index + 1 : index
            if !found, cursor > start, let prefixLength {
                record(
                    into: &context, token: start..<end,
                    prefix: String(decoding: text[0..<prefixLength], as: UTF8.self),
                    text: String(decoding: text, as: UTF8.self))
            }
            value(String(decoding: text, as: UTF8.self), isString: true)
            return end
        }

        /// Scans a number, literal or stray word; returns the index after it.
        private mutating func word(from start: Int, context: inout CursorContext) -> Int {
            var index = start
            while index < bytes.count, !Self.endsWord(bytes[index]) { index += 1 }
            index = max(index, start + 1)
            if !found, cursor > start, cursor <= index {
                record(
                    into: &context, token: start..<index,
                    prefix: String(decoding: bytes[start..<cursor], as: UTF8.self),
                    text: String(decoding: bytes[start..<index], as: UTF8.self))
            }
            value(nil, isString: false)
            return index
        }

        private mutating func value(_ text: String?, isString: Bool) {
            guard let top = stack.last else { return }
            if top.isObject {
                if !top.afterColon && isString, let text {
                    top.keys.append(text)
                    top.currentKey = text
                    top.position += 1
                } else {
                    if let key = top.currentKey, let text { top.strings[key] = text }
                    top.afterColon = false
                }
            } else if let text {
                top.elements.append(text)
            }
        }

        /// The index after the comment starting at `start` (or after a lone slash).
        private func commentEnd(from start: Int) -> Int {
            guard start + 1 < bytes.count else { return start + 1 }
            if bytes[start + 1] == UInt8(ascii: "/") {
                var index = start + 2
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                return index
            }
            if bytes[start + 1] == UInt8(ascii: "*") {
                var index = start + 2
                while index + 1 < bytes.count,
                    !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                return min(index + 2, bytes.count)
            }
            return start + 1
        }

        private static func endsWord(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "{"), UInt8(ascii: "}"),
                UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\""), UInt8(ascii: "/"):
                true
            default: false
            }
        }
    }
}
