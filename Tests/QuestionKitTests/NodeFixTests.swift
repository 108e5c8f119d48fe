import Testing

@testable import QuestionKit

/// Fix-its in JSON terms turned into byte edits: every node, even one read past a syntax error,
/// gives edits inside the source or no fix at all, never a crash (issue 24, item 1).
@Suite struct NodeFixTests {
    private func recover(_ text: String) throws -> JSONDocument {
        try #require(JSONParser.parseRecovering(Array(text.utf8)).document)
    }

    /// The fixes of one problem about `node`, as located.
    private func located(_ fix: NodeFix, at node: JSONNode) -> [FixIt] {
        var problems = ProblemCollector(document: node.document)
        problems.error("t.fix", "fix", at: node, fixes: [fix])
        return problems.diagnostics().flatMap(\.fixes)
    }

    /// The 25-byte template that crashed `validate`: the member inserted into a question whose
    /// first key is unquoted goes before that key, not before the object's '{'.
    @Test func aMemberInsertedBeforeAnUnquotedKeyGoesBeforeTheKey() throws {
        let text = #"{"questions":[{qid:"1"}]}"#
        let document = try recover(text)
        let question = try #require(document.root["questions"]?.elements.first)
        let fix = NodeFix("Add", edits: [.insertMember(in: question, key: "answer-type", json: #""short-answer""#)])
        let edits = located(fix, at: question).flatMap(\.edits)
        let offset = try #require(Array(text.utf8).lastIndex(of: UInt8(ascii: "q")))
        #expect(edits == [SourceEdit(range: offset..<offset, replacement: #""answer-type": "short-answer", "#)])
    }

    /// Containers left open at the end of the input: removing all their items, or inserting
    /// into them, cannot be said in edits of what is there, so the fix is dropped.
    @Test func aFixInAContainerLeftOpenIsDropped() throws {
        let document = try recover(#"{"a": [1, 2"#)
        let list = try #require(document.root["a"])
        #expect(located(NodeFix("Remove", edits: [.remove(Array(list.elements))]), at: list).isEmpty)
        let object = try recover(#"{"b": 1, "c": {"d": 2"#).root
        let inner = try #require(object["c"])
        #expect(located(NodeFix("Add", edits: [.insertMember(in: inner, key: "e", json: "3")]), at: inner).isEmpty)
    }

    /// The items of `node`'s container: its elements, or its members' values.
    private func siblings(of node: JSONNode) -> [JSONNode] {
        guard let parent = node.parent else { return [node] }
        return parent.kind == .object ? parent.members.map(\.value) : Array(parent.elements)
    }

    /// Every edit kind about every node of documents read past syntax errors gives ranges inside
    /// the source, in order, not overlapping.
    @Test(arguments: [
        #"{"questions":[{qid:"1"}]}"#, #"{qid:"1"}"#, #"{ a b: 1, c}"#, #"{"a": [1, 2"#, #"{'k': 'v', x: [}"#,
        #"{"a": {"b": ] [1, 2]}"#, "{\"a\": \"one\n, \"b\": [1, 2]}", #"[{"a" 1 "b" 2}, {c:}, {:}, {,}]"#,
        "{a", "{a:", #"{"x": {y: {z"#, "[1,,2,]", #"{"a": 1,, "b": [1,, 2]}"#,
    ])
    func everyEditOfEveryNodeStaysInTheSource(text: String) throws {
        let document = try recover(text)
        let count = document.bytes.count
        for index in 0..<document.entryCount {
            let node = JSONNode(document: document, index: index)
            let fixes: [NodeFix] = [
                NodeFix("Replace", edits: [.replace(node, json: "0")]),
                NodeFix("Rename", edits: [.renameKey(node, to: "k")]),
                NodeFix("Insert", edits: [.insertMember(in: node, key: "k", json: "0")]),
                NodeFix("Remove", edits: [.remove([node])]),
                NodeFix("Remove all", edits: [.remove(siblings(of: node))]),
            ]
            for fix in fixes {
                guard let fixIt = fix.fixIt(in: document) else { continue }
                var end = 0
                for edit in fixIt.edits {
                    #expect(edit.range.lowerBound >= end && edit.range.upperBound <= count, "\(text) \(fix.title)")
                    end = edit.range.upperBound
                }
            }
        }
    }
}
