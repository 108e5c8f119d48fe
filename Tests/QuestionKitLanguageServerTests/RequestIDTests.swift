import Foundation
import Testing

@testable import QuestionKitLanguageServer

@Suite("Language server: request ids come back exactly as sent")
struct RequestIDTests {
    /// The raw bodies the server wrote for `bodies`, sent as requests after `initialize`.
    func answers(to bodies: [String]) -> [String] {
        var session = LanguageServerSession.initialized()
        for body in bodies {
            session.sendRaw(String(decoding: LanguageServerSession.frame(Array(body.utf8)), as: UTF8.self))
        }
        let output = OutputCollector()
        _ = LanguageServer.run(
            LanguageServerSession.configuration, input: BufferSource(session.input, chunkSize: 4096),
            output: output.append)
        return Self.bodies(in: output.bytes).dropFirst().map { String(decoding: $0, as: UTF8.self) }
    }

    static func bodies(in bytes: [UInt8]) -> [[UInt8]] {
        var bodies: [[UInt8]] = []
        var rest = bytes[...]
        while let headerEnd = rest.firstRange(of: Array("\r\n\r\n".utf8)) {
            let header = String(decoding: rest[..<headerEnd.lowerBound], as: UTF8.self)
            guard let length = Int(header.replacingOccurrences(of: "Content-Length: ", with: "")) else { break }
            bodies.append(Array(rest[headerEnd.upperBound..<(headerEnd.upperBound + length)]))
            rest = rest[(headerEnd.upperBound + length)...]
        }
        return bodies
    }

    @Test(
        "integer ids of any size within 64 bits, and strings, round-trip exactly",
        arguments: [
            "9007199254740993", "-9007199254740993", "9223372036854775807", "-9223372036854775808", "0",
            #""9223372036854775808""#, #""1e400""#, #""""#,
        ])
    func exactIDs(id: String) {
        let answers = answers(to: [#"{"jsonrpc":"2.0","id":\#(id),"method":"bogus/method"}"#])
        #expect(answers.count == 1)
        #expect(answers.first?.contains(#""id":\#(id),"#) == true, "\(answers)")
    }

    @Test(
        "an id no integer within 64 bits can hold is refused, not answered with a rounded id",
        arguments: ["9223372036854775808", "-9223372036854775809", "1e400", "1.5", "18446744073709551616"])
    func inexactIDs(id: String) {
        let answers = answers(to: [#"{"jsonrpc":"2.0","id":\#(id),"method":"shutdown"}"#])
        #expect(answers.count == 1)
        #expect(answers.first?.contains(#""id":null"#) == true, "\(answers)")
        #expect(answers.first?.contains("-32600") == true, "\(answers)")
        #expect(answers.first?.contains(id) == true, "the message quotes the id: \(answers)")
    }
}
