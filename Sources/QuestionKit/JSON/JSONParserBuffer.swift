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

    /// Appends the entry of a value with nothing inside it (a scalar, or a key), at bytes `start..<end`
    /// inside the container at `parent` (-1: none).
    @inline(__always)
    mutating func appendLeaf(_ kind: JSONKind, start: Int, end: Int, parent: Int32, flags: UInt8) {
        let index = count
        append(
            JSONEntry(
                kind: kind, start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: end),
                parent: parent, next: UInt32(truncatingIfNeeded: index + 1), flags: flags))
    }

    /// Appends the entry of an array or object opened at byte `start` inside the container at `parent`;
    /// `close` completes it.
    @inline(__always)
    mutating func appendOpen(_ kind: JSONKind, start: Int, parent: Int32) {
        append(
            JSONEntry(kind: kind, start: UInt32(truncatingIfNeeded: start), end: 0, parent: parent, next: 0, flags: 0))
    }

    /// Ends the array or object whose entry is at `index`, of `count` elements, at byte `end`: all
    /// written since are inside it. A count too large for its entry goes to `largeCounts`.
    func close(_ index: Int, end: Int, count: Int, largeCounts: inout [Int: Int]) {
        self[index].end = UInt32(truncatingIfNeeded: end)
        self[index].next = UInt32(truncatingIfNeeded: self.count)
        if count < Int(JSONEntry.countOverflow) {
            self[index].shortCount = UInt16(truncatingIfNeeded: count)
        } else {
            self[index].shortCount = JSONEntry.countOverflow
            largeCounts[index] = count
        }
    }
}
