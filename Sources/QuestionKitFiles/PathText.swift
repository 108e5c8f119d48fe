/// Path arithmetic on plain strings, for the few places that need a file's folder or name.
///
/// Foundation's `NSString` path methods crash on some short paths on Linux
/// (`deletingLastPathComponent` of any one-character path traps), and input reaches every
/// path the tool handles, so QuestionKit does its own.
package enum PathText {
    /// The folder holding `path`: `"."` for a bare name, `"/"` for a name at the root.
    /// Trailing slashes are ignored (`"a/b/"` is in `"a"`), and so are repeated ones.
    package static func parent(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let folder = trimmingTrailingSlashes(String(trimmed[..<slash]))
        return folder.isEmpty ? "/" : folder
    }

    /// The last component of `path` (`"b.json"` for `"a/b.json"`); `"/"` for the root itself.
    package static func lastComponent(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `name` without its last extension (`"pump.json"` → `"pump"`); a leading dot is not one.
    package static func deletingExtension(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The extension of `name` (`"json"` for `"pump.json"`), empty when there is none.
    package static func pathExtension(of name: String) -> String {
        let last = lastComponent(of: name)
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return "" }
        return String(last[last.index(after: dot)...])
    }

    /// `relative` read from `folder`: itself when absolute or when `folder` is `"."`.
    package static func resolve(_ relative: String, from folder: String) -> String {
        if relative.hasPrefix("/") || folder == "." { return relative }
        return folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }

    /// `path` with `.` components, repeated slashes and each `name/..` pair taken out, read as
    /// text without following links (`"Templates/fixtures/../pump.json"` → `"Templates/pump.json"`):
    /// how a path a fixture names from its folder is shown. A `..` that climbs above a relative
    /// path's start is kept (`"../a"`), one above the root dropped; nothing left is `"."`.
    package static func normalized(_ path: String) -> String {
        // Most paths have nothing to take out: no component starts with a dot, no slash repeats.
        var previous = UInt8(ascii: ".")
        var plain = path.utf8.first != UInt8(ascii: ".")
        for byte in path.utf8 where plain {
            plain = previous != UInt8(ascii: "/") || (byte != UInt8(ascii: ".") && byte != UInt8(ascii: "/"))
            previous = byte
        }
        if plain, !path.isEmpty { return path }
        let isAbsolute = path.hasPrefix("/")
        let joined = lexicalComponents(of: path).joined(separator: "/")
        return isAbsolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// `name` inside `folder`, with one slash between them however many `folder` ends with.
    package static func joined(_ folder: String, _ name: String) -> String {
        var base = Substring(folder)
        while base.count > 1, base.hasSuffix("/") { base = base.dropLast() }
        return base == "/" ? "/" + name : base + "/" + name
    }

    /// The absolute path `target` as a path relative to the absolute `folder`: `"../QuestionKit"`
    /// for `/src/QuestionKit` from `/src/gauge-kit`, `"."` for the folder itself. Both are read
    /// lexically (`.` dropped, `..` taking off the component before it), as SwiftPM reads a path.
    package static func relative(_ target: String, from folder: String) -> String {
        let to = lexicalComponents(of: target)
        let from = lexicalComponents(of: folder)
        var common = 0
        while common < to.count, common < from.count, to[common] == from[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// The components of `path` read lexically: `.` dropped, each `name/..` pair taken out; a `..`
    /// above a relative path's start kept, one above the root dropped.
    private static func lexicalComponents(of path: String) -> [Substring] {
        let isAbsolute = path.hasPrefix("/")
        var kept: [Substring] = []
        for component in path.split(separator: "/") where component != "." {
            if component == "..", let last = kept.last, last != ".." {
                kept.removeLast()
            } else if component != ".." || !isAbsolute {
                kept.append(component)
            }
        }
        return kept
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
