/// The entries of a parsed document, in memory the tape frees when the last document over it goes.
/// Written by a `JSONTapeWriter` during one parse, then only read, shared by the document and its
/// replicas: immutable once made, so it may be sent across threads (the pointer is what the
/// compiler cannot check).
@usableFromInline
final class JSONTape: RandomAccessCollection, @unchecked Sendable {
    @usableFromInline let base: UnsafePointer<JSONEntry>
    @usableFromInline let count: Int
    /// The element counts of the containers too large for their entry's `shortCount`, by index.
    @usableFromInline let largeCounts: [Int: Int]

    init(base: UnsafePointer<JSONEntry>, count: Int, largeCounts: [Int: Int]) {
        self.base = base
        self.count = count
        self.largeCounts = largeCounts
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

    /// The number of elements (array) or members (object) of the entry at `index`; 0 for others.
    @inlinable func elementCount(at index: Int) -> Int {
        let shortCount = self[index].shortCount
        return shortCount != JSONEntry.countOverflow ? Int(shortCount) : largeCount(at: index)
    }

    /// The count of the container at `index`, whose entry holds `JSONEntry.countOverflow`.
    @usableFromInline @inline(never)
    func largeCount(at index: Int) -> Int {
        largeCounts[index] ?? Int(JSONEntry.countOverflow)
    }

    /// Calls `body` with the entries.
    @inlinable func withUnsafeBufferPointer<Result>(
        _ body: (UnsafeBufferPointer<JSONEntry>) throws -> Result
    ) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }
}
