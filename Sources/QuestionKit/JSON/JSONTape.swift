/// The entries of a parsed document, in memory the tape frees when the last document over it goes.
/// Written by `JSONTapeWriter` during one parse, then only read, shared by the document and its
/// replicas: immutable once made, so it may be sent across threads (the pointer is what the
/// compiler cannot check).
@usableFromInline
final class JSONTape: RandomAccessCollection, @unchecked Sendable {
    @usableFromInline let base: UnsafePointer<JSONEntry>
    @usableFromInline let count: Int

    fileprivate init(base: UnsafePointer<JSONEntry>, count: Int) {
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

/// The entries of a parse as it writes them, in memory it frees itself (see `JSONParserEngine.run`)
/// unless it was handed to a document: the parser appends one entry per value, and an `Array`
/// checked its storage for uniqueness (a runtime call) at every append and every update of an open
/// container.
struct JSONTapeWriter {
    private(set) var base: UnsafeMutablePointer<JSONEntry>
    private(set) var count = 0
    private(set) var capacity: Int

    /// An empty tape with room for `capacity` entries before it grows.
    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    /// Frees the entries; the writer must not be used afterwards, nor after `finish`.
    func deallocate() {
        base.deallocate()
    }

    /// The entries written, handed to a tape that frees them: the writer must not be used or
    /// deallocated afterwards.
    func finish() -> JSONTape {
        JSONTape(base: UnsafePointer(base), count: count)
    }

    /// The entry at `index`, which must be below `count`.
    subscript(index: Int) -> JSONEntry {
        get {
            precondition(index >= 0 && index < count, "entry index out of range")
            return base[index]
        }
        nonmutating set {
            precondition(index >= 0 && index < count, "entry index out of range")
            base[index] = newValue
        }
    }

    var isEmpty: Bool { count == 0 }

    var last: JSONEntry? { count == 0 ? nil : base[count - 1] }

    /// Appends `entry`, doubling the room when it is full.
    @inline(__always)
    mutating func append(_ entry: JSONEntry) {
        if count == capacity { grow() }
        (base + count).initialize(to: entry)
        count += 1
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<JSONEntry>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
