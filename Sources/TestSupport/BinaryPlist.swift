/// Builds binary property lists (`bplist00`) byte by byte, including what Python's plistlib and
/// Foundation's writer cannot write: sets, cycles, shared containers, broken offsets and counts.
public enum BinaryPlist {
    /// The file holding `objects` (each already encoded) with one-byte references unless `referenceSize`
    /// says otherwise; `top` is the index of the root object.
    public static func file(_ objects: [[UInt8]], top: Int = 0, referenceSize: Int = 1) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        let offsetSize = table < 0x100 ? 1 : table < 0x1_0000 ? 2 : 4
        for offset in offsets {
            bytes += bigEndian(UInt64(offset), size: offsetSize)
        }
        bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        return bytes + bigEndian(UInt64(objects.count), size: 8) + bigEndian(UInt64(top), size: 8)
            + bigEndian(UInt64(table), size: 8)
    }

    /// An ASCII string.
    public static func string(_ text: String) -> [UInt8] {
        marker(0x50, count: text.utf8.count) + Array(text.utf8)
    }

    /// An integer, in eight bytes.
    public static func integer(_ value: Int64) -> [UInt8] {
        [0x13] + bigEndian(UInt64(bitPattern: value), size: 8)
    }

    /// An array (0xA), set (0xC) or dictionary (0xD, keys then values) of the objects at `references`.
    public static func container(_ type: UInt8, _ references: [Int], referenceSize: Int = 1) -> [UInt8] {
        let count = type == 0xD ? references.count / 2 : references.count
        return marker(type << 4, count: count) + references.flatMap { bigEndian(UInt64($0), size: referenceSize) }
    }

    /// A dictionary of one key to one value.
    public static func dictionary(key: Int, value: Int) -> [UInt8] {
        container(0xD, [key, value])
    }

    /// An object marker with its count: in the low nibble below 15, else as an integer that follows.
    public static func marker(_ type: UInt8, count: Int) -> [UInt8] {
        count < 15 ? [type | UInt8(count)] : [type | 0x0F, 0x13] + bigEndian(UInt64(count), size: 8)
    }

    public static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(size - 1 - $0))) }
    }

    /// A key map `{"answerType": {"type"}}` whose spelling is a set, which crashes Foundation's reader.
    public static let keyMapWithASet = file([
        dictionary(key: 1, value: 2), string("answerType"), container(0xC, [3]), string("type"),
    ])

    /// A store configuration `{"DeleteAfterDays": {7}}` whose value is a set.
    public static let configurationWithASet = file([
        dictionary(key: 1, value: 2), string("DeleteAfterDays"), container(0xC, [3]), integer(7),
    ])
}
