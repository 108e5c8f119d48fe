import FormGenerators
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `questionkit lsp` through the protocol (issue 14): the time from writing a one-character
/// `didChange` to reading its `publishDiagnostics`, and a completion request after it, for
/// templates of 10, 1,000 and 100,000 questions.
enum LanguageServerBenchmark {
    static func printTable(toolPath: String) {
        print("| questions | file | didChange → publishDiagnostics p50 | p95 | max | completion p50 | edits |")
        print("|---:|---:|---:|---:|---:|---:|---:|")
        for (count, edits) in [(10, 400), (1_000, 400), (100_000, 40)] {
            let text = TemplateGenerator.template(questions: count)
            guard var server = ServerProcess(toolPath: toolPath) else {
                print("| \(count) | could not start `questionkit lsp` | | | | | |")
                return
            }
            let result = measure(&server, text: text, edits: edits)
            server.finish()
            guard let (latencies, completions) = result else {
                print("| \(count) | no diagnostics came back | | | | | |")
                continue
            }
            let sorted = latencies.sorted()
            let percentile = { (p: Double) in sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
            print(
                "| \(count) | \(size(text.utf8.count)) | \(milliseconds(percentile(0.5))) | "
                    + "\(milliseconds(percentile(0.95))) | \(milliseconds(sorted.last ?? 0)) | "
                    + "\(milliseconds(completions.sorted()[completions.count / 2])) | \(edits) |")
        }
    }

    /// Opens `text`, then alternately inserts and deletes one character inside the middle
    /// question's text; times each edit to its diagnostics, and a completion after every tenth.
    private static func measure(_ server: inout ServerProcess, text: String, edits: Int) -> ([Double], [Double])? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let questionLines = lines.indices.filter { lines[$0].contains("\"question\": \"") }
        guard !questionLines.isEmpty else { return nil }
        let line = questionLines[questionLines.count / 2]
        let character =
            (lines[line].range(of: "\"question\": \"").map {
                lines[line].utf16.distance(from: lines[line].startIndex, to: $0.upperBound)
            }) ?? 0
        let uri = "file:///benchmark/template.json"
        server.send(["id": 1, "method": "initialize", "params": ["capabilities": [String: Any]()]])
        server.send(["method": "initialized", "params": [String: Any]()])
        let item: [String: Any] = ["uri": uri, "languageId": "json", "version": 1, "text": text]
        server.send(["method": "textDocument/didOpen", "params": ["textDocument": item]])
        guard server.waitForDiagnostics(version: 1) else { return nil }
        var latencies: [Double] = []
        var completions: [Double] = []
        for edit in 0..<(edits + 5) {
            let version = edit + 2
            let range = [
                "start": ["line": line, "character": character],
                "end": ["line": line, "character": edit % 2 == 0 ? character : character + 1],
            ]
            let change: [String: Any] = ["range": range, "text": edit % 2 == 0 ? "x" : ""]
            let params: [String: Any] = [
                "textDocument": ["uri": uri, "version": version], "contentChanges": [change],
            ]
            let start = Measure.now()
            server.send(["method": "textDocument/didChange", "params": params])
            guard server.waitForDiagnostics(version: version) else { return nil }
            // The first few edits warm the server up.
            if edit >= 5 { latencies.append(Measure.now() - start) }
            if edit % 10 == 0 {
                let asked = Measure.now()
                let position: [String: Any] = [
                    "textDocument": ["uri": uri], "position": ["line": line, "character": 4],
                ]
                server.send(["id": version + 1_000_000, "method": "textDocument/completion", "params": position])
                guard server.waitForResponse(id: version + 1_000_000) else { return nil }
                completions.append(Measure.now() - asked)
            }
        }
        return (latencies, completions)
    }
}

/// A running `questionkit lsp` with pipes to its standard input and output.
struct ServerProcess {
    private let process = Process()
    private let input: FileHandle
    private let output: Int32
    private var buffer: [UInt8] = []

    init?(toolPath: String) {
        let stdin = Pipe()
        let stdout = Pipe()
        process.executableURL = URL(fileURLWithPath: toolPath)
        process.arguments = ["lsp"]
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        input = stdin.fileHandleForWriting
        output = stdout.fileHandleForReading.fileDescriptor
    }

    /// Sends a JSON-RPC message (`jsonrpc` added), framed.
    func send(_ message: [String: Any]) {
        var message = message
        message["jsonrpc"] = "2.0"
        let body = (try? JSONSerialization.data(withJSONObject: message, options: [.sortedKeys])) ?? Data()
        input.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    /// Reads messages until the diagnostics of `version` arrive; false when the output ends.
    mutating func waitForDiagnostics(version: Int) -> Bool {
        waitFor { $0.contains("/publishDiagnostics\"") && $0.contains("\"version\":\(version),") }
    }

    mutating func waitForResponse(id: Int) -> Bool {
        waitFor { $0.hasPrefix("{\"jsonrpc\":\"2.0\",\"id\":\(id),") }
    }

    private mutating func waitFor(_ matches: (String) -> Bool) -> Bool {
        while let body = nextBody() {
            // Only the head is compared: a long list of diagnostics need not become a string.
            if matches(String(decoding: body.prefix(160), as: UTF8.self)) { return true }
        }
        return false
    }

    private mutating func nextBody() -> [UInt8]? {
        while true {
            if let headerEnd = buffer.firstRange(of: Array("\r\n\r\n".utf8)) {
                let header = String(decoding: buffer[..<headerEnd.lowerBound], as: UTF8.self)
                let length = Int(header.dropFirst("Content-Length: ".count)) ?? 0
                if buffer.count >= headerEnd.upperBound + length {
                    let body = Array(buffer[headerEnd.upperBound..<(headerEnd.upperBound + length)])
                    buffer.removeSubrange(0..<(headerEnd.upperBound + length))
                    return body
                }
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            buffer += chunk[0..<count]
        }
    }

    func finish() {
        send(["id": 2, "method": "shutdown"])
        send(["method": "exit"])
        process.waitUntilExit()
    }
}
