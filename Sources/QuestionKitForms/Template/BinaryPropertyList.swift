import QuestionKit

/// Reads a binary property list (`bplist00`) without Foundation, whose reader trusts the file: a set, a
/// cycle or a bad offset in a hostile file crashes it.
///
/// The file is `bplist00`, the objects, a table of their offsets, and a 32-byte trailer (sizes of offsets
/// and references, object count, top object, table offset). Every offset, count and reference is checked
/// against the file; nesting is limited; a container that holds itself (directly or not) is refused.
/// Containers shared by several parents are read once per use, within a budget proportional to the file's
/// size, so reading takes time linear in the file's size whatever it holds.
struct BinaryPropertyList {
    private let bytes: [UInt8]
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let topObject: Int
    private let tableStart: Int
    private let maxDepth: Int
    /// Scalars already decoded, so that a string used a thousand times is decoded (and stored) once.
    private var scalars: [Int: PropertyListValue] = [:]
    /// The containers being read, from the top down to the current one.
    private var onPath: [Bool]
    /// The path to the current value, as pointer tokens.
    private var path: [String] = []
    /// What is left of the values and string bytes the file may expand to.
    private var budget: Int

    static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: Array("bplist".utf8))
    }

    /// Reads the whole file into a value tree.
    static func read(_ bytes: [UInt8], maxDepth: Int) throws(PropertyListError) -> PropertyListValue {
        var reader = try BinaryPropertyList(bytes: bytes, maxDepth: maxDepth)
        return try reader.value(of: reader.topObject, depth: 0)
    }

    private init(bytes: [UInt8], maxDepth: Int) throws(PropertyListError) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        guard bytes.starts(with: Array("bplist00".utf8)) else {
            let version = String(decoding: bytes.dropFirst(6).prefix(2), as: UTF8.self)
            throw PropertyListError(
                pointer: "", reason: "binary property list version '\(version)' is not supported (only '00')")
        }
        let fileError = { (reason: String) in PropertyListError(pointer: "", reason: reason) }
        guard bytes.count >= 8 + 1 + 32 else { throw fileError("the binary property list is truncated") }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = Self.unsigned(bytes[(trailer + 8)..<(trailer + 16)])
        let top = Self.unsigned(bytes[(trailer + 16)..<(trailer + 24)])
        let table = Self.unsigned(bytes[(trailer + 24)..<(trailer + 32)])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw fileError("the trailer gives offsets of \(offsetSize) and references of \(referenceSize) bytes")
        }
        // Every object takes at least one byte between the header and the offset table.
        guard table >= 9, table <= UInt64(trailer), count >= 1, count <= table - 8,
            count * UInt64(offsetSize) <= UInt64(trailer) - table, top < count
        else {
            throw fileError(
                "the trailer's object count \(count), top object \(top) or table offset \(table) do not fit")
        }
        objectCount = Int(count)
        topObject = Int(top)
        tableStart = Int(table)
        onPath = Array(repeating: false, count: objectCount)
        budget = 8 * bytes.count + 4096
    }

    private static func unsigned(_ slice: ArraySlice<UInt8>) -> UInt64 {
        slice.reduce(0) { $0 << 8 | UInt64($1) }
    }

    private func failure(_ reason: String) -> PropertyListError {
        PropertyListError(pointer: path.map { "/" + $0 }.joined(), reason: reason)
    }

    /// Where object `object` starts.
    private func offset(of object: Int) throws(PropertyListError) -> Int {
        let entry = tableStart + object * offsetSize
        let offset = Self.unsigned(bytes[entry..<(entry + offsetSize)])
        guard offset >= 8, offset < UInt64(tableStart) else {
            throw failure("object \(object) is at offset \(offset), outside the objects (8..<\(tableStart))")
        }
        return Int(offset)
    }

    /// Takes `cost` from the budget of values the file may expand to.
    private mutating func spend(_ cost: Int) throws(PropertyListError) {
        budget -= cost
        guard budget >= 0 else {
            throw failure(
                "the property list repeats shared objects so often that it expands past \(bytes.count * 8) values")
        }
    }

    private mutating func value(of object: Int, depth: Int) throws(PropertyListError) -> PropertyListValue {
        try spend(1)
        if let known = scalars[object] {
            if case .string(let text) = known { try spend(text.utf8.count) }
            return known
        }
        let start = try offset(of: object)
        let marker = bytes[start]
        switch marker >> 4 {
        case 0xA, 0xB, 0xC, 0xD:
            guard depth < maxDepth else { throw failure("the property list is nested more than \(maxDepth) deep") }
            guard !onPath[object] else {
                throw failure("object \(object) contains itself (the property list is cyclic)")
            }
            onPath[object] = true
            defer { onPath[object] = false }
            return try container(marker, at: start, depth: depth)
        default:
            let value = try scalar(marker, at: start)
            if case .string(let text) = value { try spend(text.utf8.count) }
            scalars[object] = value
            return value
        }
    }

    private mutating func container(_ marker: UInt8, at start: Int, depth: Int) throws(PropertyListError)
        -> PropertyListValue
    {
        let (count, first) = try length(marker, at: start, unit: referenceSize * (marker >> 4 == 0xD ? 2 : 1))
        var elements: [PropertyListValue] = []
        var members: [PropertyListValue.Member] = []
        var keys: Set<String> = []
        for index in 0..<count {
            let reference = try self.reference(at: first + index * referenceSize)
            guard marker >> 4 == 0xD else {
                path.append(String(index))
                elements.append(try value(of: reference, depth: depth + 1))
                path.removeLast()
                continue
            }
            guard case .string(let key) = try value(of: reference, depth: depth + 1) else {
                throw failure("key \(index + 1) of a dictionary is not a string")
            }
            guard keys.insert(key).inserted else { throw failure("the key '\(key)' appears twice in one dictionary") }
            path.append(JSONPointer.escape(key))
            let valueReference = try self.reference(at: first + (count + index) * referenceSize)
            members.append(PropertyListValue.Member(key: key, value: try value(of: valueReference, depth: depth + 1)))
            path.removeLast()
        }
        switch marker >> 4 {
        case 0xA: return .array(elements)
        case 0xD: return .dictionary(members)
        default: return .set(elements)
        }
    }

    private func reference(at position: Int) throws(PropertyListError) -> Int {
        let reference = Self.unsigned(bytes[position..<(position + referenceSize)])
        guard reference < UInt64(objectCount) else {
            throw failure("a reference to object \(reference), of \(objectCount) objects")
        }
        return Int(reference)
    }
}

