/// A partition of a dataset, Hive-style: `title=<title>/revision=<revision>`, so that engines
/// (DuckDB's `hive_partitioning`, Spark's partition discovery) read the two as columns and prune
/// by them.
///
/// Values are escaped as Hive escapes them (`FileUtils.escapePathName`, which Spark follows): each
/// byte of a control character (U+0001…U+001F), `"`, `#`, `%`, `'`, `*`, `/`, `:`, `=`, `?`, `\`,
/// U+007F, `{`, `[`, `]`, `^` as `%XX` (uppercase hex); everything else, UTF-8 included, as it is.
/// No value (and an empty one) is `__HIVE_DEFAULT_PARTITION__`, Hive's and Spark's null. A value
/// escaped longer than `maxValueBytes` is cut there (at an escape's boundary) and ends with `~` and
/// 16 hex digits of its FNV-1a hash, so that every folder name stays within a file name's 255
/// bytes and two long titles stay apart; the tables' `template_title` holds the whole title.
public struct HivePartition: Sendable, Hashable, Comparable {
    /// The folder path inside a table's folder: `title=…/revision=…`.
    public let path: String

    /// The partition of forms of template `title`, revision `revision` (nil: none).
    public init(title: String?, revision: String?) {
        path = "title=" + Self.escape(title) + "/revision=" + Self.escape(revision)
    }

    /// A partition by its `path`, as a manifest records it.
    init(path: String) {
        self.path = path
    }

    /// Hive's folder name for no value.
    public static let defaultPartition = "__HIVE_DEFAULT_PARTITION__"
    /// The longest escaped value kept whole, in bytes.
    static let maxValueBytes = 180

    /// `value` escaped for a folder name (see above).
    public static func escape(_ value: String?) -> String {
        guard let value, !value.isEmpty else { return defaultPartition }
        var escaped: [UInt8] = []
        for byte in value.utf8 {
            guard escaped.count < maxValueBytes else {
                let hash = ContentHash.fnv1a64(Array(value.utf8))
                return String(decoding: cutToCharacter(escaped), as: UTF8.self) + "~" + ContentHash.hex(hash)
            }
            if needsEscape(byte) {
                escaped += [UInt8(ascii: "%"), hexDigit(byte >> 4), hexDigit(byte & 0xF)]
            } else {
                escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// `bytes` without a last character cut short: a cut inside a multi-byte character would leave
    /// invalid UTF-8 in a folder name.
    private static func cutToCharacter(_ bytes: [UInt8]) -> [UInt8] {
        guard let start = bytes.lastIndex(where: { $0 < 0x80 || $0 >= 0xC0 }), bytes[start] >= 0xC0 else {
            return bytes
        }
        let length = bytes[start] >= 0xF0 ? 4 : bytes[start] >= 0xE0 ? 3 : 2
        return bytes.count - start < length ? Array(bytes[..<start]) : bytes
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x01...0x1F, 0x7F: true
        case UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: "'"), UInt8(ascii: "*"),
            UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "?"), UInt8(ascii: "\\"),
            UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "^"):
            true
        // NUL cannot be in a file name at all; Hive never meets it, we escape it too.
        case 0: true
        default: false
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }

    public static func < (lhs: HivePartition, rhs: HivePartition) -> Bool { lhs.path < rhs.path }
}

/// FNV-1a, 64 bits: the content hash of the manifest and of long partition names.
///
/// The manifest's hash only tells whether a form's bytes changed since the last export (after
/// size and time already differ, or to confirm a change): an accidental collision has a chance of
/// 2^-64 per changed file, and a deliberate one gains nothing, since whoever can write the form
/// can write anything into it. A cryptographic hash (SHA-256, our own code) would cost several
/// times as much per byte for no property the export needs.
public enum ContentHash {
    /// The FNV-1a hash of `bytes`.
    public static func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    /// `hash` as 16 lowercase hex digits.
    public static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The hash that `hex(_:)` writes as `text`; nil for any other text.
    package static func value(ofHex text: String) -> UInt64? {
        guard text.utf8.count == 16, text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        return UInt64(text, radix: 16)
    }
}
