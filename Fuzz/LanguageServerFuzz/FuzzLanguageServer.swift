// libFuzzer entry point for the language server's message handling. Compiled by Fuzz/run-fuzz.sh
// against QuestionKit, QuestionTypes and QuestionKitLanguageServer built as modules. Trapping is
// the point here: every check that fails is a bug the fuzzer has found.
import QuestionKit
import QuestionKitForms
import QuestionKitLanguageServer
import QuestionTypes

/// The server of `questionkit lsp` with the built-in question types (templates are checked; no
/// fixture reads a file).
private let configuration: LanguageServer.Configuration? = {
    guard let registry = try? QuestionTypeRegistry(BuiltInQuestionTypes.all) else { return nil }
    var configuration = LanguageServer.Configuration(registry: registry)
    // Small enough that the fuzzer reaches the limit on documents built by edits.
    configuration.maxDocumentSize = 4096
    return configuration
}()

/// The same server checking every document whole after each edit: it must write the same bytes.
private let wholeConfiguration: LanguageServer.Configuration? = {
    guard var configuration else { return nil }
    let reader = TemplateReader(registry: configuration.registry, keys: configuration.keys)
    configuration.diagnose = { _, bytes in reader.diagnose(bytes) }
    return configuration
}()

/// Runs one input as a whole session and traps unless every frame the server writes is well formed.
///
/// An input that starts with `Content-Length` is the raw byte stream; any other is split at NUL
/// bytes into message bodies, each framed with its length. An odd-length input is read as a burst
/// (all of it waiting at once), an even-length one as typed (a message at a time).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let configuration, let wholeConfiguration else { fatalError("the built-in question types collide") }
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    let stream = bytes.starts(with: Array("Content-Length".utf8)) ? bytes : framed(bytes)
    let (status, output) = serve(stream, configuration: configuration, count: count)
    require(status == 0 || status == 1, "exit status \(status)")
    checkFrames(output)
    // An edit checked in part (`TemplateCheck`) must publish what a whole check publishes.
    let (wholeStatus, wholeOutput) = serve(stream, configuration: wholeConfiguration, count: count)
    require(
        wholeStatus == status && wholeOutput == output,
        "checked in part, the session wrote other bytes than checked whole:\n"
            + String(decoding: output, as: UTF8.self) + "\n---\n" + String(decoding: wholeOutput, as: UTF8.self))
    return 0
}

/// Runs the server on `stream`, read in chunks and as a burst or typed as `count` says.
private func serve(_ stream: [UInt8], configuration: LanguageServer.Configuration, count: Int) -> (Int32, [UInt8]) {
    let output = Output()
    let status = LanguageServer.run(
        configuration, input: BufferSource(stream, chunkSize: 1 + count % 4096, reportsWaitingInput: count % 2 == 1),
        output: output.append)
    return (status, output.bytes)
}

/// Each NUL-separated piece of `bytes` as one framed message.
private func framed(_ bytes: [UInt8]) -> [UInt8] {
    var stream: [UInt8] = []
    for body in bytes.split(separator: 0, omittingEmptySubsequences: false) {
        stream += Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
    return stream
}

/// What the server wrote, frame by frame as it wrote them.
private final class Output {
    var bytes: [UInt8] = []
    func append(_ frame: [UInt8]) {
        bytes += frame
    }
}

/// `Content-Length: N\r\n\r\n` and N bytes of a JSON object with `"jsonrpc": "2.0"`, to the end.
private func checkFrames(_ output: [UInt8]) {
    let prefix = Array("Content-Length: ".utf8)
    var index = 0
    while index < output.count {
        require(output[index...].starts(with: prefix), "a frame does not start with Content-Length at \(index)")
        index += prefix.count
        var length = 0
        var digits = 0
        while index < output.count, output[index] >= 0x30, output[index] <= 0x39, digits < 18 {
            length = length * 10 + Int(output[index] - 0x30)
            index += 1
            digits += 1
        }
        require(digits > 0, "no length")
        require(output[index...].starts(with: [0x0D, 0x0A, 0x0D, 0x0A]), "the header does not end with CRLF CRLF")
        index += 4
        require(index + length <= output.count, "a body of \(length) bytes runs past the output")
        let body = Array(output[index..<(index + length)])
        index += length
        let parsed = JSONParser.parse(body, limits: JSONParser.Limits(maxBytes: body.count + 1, maxDepth: 512))
        require(!parsed.diagnostics.containsErrors, "a body is not JSON: \(String(decoding: body, as: UTF8.self))")
        guard let root = parsed.document?.root else { fatalError("a body has no JSON value") }
        require(root.kind == .object, "a body is not an object")
        require(root["jsonrpc"]?.stringValue == "2.0", "a body without \"jsonrpc\": \"2.0\"")
        require(root["method"] != nil || root["id"] != nil, "a body neither a notification nor a response")
    }
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant violated: \(message())") }
}
