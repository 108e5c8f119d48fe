import Foundation
import QuestionKit
import QuestionKitForms

/// How user names and form titles become folder names, so that nothing given to the store can
/// name a place outside its root.
///
/// **User names are checked, not changed** (beyond Unicode normalization form C, so that "José"
/// typed either way is one user): a user name is an identity, and a mapping could make
/// two users one (`a/b` and `a-b`). A user name is refused, with the reason, when it is empty,
/// contains `/` or `\`, contains a control character (NUL, tab, newline, …) or an invisible one
/// (a zero-width space, a no-break space, a bidirectional override: see `isInvisible`), starts with `.`
/// (so `.` and `..` too; dot names are the store's own), begins or ends with a space, is longer
/// than `maxUserBytes` bytes of UTF-8, or is the name of one of the store's folders
/// (`CompletedMIs`, `Error`, `Outbox` by default, compared ignoring case).
///
/// **Titles are mapped**, because a title comes from a template that must load unchanged:
/// 0. the title is taken in NFC;
/// 1. `/`, `\` become `-`; control characters become a space;
/// 2. runs of white space become one space; leading spaces, dots and hyphens and trailing
///    spaces are removed;
/// 3. the result is cut to `maxTitleBytes` bytes of UTF-8 at a character boundary;
/// 4. an empty result is `Untitled`.
///
/// The folder name of a form adds the date (`Title dd-MM-yyyy`), a counter on a clash (` (2)`)
/// and, once completed, the time (` HH-mm-ss`), staying far below the 255-byte limit of file
/// names.
package enum StoreNames {
    /// The longest user name, in bytes of UTF-8.
    package static let maxUserBytes = 100
    /// The longest title part of a folder name, in bytes of UTF-8.
    package static let maxTitleBytes = 120
    /// What an empty title becomes.
    package static let untitled = "Untitled"

    /// Returns `user`, in NFC, when it can be a folder name in the store; throws `store.bad-user` saying why not.
    package static func checkUser(_ user: String, reserved: [String]) throws(StoreError) -> String {
        let user = nfc(user)
        if let reason = problem(withUser: user, reserved: reserved) {
            throw StoreError(
                code: "store.bad-user", message: "\(quoted(user)) cannot be a user name: \(reason)",
                hint: "User names are folder names in the store: use letters, digits, spaces, '-', '_', "
                    + "and '.' after the first character.")
        }
        return user
    }

    private static func problem(withUser user: String, reserved: [String]) -> String? {
        if user.isEmpty { return "it is empty" }
        if let slash = user.first(where: { $0 == "/" || $0 == "\\" }) { return "it contains '\(slash)'" }
        if let control = user.unicodeScalars.first(where: isControl) {
            return "it contains the control character \(codePoint(control))"
        }
        if let invisible = user.unicodeScalars.first(where: isInvisible) {
            return "it contains the invisible character \(codePoint(invisible))"
        }
        if user.hasPrefix(".") { return "it starts with '.'; such names are the store's own files" }
        if user.first?.isWhitespace == true || user.last?.isWhitespace == true {
            return "it begins or ends with a space"
        }
        if user.utf8.count > maxUserBytes {
            return "it is \(user.utf8.count) bytes long; the limit is \(maxUserBytes) bytes of UTF-8"
        }
        if let folder = reserved.first(where: { $0.lowercased() == user.lowercased() }) {
            return "'\(folder)' is the name of one of the store's own folders"
        }
        return nil
    }

    /// The title part of a form's folder name (see the mapping above).
    package static func safeTitle(_ title: String?) -> String {
        var mapped = ""
        var pendingSpace = false
        for scalar in nfc(title ?? "").unicodeScalars {
            let replaced: Unicode.Scalar = scalar == "/" || scalar == "\\" ? "-" : isControl(scalar) ? " " : scalar
            if replaced.properties.isWhitespace {
                pendingSpace = !mapped.isEmpty
                continue
            }
            if mapped.isEmpty && (replaced == "." || replaced == "-") { continue }
            if pendingSpace { mapped.append(" ") }
            pendingSpace = false
            mapped.unicodeScalars.append(replaced)
        }
        var cut = ""
        for character in mapped {
            guard cut.utf8.count + character.utf8.count <= maxTitleBytes else { break }
            cut.append(character)
        }
        while cut.last?.isWhitespace == true { cut.removeLast() }
        return cut.isEmpty ? untitled : cut
    }

    /// Whether `name`, read from a reference or from disk, can be one component of a path in the
    /// store: not empty, not starting with `.`, without `/`, `\` or control characters.
    package static func isSafeComponent(_ name: String) -> Bool {
        // Bytes and scalar values, not Foundation's `contains` and the Unicode tables: every command
        // asks this of every folder in the store (`recoverLeftovers`), a search of every form twice.
        !name.isEmpty && !name.hasPrefix(".")
            && !name.utf8.contains { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }
            && !name.unicodeScalars.contains(where: isControl)
    }

    /// `name` in Unicode normalization form C: "José" typed as `e` + combining accent (NFD) and as
    /// `é` (NFC) is one name, and so one folder, on every file system.
    package static func nfc(_ name: String) -> String { name.precomposedStringWithCanonicalMapping }

    /// `name (n)` for n ≥ 2, `name` for n = 1.
    static func numbered(_ name: String, _ counter: Int) -> String {
        counter <= 1 ? name : "\(name) (\(counter))"
    }

    /// A folder name without its clash counter: `Pump 01-03-2026 (2)` → `Pump 01-03-2026`.
    static func baseName(_ name: String) -> String {
        guard name.hasSuffix(")"), let open = name.range(of: " (", options: .backwards) else { return name }
        let digits = name[open.upperBound..<name.index(before: name.endIndex)]
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), Int(digits) != nil else { return name }
        return String(name[..<open.lowerBound])
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        // The general category Cc, which Unicode's stability policy fixes to these two ranges.
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Whether `scalar` shows as nothing, or as a space that is not U+0020: formats (U+200B, U+FEFF,
    /// U+202E), other spaces, line and paragraph separators, and default-ignorable code points
    /// (U+00AD, U+FE0F, U+115F). A user name holding one looks like another name, or a folder's.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: return true
        case .spaceSeparator: return scalar != " "
        default: return scalar.properties.isDefaultIgnorableCodePoint
        }
    }

    /// A name for messages: quoted, with control and invisible characters spelled out, and cut after
    /// its first `Diagnostic.maxQuotedCharacters` characters (then `…`), as diagnostics quote values.
    static func quoted(_ name: String) -> String {
        var text = ""
        for (count, scalar) in name.unicodeScalars.enumerated() {
            guard count < Diagnostic.maxQuotedCharacters else {
                text += "…"
                break
            }
            if isControl(scalar) || isInvisible(scalar) {
                text += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return "'\(text)'"
    }

    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
