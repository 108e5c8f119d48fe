import QuestionKit

/// An answer that a completed form holds but its question's type cannot read: two true/false
/// values, more choices than `max-answers` allows, an option the template does not list, a word
/// where a number is required.
///
/// Reading what exists is lenient (see MI-FORMAT): such an answer is kept as it is stored, shown
/// as stored and marked, written back unchanged, and each error its type reported becomes a
/// located warning on its question and a flag. The core makes it; types never see it.
public struct StoredAnswer: Sendable {
    /// The value as stored under the type's answer key.
    public let node: JSONNode
    /// The errors the type reported reading it, as "attention required" flags.
    public let flags: [Flag]

    /// A stored value `node` and what its type found wrong with it.
    public init(node: JSONNode, flags: [Flag]) {
        self.node = node
        self.flags = flags
    }

    /// The mark put before an answer shown as stored.
    public static let mark = "⚠"

    /// A stored value is something entered: it counts as answered.
    var isAnswered: Bool { true }

    /// The stored value, for the review's JSON.
    var encoded: JSONWriter.Value { node.writerValue }

    /// The value as stored, marked: "⚠ Yes, No (as stored)".
    var rendering: AnswerRendering {
        AnswerRendering([.value("\(Self.mark) \(Self.text(of: node)) (as stored)")])
    }

    /// A list of strings joined by ", ", a string as it is, anything else as compact JSON.
    static func text(of node: JSONNode) -> String {
        switch node.kind {
        case .string:
            return node.stringValue ?? ""
        case .array where node.elements.allSatisfy({ $0.kind == .string }):
            return node.elements.map { $0.stringValue ?? "" }.joined(separator: ", ")
        default:
            return JSONWriter.text(of: node.writerValue, indent: 0)
        }
    }
}

extension Question {
    /// Reads an answer stored in a completed form, leniently: what `parseAnswer` reads, or, when
    /// the type reports errors, the value kept as a `StoredAnswer`. Every problem goes to
    /// `problems` as a warning (errors end in "; kept as stored"); nil only when the type read
    /// nothing and reported no error. The answer remembers `value` as its source.
    public func readStoredAnswer(_ value: JSONNode, problems: inout ProblemCollector) -> QuestionAnswer? {
        var own = ProblemCollector(document: problems.document)
        let read = parseAnswer(value, problems: &own)
        var answer: QuestionAnswer
        if own.hasErrors {
            let flags = own.problems.filter { $0.severity == .error }.map { Flag(code: $0.code, message: $0.message) }
            answer = QuestionAnswer(StoredAnswer(node: value, flags: flags))
        } else if let read {
            answer = read
        } else {
            return nil
        }
        answer.source = value
        for problem in own.problems {
            let isError = problem.severity == .error
            problems.report(
                isError ? .warning : problem.severity, problem.code,
                isError ? problem.message + "; kept as stored" : problem.message, at: problem.node,
                hint: problem.hint, atKey: problem.atKey)
        }
        return answer
    }
}
