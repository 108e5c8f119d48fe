/// The containers open at the current point of a parse, innermost last: an array of frames in
/// memory the engine frees itself (see `JSONParserEngine.run`). Every value read updates the
/// innermost frame, and with an `Array` each update paid for a uniqueness check (a runtime call).
struct JSONFrameStack: RandomAccessCollection {
    private var storage: UnsafeMutablePointer<JSONParserFrame>
    private var capacity: Int
    private(set) var count = 0

    /// An empty stack with room for `capacity` frames before it grows.
    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        storage = .allocate(capacity: self.capacity)
    }

    /// Frees the frames; the stack must not be used afterwards.
    func deallocate() {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> JSONParserFrame {
        get {
            precondition(position >= 0 && position < count, "frame index out of range")
            return storage[position]
        }
        nonmutating set {
            precondition(position >= 0 && position < count, "frame index out of range")
            storage[position] = newValue
        }
    }

    mutating func append(_ frame: JSONParserFrame) {
        if count == capacity {
            let larger = UnsafeMutablePointer<JSONParserFrame>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: storage, count: count)
            storage.deallocate()
            storage = larger
            capacity *= 2
        }
        (storage + count).initialize(to: frame)
        count += 1
    }

    mutating func removeLast() -> JSONParserFrame {
        precondition(count > 0, "no open container")
        count -= 1
        return (storage + count).move()
    }
}
