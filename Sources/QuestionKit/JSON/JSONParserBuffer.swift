/// A growable array in memory its owner frees itself (see `JSONParserEngine.run`): the open
/// containers of a parse (updated for every value read) and the entries it writes (one appended per
/// value). With an `Array` each update and each append paid for a uniqueness check (a runtime call).
struct JSONParserBuffer<Element>: RandomAccessCollection {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    private(set) var count = 0

    /// An empty buffer with room for `capacity` elements before it grows.
    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    /// Frees the elements; the buffer must not be used afterwards.
    func deallocate() {
        base.deinitialize(count: count)
        base.deallocate()
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Element {
        get {
            precondition(position >= 0 && position < count, "index out of range")
            return base[position]
        }
        nonmutating set {
            precondition(position >= 0 && position < count, "index out of range")
            base[position] = newValue
        }
    }

    /// Appends `element`, doubling the room when it is full.
    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    mutating func removeLast() -> Element {
        precondition(count > 0, "empty buffer")
        count -= 1
        return (base + count).move()
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}

/// The containers open at the current point of a parse, innermost last.
typealias JSONFrameStack = JSONParserBuffer<JSONParserFrame>

/// The entries of a parse as it writes them, handed to its document at the end (`finish`).
typealias JSONTapeWriter = JSONParserBuffer<JSONEntry>

extension JSONParserBuffer where Element == JSONEntry {
    /// The entries written, handed to a tape that frees them, with the counts of the containers
    /// whose entries hold `JSONEntry.countOverflow`: the buffer must not be used or deallocated
    /// afterwards.
    func finish(largeCounts: [Int: Int]) -> JSONTape {
        JSONTape(base: UnsafePointer(base), count: count, largeCounts: largeCounts)
    }
}
