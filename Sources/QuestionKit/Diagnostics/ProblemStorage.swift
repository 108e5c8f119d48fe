/// The problems of a `ProblemCollector`, kept compactly until they are located: a problem is a few
/// bytes of numbers plus its message's UTF-8, its code and hint each kept once however often they
/// repeat. A million problems about one template then cost tens of megabytes, not hundreds.
struct ProblemStorage: Sendable {
    /// Severity (its index in `Severity.allCases`), plus `atKeyFlag`.
    private var kinds: [UInt8] = []
    /// The entry index of the node each problem is about.
    private var nodes: [UInt32] = []
    private var codes: [UInt32] = []
    /// The hint's index in `texts` plus one; 0 for no hint.
    private var hints: [UInt32] = []
    /// Where each message ends in `messageBytes`; it starts where the one before ends.
    private var messageEnds: [Int] = []
    private var messageBytes: [UInt8] = []
    /// Codes and hints, each once.
    private var texts: [String] = []
    private var textIndices: [String: UInt32] = [:]
    /// The index of each problem's fixes in `fixLists` plus one; 0 for none (most problems).
    private var fixes: [UInt32] = []
    private var fixLists: [[NodeFix]] = []
    private var lastCode = -1
    private var lastHint = -1

    private static let atKeyFlag: UInt8 = 0x80

    /// The number of problems.
    var count: Int { kinds.count }

    mutating func append(_ problem: ProblemCollector.Problem) {
        let severity = UInt8(Severity.allCases.firstIndex(of: problem.severity) ?? 0)
        kinds.append(severity | (problem.atKey ? Self.atKeyFlag : 0))
        nodes.append(UInt32(truncatingIfNeeded: problem.node.index))
        lastCode = index(of: problem.code, guess: lastCode)
        codes.append(UInt32(lastCode))
        if let hint = problem.hint {
            lastHint = index(of: hint, guess: lastHint)
            hints.append(UInt32(lastHint + 1))
        } else {
            hints.append(0)
        }
        var message = problem.message
        message.withUTF8 { messageBytes.append(contentsOf: $0) }
        messageEnds.append(messageBytes.count)
        if problem.fixes.isEmpty {
            fixes.append(0)
        } else {
            fixLists.append(problem.fixes)
            fixes.append(UInt32(fixLists.count))
        }
    }

    /// The entry index of the node the problem at `position` is about.
    func node(_ position: Int) -> Int { Int(nodes[position]) }

    /// Whether the problem at `position` is reported at its member's key.
    func isAtKey(_ position: Int) -> Bool { kinds[position] & Self.atKeyFlag != 0 }

    /// The repairs of the problem at `position`, in node terms.
    func fixes(_ position: Int) -> [NodeFix] { fixes[position] == 0 ? [] : fixLists[Int(fixes[position]) - 1] }

    /// The problem at `position`, about a node of `document`.
    func problem(_ position: Int, in document: JSONDocument) -> ProblemCollector.Problem {
        let severityIndex = Int(kinds[position] & ~Self.atKeyFlag)
        let start = position == 0 ? 0 : messageEnds[position - 1]
        let hint = hints[position]
        return ProblemCollector.Problem(
            severity: Severity.allCases[severityIndex], code: texts[Int(codes[position])],
            message: String(decoding: messageBytes[start..<messageEnds[position]], as: UTF8.self),
            hint: hint == 0 ? nil : texts[Int(hint) - 1], node: JSONNode(document: document, index: node(position)),
            atKey: isAtKey(position), fixes: fixes(position))
    }

    /// The index of `text` in `texts`, added when it is new; when it is the text at `guess` (the
    /// code or hint of the problem before), found without a hash.
    private mutating func index(of text: String, guess: Int) -> Int {
        if guess >= 0, texts[guess] == text { return guess }
        if let known = textIndices[text] { return Int(known) }
        texts.append(text)
        textIndices[text] = UInt32(texts.count - 1)
        return texts.count - 1
    }
}
