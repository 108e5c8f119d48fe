/// A duplicate key found in a document that parsed: kept as two numbers until it is reported, so
/// that a million of them cost megabytes, not a million located diagnostics.
struct JSONDuplicateKey: Sendable {
    /// The entry index of the repeated key.
    var key: Int
    /// The line where the object's first key of that value is.
    var firstLine: Int
}

extension JSONParserEngine {
    static let duplicateKeyCode = "json.duplicate-key"
    static let duplicateKeyHint = "The last value is used; remove or rename one of the two."

    static func duplicateKeyMessage(_ key: String, firstLine: Int) -> String {
        "duplicate key \"\(key)\" in this object; it first appears on line \(firstLine)"
    }
}

extension JSONParseResult {
    /// The parser's diagnostics in source order, handed out one at a time: duplicate keys are
    /// located as they come (their pointers by one ordered `JSONPointer.Resolver`, their lines
    /// and columns by one scan of the source), never all held together.
    package struct Diagnostics: IteratorProtocol {
        private let result: JSONParseResult
        private var nextLocated = 0
        private var nextDuplicate = 0
        private var locating: (resolver: JSONPointer.Resolver, scanner: SourceLocator.Scanner)?
        /// The work of locating the duplicate keys handed out so far: tape steps walked for their
        /// pointers and source bytes scanned for their positions (for tests that hold it linear).
        package var locatingWork: Int {
            guard let locating else { return 0 }
            return locating.resolver.stepsWalked + locating.scanner.bytesScanned
        }

        init(_ result: JSONParseResult) {
            self.result = result
            if let document = result.document, !result.duplicateKeys.isEmpty {
                locating = (JSONPointer.Resolver(document: document), SourceLocator.Scanner(bytes: document.bytes))
            }
        }

        /// The next diagnostic: those located as the parser found them (a byte-order mark, at the
        /// start, or the error that stopped it) come before the duplicate keys.
        package mutating func next() -> Diagnostic? {
            if nextLocated < result.located.count {
                defer { nextLocated += 1 }
                return result.located[nextLocated]
            }
            guard nextDuplicate < result.duplicateKeys.count, let document = result.document, var locating else {
                return nil
            }
            // Let go of the stored copy so that the resolver's stack is not copied to be changed.
            self.locating = nil
            defer { self.locating = locating }
            let duplicate = result.duplicateKeys[nextDuplicate]
            nextDuplicate += 1
            let key = JSONNode(document: document, index: duplicate.key)
            let diagnostic = Diagnostic(
                severity: .warning, code: JSONParserEngine.duplicateKeyCode,
                message: JSONParserEngine.duplicateKeyMessage(key.decodedString, firstLine: duplicate.firstLine),
                pointer: locating.resolver.pointer(ofInOrder: duplicate.key),
                position: locating.scanner.position(ofByteOffset: key.byteOffset),
                hint: JSONParserEngine.duplicateKeyHint)
            return diagnostic
        }
    }

    /// The diagnostics one at a time (see `Diagnostics`).
    package func makeDiagnostics() -> Diagnostics { Diagnostics(self) }

    /// Whether the parser found nothing to report.
    package var hasNoDiagnostics: Bool { located.isEmpty && duplicateKeys.isEmpty }
}
