import Foundation

/// What a program run by `ExternalProgram` did.
public struct ProgramResult: Sendable {
    /// The exit status (or the signal number when `terminatedBySignal`).
    public var status: Int32
    /// Whether the program was killed by a signal (a crash) rather than exiting.
    public var terminatedBySignal: Bool
    /// Everything it wrote to standard output.
    public var standardOutput: String
    /// Everything it wrote to standard error.
    public var standardError: String
}

/// Runs other programs from tests: the built `questionkit`, and independent checkers (qpdf,
/// pdftotext, python3).
public enum ExternalProgram {
    /// Runs `executable` (a path, or a name looked up on PATH) with `arguments` and `input` on
    /// standard input, in `directory`, and waits for it. Standard input is fed and both outputs are
    /// drained at the same time, so that no pipe fills up and blocks the program.
    public static func run(
        _ executable: String, _ arguments: [String], input: Data = Data(), in directory: String? = nil
    ) throws -> ProgramResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: find(executable) ?? executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let standardInput = Pipe()
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        process.standardError = standardError
        try process.run()
        let writer = Thread {
            try? standardInput.fileHandleForWriting.write(contentsOf: input)
            try? standardInput.fileHandleForWriting.close()
        }
        writer.start()
        let errorData = DrainedData()
        let errorReader = Thread { errorData.set(standardError.fileHandleForReading.readDataToEndOfFile()) }
        errorReader.start()
        let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let error = errorData.wait()
        return ProgramResult(
            status: process.terminationStatus, terminatedBySignal: process.terminationReason == .uncaughtSignal,
            standardOutput: String(decoding: output, as: UTF8.self),
            standardError: String(decoding: error, as: UTF8.self))
    }

    /// The path of `name` on PATH, or nil; a name with a slash is a path already.
    public static func find(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// Data read on another thread, handed over once.
private final class DrainedData: @unchecked Sendable {
    // The condition makes the hand-over between the reading thread and the waiting one explicit.
    private let condition = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
        condition.lock()
        data = value
        condition.signal()
        condition.unlock()
    }

    func wait() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while data == nil { condition.wait() }
        return data ?? Data()
    }
}
