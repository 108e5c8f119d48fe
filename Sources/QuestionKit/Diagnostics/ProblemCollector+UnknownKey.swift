extension ProblemCollector {
    /// Warns that `member`'s key is none of `known`, at the key itself: "unknown key 'form' in
    /// 'acceptedAnswer'", with the nearest known key as a "did you mean" hint, else the known keys
    /// when there are few, else `otherwise`. Every unknown key, wherever it is, reads the same.
    /// A near miss is an error with the rename as its fix (see `reportUnknownKey`).
    public mutating func warnUnknownKey(
        _ member: JSONMember, code: some DiagnosticCode, in place: String, known: [String],
        otherwise: String = "It is ignored; remove it if it is not needed."
    ) {
        warnUnknownKey(
            member, code: code.rawValue, in: place, known: known, otherwise: otherwise)
    }

    /// `warnUnknownKey(_:code:in:known:otherwise:)` with a code of the engine's, as text.
    package mutating func warnUnknownKey(
        _ member: JSONMember, code: String, in place: String, known: [String],
        otherwise: String = "It is ignored; remove it if it is not needed."
    ) {
        warnUnknownKey(
            member, code: code, in: place, known: known, candidates: Suggestion.Candidates(known),
            otherwise: otherwise)
    }

    /// `warnUnknownKey(_:code:in:known:otherwise:)` with the known keys prepared once by the caller,
    /// for an object that may hold very many unknown keys.
    package mutating func warnUnknownKey(
        _ member: JSONMember, code: String, in place: String, known: [String], candidates: Suggestion.Candidates,
        otherwise: String = "It is ignored; remove it if it is not needed."
    ) {
        reportUnknownKey(
            member, severity: .warning, code: code, in: place, known: known, candidates: candidates,
            otherwise: otherwise)
    }

    /// Reports `member`'s key as unknown with the given severity, worded as `warnUnknownKey` words
    /// it; fixtures, being tests, make an unknown key an error. A near miss (`numberImput`: one
    /// edit from exactly one known key) is an error whatever `severity`, since the key it means is
    /// then silently missing, and carries the rename as a safe fix; when that key is present too,
    /// nothing is missing and there is nothing to rename to, so `severity` stands.
    package mutating func reportUnknownKey(
        _ member: JSONMember, severity: Severity, code: String, in place: String, known: [String],
        candidates: Suggestion.Candidates? = nil, otherwise: String = "It is ignored; remove it if it is not needed."
    ) {
        let key = member.key
        let hint: String
        let prepared = candidates ?? Suggestion.Candidates(known)
        if let suggestion = prepared.nearest(to: key) {
            if let meant = prepared.nearMiss(to: key) {
                let present = member.value.parent?[meant] != nil
                report(
                    present ? severity : .error, code, "unknown key '\(key)' in \(place)", at: member.value,
                    hint: "Did you mean '\(meant)'?" + (present ? " '\(meant)' is present too; remove one." : ""),
                    atKey: true, fixes: present ? [] : [.renameKey(of: member.value, to: meant)])
                return
            }
            hint = "Did you mean '\(suggestion)'?"
        } else if known.count <= 6 {
            hint = "Known keys: \(Suggestion.quotedList(known))."
        } else {
            hint = otherwise
        }
        report(severity, code, "unknown key '\(key)' in \(place)", at: member.value, hint: hint, atKey: true)
    }
}
