// Fix-its are checked as a set before any is offered: two fixes that each read well alone can
// together make two members share a key (`version` and `RevisionNumbr` both renamed to
// `RevisionNumber`), and a duplicate key silently keeps one value of the two. Such fixes are
// withheld; their diagnostics still stand, and their hints say why nothing was fixed.
extension ProblemCollector {
    /// The fixes withheld from the problems, and the work of finding them (for tests that hold it linear).
    struct FixConflicts {
        /// Why each withheld fix is withheld, by problem and by the fix's index in the problem's fixes.
        var withheld: [Int: [Int: String]] = [:]
        var work = 0
    }

    /// A key that a fix adds to an object, by renaming a member or inserting one.
    private struct AddedKey: Hashable {
        var object: Int
        var key: [UInt8]
    }

    /// One fix adding a key: the renamed member's value and old key, nil for an insertion.
    private struct Adder {
        var problem: Int
        var fix: Int
        var renamed: (value: Int, key: String)?
    }

    /// The fixes that would make a key collide: with a key the object has, or with a key another
    /// fix adds to it. Linear in the fixes' edits and the members of the objects they add keys to.
    func fixConflicts() -> FixConflicts {
        var conflicts = FixConflicts()
        var additions: [AddedKey: [Adder]] = [:]
        for problem in 0..<storage.count {
            for (fixIndex, fix) in storage.fixes(problem).enumerated() {
                for edit in fix.edits {
                    conflicts.work += 1
                    switch edit {
                    case .renameKey(let value, let key):
                        guard let object = value.parent, object.kind == .object, let old = value.memberKey, old != key
                        else { continue }
                        let added = AddedKey(object: object.index, key: Array(key.utf8))
                        additions[added, default: []].append(
                            Adder(problem: problem, fix: fixIndex, renamed: (value.index, old)))
                    case .insertMember(let object, let key, _):
                        let added = AddedKey(object: object.index, key: Array(key.utf8))
                        additions[added, default: []].append(Adder(problem: problem, fix: fixIndex, renamed: nil))
                    case .replace, .remove:
                        continue
                    }
                }
            }
        }
        var present: [Int: Set<[UInt8]>] = [:]
        for added in additions.keys where present[added.object] == nil {
            let object = JSONNode(document: document, index: added.object)
            present[added.object] = Set(object.members.map { Array($0.key.utf8) })
            conflicts.work += object.count
        }
        for (added, adders) in additions {
            for adder in adders {
                guard let reason = collision(of: adder, adding: added, among: adders, present: present) else {
                    continue
                }
                conflicts.withheld[adder.problem, default: [:]][adder.fix] = reason
            }
        }
        return conflicts
    }

    /// Why `adder` may not add `added`, or nil when it may. Fixes renaming the same member to the
    /// same key (two problems offering one repair) are one addition.
    private func collision(
        of adder: Adder, adding added: AddedKey, among adders: [Adder], present: [Int: Set<[UInt8]>]
    ) -> String? {
        let key = String(decoding: added.key, as: UTF8.self)
        if present[added.object]?.contains(added.key) == true { return "Not fixed: '\(key)' is present already." }
        let other = adders.first { other in
            guard let renamed = adder.renamed, let otherRenamed = other.renamed else {
                return other.problem != adder.problem || other.fix != adder.fix
            }
            return otherRenamed.value != renamed.value
        }
        guard let other else { return nil }
        guard let renamed = other.renamed else { return "Not fixed: another fix adds '\(key)' too." }
        return "Not fixed: '\(renamed.key)' would become '\(key)' too."
    }

    /// Sets `diagnostic`'s fixes to those of `fixes` not withheld, as source edits; the reasons
    /// for those withheld close its hint.
    func offer(
        _ fixes: [NodeFix], withholding withheld: [Int: String]?, makingEdits: Bool = true,
        in diagnostic: inout Diagnostic
    ) {
        guard let withheld else {
            if makingEdits { diagnostic.fixes = fixes.compactMap { $0.fixIt(in: document) } }
            return
        }
        if makingEdits {
            diagnostic.fixes = fixes.indices.compactMap { withheld[$0] == nil ? fixes[$0].fixIt(in: document) : nil }
        }
        let reasons = withheld.keys.sorted().compactMap { withheld[$0] }
        var seen = Set<String>()
        let unique = reasons.filter { seen.insert($0).inserted }
        diagnostic.hint = ([diagnostic.hint].compactMap { $0 } + unique).joined(separator: " ")
    }
}
