import Foundation

/// The folder `shared/RELATIVE` beside the package root (`../shared/...`), or beside a folder above it,
/// so that a worktree in a subfolder finds it too; nil when absent (a clean CI checkout), and tests
/// that need it are skipped with that reason.
public func sharedFolder(_ relative: String) -> String? {
    var folder = URL(fileURLWithPath: packageRoot).deletingLastPathComponent()
    for _ in 0..<3 {
        let candidate = folder.appendingPathComponent("shared/" + relative).path
        if FileManager.default.fileExists(atPath: candidate) { return candidate }
        folder.deleteLastPathComponent()
    }
    return nil
}

/// The original system's surviving files (`data.json`, `MIApp-Info.plist`): `../shared/refdata/mi`.
public let referenceDataFolder: String? = sharedFolder("refdata/mi")

/// The public forms of other formats (`../shared/corpus/FORMAT/`) and their checkers' results.
public let corpusFolder: String? = sharedFolder("corpus")

/// The path of the reference file `name`, when it is there.
public func referenceFile(_ name: String) -> String? {
    guard let folder = referenceDataFolder else { return nil }
    let path = folder + "/" + name
    return FileManager.default.fileExists(atPath: path) ? path : nil
}
