/// The entries of a parsed document, in memory the tape frees when the last document over it goes.
/// Written by a `JSONTapeWriter` during one parse, then only read, shared by the document and its
/// replicas: immutable once made, so it may be sent across threads (the pointer is what the
/// compiler cannot check).
@usableFromInline
final class JSONTape: RandomAccessCollection, @unchecked Sendable {
    @usableFromInline let base: UnsafePointer<JSONEntry>
    @usableFromInline let count: Int

    init(base: UnsafePointer<JSONEntry>, count: Int) {
        self.base = base
        self.count = count
    }

    deinit {
        // JSONEntry holds no references: nothing to deinitialize.
        base.deallocate()
    }

    @inlinable var startIndex: Int { 0 }
    @inlinable var endIndex: Int { count }

    /// The entry at `index`, which must be below `count`.
    @inlinable subscript(index: Int) -> JSONEntry {
        precondition(index >= 0 && index < count, "entry index out of range")
        return base[index]
    }

    /// Calls `body` with the entries.
    @inlinable func withUnsafeBufferPointer<Result>(
        _ body: (UnsafeBufferPointer<JSONEntry>) throws -> Result
    ) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }
}
