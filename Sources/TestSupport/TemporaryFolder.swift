import Foundation

/// A fresh folder for one test's files, removed when the value is released.
public final class TemporaryFolder {
    /// The folder's path.
    public let path: String

    /// Creates `questionkit-tests-<uuid>` in the system's temporary folder.
    public init() throws {
        path = NSTemporaryDirectory() + "questionkit-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `text` to `name` inside the folder and returns the file's path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// The package's root folder (where Package.swift is), for the bundled templates and fixtures.
public let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)  // <root>/Sources/TestSupport/TemporaryFolder.swift
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()
