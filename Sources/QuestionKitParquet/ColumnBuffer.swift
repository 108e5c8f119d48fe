/// The values of one column of the row group being built, kept compactly until the group is written: nulls as
/// definition levels, fixed-width values as bit patterns, strings one after another in one byte array.
struct ColumnBuffer {
    let column: ParquetColumn
    /// 1 for a value, 0 for a null, one a row (optional columns only; a required column has no levels).
    private(set) var definitions: [UInt8] = []
    /// Non-null values of fixed-width types: Int64 and Double bit patterns, days, 0 or 1.
    private(set) var fixed: [UInt64] = []
    /// Non-null strings, their UTF-8 one after another, and where each ends.
    private(set) var bytes: [UInt8] = []
    private(set) var ends: [Int] = []
    private(set) var rowCount = 0

    /// The column's type and nullability, read once a value (kept apart from the column and its name).
    private let type: ParquetColumnType
    private let optional: Bool

    init(_ column: ParquetColumn) {
        self.column = column
        type = column.type
        optional = column.optional
    }

    var valueCount: Int { type == .string ? ends.count : fixed.count }
    var nullCount: Int { rowCount - valueCount }

    /// Appends one row's value and returns about how many bytes it buffered; leaves the buffer as it was when
    /// the value does not fit the column.
    mutating func append(_ value: ParquetValue) throws(ParquetError) -> Int {
        let bits: UInt64
        switch (value, type) {
        case (.null, _):
            guard optional else {
                throw ParquetError(code: .nullInRequired, message: "column '\(column.name)' is required: null given")
            }
            definitions.append(0)
            rowCount += 1
            return 1
        case (.string(let text), .string):
            let start = bytes.count
            // The contiguous UTF-8 of a native string in one copy; the generic sequence path is 10 times the work.
            if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
                bytes.append(contentsOf: text.utf8)
            }
            guard bytes.count - start <= Int(Int32.max) - 64 else {
                bytes.removeSubrange(start...)
                throw ParquetError(code: .valueTooLarge, message: "column '\(column.name)': a string of 2 GiB or more")
            }
            ends.append(bytes.count)
            if optional { definitions.append(1) }
            rowCount += 1
            return bytes.count - start + 9
        case (.int64(let number), .int64), (.timestamp(let number), .timestamp): bits = UInt64(bitPattern: number)
        case (.double(let number), .double): bits = number.bitPattern
        case (.boolean(let flag), .boolean): bits = flag ? 1 : 0
        case (.date(let days), .date): bits = UInt64(bitPattern: Int64(days))
        default:
            throw ParquetError(
                code: .wrongType,
                message: "column '\(column.name)' holds \(type.rawValue) values: \(value) given")
        }
        fixed.append(bits)
        if optional { definitions.append(1) }
        rowCount += 1
        return 9
    }

    /// Empties the buffer for the next row group, keeping its storage.
    mutating func removeAll() {
        definitions.removeAll(keepingCapacity: true)
        fixed.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        rowCount = 0
    }

    // MARK: Values by index (the index among the non-null values)

    func stringRange(_ index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }

    /// The value's PLAIN encoding: little-endian numbers, a string's length (4 bytes) then its bytes. Booleans
    /// are bit-packed by the caller.
    func appendPlain(_ index: Int, to output: inout [UInt8]) {
        switch type.physicalType {
        case .byteArray:
            let range = stringRange(index)
            appendLittleEndian(UInt64(range.count), bytes: 4, to: &output)
            output.append(contentsOf: bytes[range])
        case .int32: appendLittleEndian(fixed[index], bytes: 4, to: &output)
        case .int64, .double: appendLittleEndian(fixed[index], bytes: 8, to: &output)
        case .boolean: output.append(UInt8(fixed[index]))
        }
    }

    /// About the bytes of the value's plain encoding, to cut pages.
    func plainSize(_ index: Int) -> Int {
        switch type.physicalType {
        case .byteArray: 4 + stringRange(index).count
        case .int32: 4
        case .int64, .double: 8
        case .boolean: 1
        }
    }

    /// A NaN has no place in the order of doubles; statistics leave it out, as the format asks.
    func isUnordered(_ index: Int) -> Bool {
        type == .double && Double(bitPattern: fixed[index]).isNaN
    }

    /// The column's sort order (TYPE_ORDER): signed numbers, unsigned bytes of strings, false before true.
    func less(_ a: Int, _ b: Int) -> Bool {
        switch type {
        case .string:
            let left = stringRange(a)
            let right = stringRange(b)
            return bytes.withUnsafeBufferPointer { bytes in
                let common = min(left.count, right.count)
                for offset in 0..<common {
                    let x = bytes[left.lowerBound + offset]
                    let y = bytes[right.lowerBound + offset]
                    if x != y { return x < y }
                }
                return left.count < right.count
            }
        case .int64, .timestamp, .date: return Int64(bitPattern: fixed[a]) < Int64(bitPattern: fixed[b])
        case .double: return Double(bitPattern: fixed[a]) < Double(bitPattern: fixed[b])
        case .boolean: return fixed[a] < fixed[b]
        }
    }

    /// A statistics bound: the plain value without a length; a zero double as -0.0 for a minimum and +0.0 for a
    /// maximum, so that a reader comparing either zero is right.
    func bound(_ index: Int, isMinimum: Bool) -> [UInt8] {
        var output: [UInt8] = []
        switch type.physicalType {
        case .byteArray: output.append(contentsOf: bytes[stringRange(index)])
        case .double where Double(bitPattern: fixed[index]) == 0:
            appendLittleEndian((isMinimum ? -0.0 : 0.0 as Double).bitPattern, bytes: 8, to: &output)
        default: appendPlain(index, to: &output)
        }
        return output
    }
}

func appendLittleEndian(_ value: UInt64, bytes count: Int, to output: inout [UInt8]) {
    for shift in stride(from: 0, to: count * 8, by: 8) {
        output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
    }
}
