import Foundation
import QuestionKit
import QuestionKitCLI
import QuestionTypes

/// Runs the tool in-process with the built-in types.
func runTool(_ arguments: [String], standardInput: String = "") -> QuestionKitTool.Outcome {
    let input = Array(standardInput.utf8)
    return QuestionKitTool(types: BuiltInQuestionTypes.all).run(arguments) { limit in
        guard input.count <= limit else { throw FileAccessError(path: "<stdin>", reason: "too large") }
        return input
    }
}

/// A fresh temporary folder, removed when the value is released.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "questionkit-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `text` to `name` inside the folder and returns the file's path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// The package's root folder (for the bundled templates).
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()
