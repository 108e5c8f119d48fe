import Foundation

/// The original system's surviving files (`data.json`, `MIApp-Info.plist`): `shared/refdata/mi`
/// beside the package root (`../shared/refdata/mi`), or beside a folder above it, so that a
/// worktree in a subfolder finds them too; nil when absent (a clean CI checkout), and tests
/// that need them are skipped with that reason.
public let referenceDataFolder: String? = sharedFolder("refdata/mi")

/// The folder `shared/PATH` beside the package root, or beside a folder above it (a worktree in a
/// subfolder); nil when absent (a clean CI checkout).
public func sharedFolder(_ path: String) -> String? {
    var folder = URL(fileURLWithPath: packageRoot).deletingLastPathComponent()
    for _ in 0..<3 {
        let candidate = folder.appendingPathComponent("shared/" + path).path
        if FileManager.default.fileExists(atPath: candidate) { return candidate }
        folder.deleteLastPathComponent()
    }
    return nil
}

/// The path of the reference file `name`, when it is there.
public func referenceFile(_ name: String) -> String? {
    guard let folder = referenceDataFolder else { return nil }
    let path = folder + "/" + name
    return FileManager.default.fileExists(atPath: path) ? path : nil
}
