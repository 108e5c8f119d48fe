import Testing

@testable import QuestionKit

/// Fix-its checked as a set before they are offered: none makes two members share a key, since a
/// duplicate key silently drops a value (issue 24, item 2).
@Suite struct FixSetTests {
    private func document(_ text: String) throws -> JSONDocument {
        try #require(JSONParser.parse(Array(text.utf8)).document)
    }

    /// The diagnostics of a rename of each named key to `target`, in order.
    private func renames(_ keys: [String], to target: String, in document: JSONDocument) throws -> [Diagnostic] {
        var problems = ProblemCollector(document: document)
        for key in keys {
            let value = try #require(document.root[key])
            problems.report(
                .error, "t.rename", "rename '\(key)'", at: value, hint: "Did you mean '\(target)'?", atKey: true,
                fixes: [.renameKey(of: value, to: target)])
        }
        return problems.diagnostics()
    }

    /// `version` (the early spelling) and `RevisionNumbr` (a near miss) both meant
    /// `RevisionNumber`: applying both would keep one of the two revisions only.
    @Test func twoRenamesOntoOneKeyAreBothWithheldAndSayWhy() throws {
        let document = try document(#"{"version": "3", "RevisionNumbr": "4", "Title": "t"}"#)
        let diagnostics = try renames(["version", "RevisionNumbr"], to: "RevisionNumber", in: document)
        #expect(diagnostics.count == 2)
        #expect(diagnostics.allSatisfy { $0.fixes.isEmpty })
        #expect(
            diagnostics.map(\.hint) == [
                "Did you mean 'RevisionNumber'? Not fixed: 'RevisionNumbr' would become 'RevisionNumber' too.",
                "Did you mean 'RevisionNumber'? Not fixed: 'version' would become 'RevisionNumber' too.",
            ])
    }

    @Test func aRenameOntoAKeyPresentIsWithheld() throws {
        let document = try document(#"{"a": 1, "b": 2}"#)
        let diagnostics = try renames(["a"], to: "b", in: document)
        #expect(diagnostics.first?.fixes.isEmpty == true)
        #expect(diagnostics.first?.hint == "Did you mean 'b'? Not fixed: 'b' is present already.")
    }

    @Test func anInsertedKeyPresentOrInsertedTwiceIsWithheld() throws {
        let document = try document(#"{"a": 1, "b": {}}"#)
        var problems = ProblemCollector(document: document)
        let inner = try #require(document.root["b"])
        problems.error(
            "t.a", "a", at: document.root,
            fixes: [NodeFix("Add a", edits: [.insertMember(in: document.root, key: "a", json: "0")])])
        problems.error(
            "t.c", "c", at: inner, fixes: [NodeFix("Add c", edits: [.insertMember(in: inner, key: "c", json: "0")])])
        problems.error(
            "t.c2", "c", at: inner, fixes: [NodeFix("Add c", edits: [.insertMember(in: inner, key: "c", json: "1")])])
        let diagnostics = problems.diagnostics()
        #expect(diagnostics.map(\.fixes.count) == [0, 0, 0])
        #expect(
            diagnostics.map(\.hint) == [
                "Not fixed: 'a' is present already.", "Not fixed: another fix adds 'c' too.",
                "Not fixed: another fix adds 'c' too.",
            ])
    }

    /// The same key in two objects, or two different keys in one, is no collision.
    @Test func renamesInDifferentObjectsOrToDifferentKeysAreKept() throws {
        let document = try document(#"{"x": {"aa": 1}, "y": {"aa": 2, "bb": 3}}"#)
        var problems = ProblemCollector(document: document)
        for pointer in [("x", "aa", "a"), ("y", "aa", "a"), ("y", "bb", "b")] {
            let value = try #require(document.root[pointer.0]?[pointer.1])
            problems.report(.error, "t.r", "r", at: value, atKey: true, fixes: [.renameKey(of: value, to: pointer.2)])
        }
        let diagnostics = problems.diagnostics()
        #expect(diagnostics.map(\.fixes.count) == [1, 1, 1])
        #expect(diagnostics.allSatisfy { $0.hint == nil })
    }

    /// Many renames in one object are checked with work linear in the object (counted).
    @Test func checkingManyRenamesIsLinear() throws {
        func work(_ count: Int) throws -> Int {
            let text = "{" + (0..<count).map { "\"k\($0)x\": \($0)" }.joined(separator: ", ") + "}"
            let document = try document(text)
            var problems = ProblemCollector(document: document)
            for member in document.root.members {
                problems.report(
                    .error, "t.r", "r", at: member.value, atKey: true,
                    fixes: [.renameKey(of: member.value, to: String(member.key.dropLast()))])
            }
            let conflicts = problems.fixConflicts()
            #expect(conflicts.withheld.isEmpty)
            return conflicts.work
        }
        let small = try work(1_000)
        let large = try work(10_000)
        #expect(large <= 12 * small, "\(small) → \(large)")
    }
}