extension BinaryPropertyList {
    /// A scalar object: boolean, integer, real, date, data, string or UID.
    private func scalar(_ marker: UInt8, at start: Int) throws(PropertyListError) -> PropertyListValue {
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0 where marker == 0x08 || marker == 0x09:
            return .boolean(marker == 0x09)
        case 0x1 where low <= 4:
            return .number(try integer(at: start + 1, size: 1 << low))
        case 0x2 where low == 2 || low == 3, 0x3 where low == 3:
            let bits = Self.unsigned(try slice(at: start + 1, count: 1 << low))
            let number =
                low == 2 ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits)
            return marker >> 4 == 0x3 ? .date(number) : .number(number)
        case 0x4:
            let (count, _) = try length(marker, at: start, unit: 1)
            return .data(count: count)
        case 0x5:
            let (count, first) = try length(marker, at: start, unit: 1)
            let text = try slice(at: first, count: count)
            guard text.allSatisfy({ $0 < 0x80 }) else { throw failure("an ASCII string holds a byte above 127") }
            return .string(String(decoding: text, as: UTF8.self))
        case 0x6:
            let (count, first) = try length(marker, at: start, unit: 2)
            let text = try slice(at: first, count: 2 * count)
            let units = stride(from: text.startIndex, to: text.endIndex, by: 2).map {
                UInt16(text[$0]) << 8 | UInt16(text[$0 + 1])
            }
            return .string(String(decoding: units, as: UTF16.self))
        case 0x8:
            return .uid(Self.unsigned(try slice(at: start + 1, count: low + 1).suffix(8)))
        default:
            let hex = String(marker, radix: 16, uppercase: true)
            throw failure("object type 0x\(hex.count < 2 ? "0" : "")\(hex) is not one a property list may hold")
        }
    }

    /// A big-endian integer of 1, 2, 4 (unsigned), 8 or 16 bytes (signed).
    private func integer(at start: Int, size: Int) throws(PropertyListError) -> Double {
        let raw = try slice(at: start, count: size)
        let low = Self.unsigned(raw.suffix(8))
        switch size {
        case 8: return Double(Int64(bitPattern: low))
        case 16: return Double(Int64(bitPattern: Self.unsigned(raw.prefix(8)))) * 0x1p64 + Double(low)
        default: return Double(low)
        }
    }

    /// The element count of the object at `start` (in its marker, or in the integer after it) and where
    /// its elements begin; they must fit before the offset table at `unit` bytes each.
    private func length(_ marker: UInt8, at start: Int, unit: Int) throws(PropertyListError) -> (Int, Int) {
        var count = Int(marker & 0x0F)
        var first = start + 1
        if count == 0x0F {
            let sizeMarker = try slice(at: first, count: 1)[first]
            guard sizeMarker >> 4 == 0x1, sizeMarker & 0x0F <= 3 else {
                throw failure("the count of an object is not an integer (marker 0x\(String(sizeMarker, radix: 16)))")
            }
            let size = 1 << Int(sizeMarker & 0x0F)
            let value = Self.unsigned(try slice(at: first + 1, count: size))
            guard value <= UInt64(tableStart) else { throw failure("an object claims \(value) elements") }
            count = Int(value)
            first += 1 + size
        }
        _ = try slice(at: first, count: count * unit)
        return (count, first)
    }

    /// `count` bytes from `start`, which must lie before the offset table.
    private func slice(at start: Int, count: Int) throws(PropertyListError) -> ArraySlice<UInt8> {
        guard start <= tableStart, count <= tableStart - start else {
            throw failure("an object runs past the end of the objects (offset \(start), \(count) bytes)")
        }
        return bytes[start..<(start + count)]
    }
}
