import Foundation
import Testing

/// Runs the built `fieldkit` binary as a separate process: what a user or CI sees.
struct ToolProcess {
    static let executable: String = {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [besideTests, besideTests.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("fieldkit").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return packageRoot + "/.build/debug/fieldkit"
    }()

    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Runs `fieldkit` with `arguments` in the `Examples` folder.
    static func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Drain standard error on its own thread, so that neither pipe fills up and blocks the tool.
        let errorData = LockedData()
        let errorReader = Thread { errorData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
        errorReader.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isSet { Thread.sleep(forTimeInterval: 0.005) }
        return Result(
            status: process.terminationStatus, standardOutput: String(decoding: output, as: UTF8.self),
            standardError: String(decoding: errorData.value, as: UTF8.self))
    }

    /// Whether `fieldkit COMMAND --help` lists `option` (or, with no command, whether the tool
    /// has the command): features that other parts of QuestionKit are adding.
    static func offers(_ option: String, in command: String? = nil) -> Bool {
        guard let result = try? run(command.map { [$0, "--help"] } ?? ["--help"]) else { return false }
        let words = result.standardOutput.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," })
        return words.contains { $0 == option || $0.hasPrefix(option + "=") }
    }
}

final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?

    func set(_ value: Data) { lock.withLock { data = value } }
    var isSet: Bool { lock.withLock { data != nil } }
    var value: Data { lock.withLock { data ?? Data() } }
}

/// The `Examples` folder.
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// A fresh temporary folder, removed by the caller.
func temporaryFolder(_ name: String) throws -> String {
    let folder = NSTemporaryDirectory() + "fieldkit-\(name)-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
}
