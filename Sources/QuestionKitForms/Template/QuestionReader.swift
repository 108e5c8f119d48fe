import QuestionKit

/// Reads one question: the fields every question shares, then hands it to its type.
struct QuestionReader: Sendable {
    let registry: QuestionTypeRegistry
    let keys: KeyMap
    /// The keys each registered type accepts, spelled through the key map (as UTF-8, to compare
    /// with the source without making strings), by registry position.
    private let knownKeys: [JSONKeySpellings]
    /// How each registered type checks a question without keeping it, by registry position.
    private let checkers: [any DefinitionChecking]
    /// Which type reads each type-specific key, for "belongs to another type" warnings.
    private let ownerOfKey: [String: String]
    /// Every identifier and alias, when the key map respells no value of the answer type (else
    /// nil): a question's type is then found by comparing the source bytes, with no `String` made
    /// and hashed per question.
    private let typeIdentifiers: JSONKeySpellings?
    /// The registry position of the type of each of `typeIdentifiers`, in its order.
    private let typePositions: [Int]
    /// The spellings of the logic keys (`linkId`, `enableWhen`, `enableBehavior`). They are left
    /// out of `knownKeys`, so that the scan for unknown keys finds them: a question without logic
    /// (most questions) then pays no look-up for them.
    private let logicKeys: JSONKeySpellings
    /// The names an unknown key of each registered type is compared with for "did you mean", by
    /// registry position: made once here, since a hostile template can hold an unknown key in every
    /// question (and the names, some forty strings, cost thousands of instructions to prepare).
    private let keySuggestions: [(names: [String], candidates: Suggestion.Candidates, place: String)]
    /// The spelled identifiers and aliases an unknown `answer-type` is compared with, made once.
    private let typeSuggestions: Suggestion.Candidates

    init(registry: QuestionTypeRegistry, keys: KeyMap) {
        self.registry = registry
        self.keys = keys
        let shared = Key.sharedQuestionKeys.filter { !Key.logicKeys.contains($0) }.map { keys.spelling(of: $0) }
        logicKeys = JSONKeySpellings(Key.logicKeys.map { keys.spelling(of: $0) })
        var knownKeys: [JSONKeySpellings] = []
        var ownerOfKey: [String: String] = [:]
        var keySuggestions: [(names: [String], candidates: Suggestion.Candidates, place: String)] = []
        let logicNames = Key.logicKeys.map { keys.spelling(of: $0) }
        for type in registry.descriptions {
            let own = type.keys.map { keys.spelling(of: $0) }
            knownKeys.append(JSONKeySpellings(shared + own))
            let names = shared + own + logicNames
            keySuggestions.append((names, Suggestion.Candidates(names), "a \(type.identifier) question"))
            for spelling in own where ownerOfKey[spelling] == nil { ownerOfKey[spelling] = type.identifier }
        }
        self.knownKeys = knownKeys
        self.keySuggestions = keySuggestions
        typeSuggestions = Suggestion.Candidates(
            keys.spellings(ofValues: registry.descriptions.flatMap(\.allIdentifiers), in: .answerType))
        self.ownerOfKey = ownerOfKey
        checkers = registry.types.map(DefinitionCheck.checker(for:))
        let identifiers = registry.descriptions.enumerated().flatMap { position, type in
            type.allIdentifiers.map { ($0, position) }
        }
        typeIdentifiers = keys.valueSpellings[Key.answerType.name] == nil ? JSONKeySpellings(identifiers.map(\.0)) : nil
        typePositions = identifiers.map(\.1)
    }

    /// Reads a question; with `keeping` false, only checks it (and returns nil): nothing of what
    /// was read is kept, which is all `validate` needs.
    func read(_ question: QuestionJSON, keeping: Bool = true, problems: inout ProblemCollector) -> Question? {
        var logic: [QuestionLogic] = []
        return read(question, keeping: keeping, logic: &logic, problems: &problems)
    }

    /// `read`, adding the question's logic (its `linkId` and conditions, their shapes checked) to
    /// `logic` when it has any, for the checks across questions that follow the reading.
    func read(
        _ question: QuestionJSON, keeping: Bool, logic: inout [QuestionLogic], problems: inout ProblemCollector
    ) -> Question? {
        let node = question.node
        guard node.kind == .object else {
            problems.error(
                QuestionCode.notAnObject, "question \(question.number) must be an object, not \(node.kind)", at: node,
                hint: "Write {\"\(keys.spelling(of: .answerType))\": \"\(spelledIdentifiers.first ?? "…")\", "
                    + "\"\(keys.spelling(of: .questionText))\": \"…\"}.")
            return nil
        }
        let position = resolveType(question, problems: &problems)
        let text = readText(question, keeping: keeping, problems: &problems)
        let section = readOptionalString(.section, of: question, keeping: keeping, problems: &problems)
        let help = readHelp(question, problems: &problems)
        guard let position else {
            // Rare (the question is in error): its logic keys are looked up, so that it keeps its name.
            if let questionLogic = readLogic(question, type: nil, problems: &problems) { logic.append(questionLogic) }
            return nil
        }
        let type = registry.types[position]
        if checkUnknownKeys(question, type: position, problems: &problems),
            let questionLogic = readLogic(question, type: position, problems: &problems)
        {
            logic.append(questionLogic)
        }
        let errorsBefore = problems.errorCount
        guard keeping else {
            if !checkers[position].checkDefinition(of: question, problems: &problems) {
                reportUnreadable(question, type: position, errorsBefore: errorsBefore, problems: &problems)
            }
            return nil
        }
        guard let definition = type.parseErasedDefinition(of: question, problems: &problems) else {
            reportUnreadable(question, type: position, errorsBefore: errorsBefore, problems: &problems)
            return nil
        }
        return Question(
            number: question.number, type: type, text: text ?? "", section: section, help: help,
            definition: definition, node: node)
    }

    /// A type that gives up must say why; never let a question vanish silently.
    private func reportUnreadable(
        _ question: QuestionJSON, type position: Int, errorsBefore: Int, problems: inout ProblemCollector
    ) {
        guard problems.errorCount == errorsBefore else { return }
        let identifier = registry.descriptions[position].identifier
        problems.error(
            QuestionCode.unreadable, "question \(question.number) could not be read as '\(identifier)'",
            at: question.node)
    }

    // MARK: The question type

    /// The registry position of the question's type; nil (reported) when it has none.
    private func resolveType(_ question: QuestionJSON, problems: inout ProblemCollector) -> Int? {
        // Spelled only for a message: most questions have none, and the key map lies in another module.
        var typeKey: String { keys.spelling(of: .answerType) }
        guard let typeNode = question[.answerType] else {
            // Only without an answer-type is qid read: editors of different generations used different codes.
            let legacyCode = question[.legacyTypeCode].flatMap { $0.stringValue ?? $0.numberText }
            return inferType(question, legacyCode: legacyCode, problems: &problems)
        }
        if let position = position(writtenAs: typeNode) { return position }
        guard let written = typeNode.stringValue else {
            problems.error(
                QuestionCode.answerTypeNotString, "'\(typeKey)' must be a string, not \(typeNode.kind)", at: typeNode,
                hint: "Use one of \(Suggestion.quotedList(spelledIdentifiers)).")
            return nil
        }
        // A key map may respell identifiers (the original's `shortAnswerQuestion`, …).
        guard let identifier = keys.value(spelled: written, in: .answerType),
            let position = registry.position(of: identifier)
        else {
            let candidates = typeSuggestions
            let suggestion = candidates.nearest(to: written)
            let fixes = candidates.nearMiss(to: written).map { meant in
                [NodeFix("Write '\(meant)'", edits: [.replace(typeNode, json: JSONWriter.text(of: .string(meant)))])]
            }
            problems.error(
                QuestionCode.unknownType, "unknown \(typeKey) '\(written)'", at: typeNode,
                hint: (suggestion.map { "Did you mean '\($0)'? " } ?? "")
                    + "Known types: \(Suggestion.quotedList(spelledIdentifiers)).", fixes: fixes ?? [])
            return nil
        }
        return position
    }

    /// The registry position of the type whose identifier or alias are `node`'s bytes exactly, when
    /// the key map respells no value of the answer type; nil otherwise (then `resolveType` reads
    /// the value as text).
    private func position(writtenAs node: JSONNode) -> Int? {
        guard let typeIdentifiers,
            let match = node.withUnescapedUTF8({ typeIdentifiers.position(of: $0) }) ?? nil
        else { return nil }
        return typePositions[match]
    }

    private func inferType(
        _ question: QuestionJSON, legacyCode: String?, problems: inout ProblemCollector
    ) -> Int? {
        let typeKey = keys.spelling(of: .answerType)
        let typeKeyOnly = Suggestion.Candidates([typeKey])
        let misspelled = question.node.members.first { typeKeyOnly.nearMiss(to: $0.key) != nil }
        if let legacyCode, let position = registry.positionInferred(fromLegacyCode: legacyCode), misspelled == nil {
            let type = registry.descriptions[position]
            let fix = addServerMembers(type.identifier, to: question)
            problems.warning(
                QuestionCode.answerTypeInferred,
                "question \(question.number) has no '\(typeKey)'; qid '\(legacyCode)' makes it '\(type.identifier)'",
                at: question.node, hint: fix.title + (fix.edits.count > 1 ? ", as the original server did." : "."),
                fixes: [fix])
            return position
        }
        let suggested = legacyCode.flatMap { code in registry.descriptions.first { $0.legacyTypeCode == code } }
        let hint: String
        var fixes: [NodeFix] = []
        if let misspelled {
            hint = "'\(misspelled.key)' looks like a misspelling of '\(typeKey)'."
            fixes = [.renameKey(of: misspelled.value, to: typeKey)]
        } else if let suggested {
            let identifier = keys.spelling(ofValue: suggested.identifier, in: .answerType)
            hint = "qid '\(suggested.legacyTypeCode ?? "")' suggests \"\(typeKey)\": \"\(identifier)\"."
            // Only a suggestion: qid codes of other generations of editors meant other types.
            fixes = [addType(suggested.identifier, to: question.node, isSafe: false)]
        } else {
            hint = "Add \"\(typeKey)\" with one of \(Suggestion.quotedList(spelledIdentifiers))."
        }
        problems.error(
            QuestionCode.missingAnswerType, "question \(question.number) has no '\(typeKey)'", at: question.node,
            hint: hint, fixes: fixes)
        return nil
    }

    /// The types' identifiers as the key map spells them.
    private var spelledIdentifiers: [String] { keys.spellings(ofValues: registry.identifiers, in: .answerType) }

    /// Adds `answer-type: identifier` (as the key map spells both) as the question's first member.
    private func addType(_ identifier: String, to question: JSONNode, isSafe: Bool = true) -> NodeFix {
        let typeKey = keys.spelling(of: .answerType)
        let spelled = keys.spelling(ofValue: identifier, in: .answerType)
        return NodeFix(
            "Add \"\(typeKey)\": \"\(spelled)\"",
            edits: [.insertMember(in: question, key: typeKey, json: JSONWriter.text(of: .string(spelled)))],
            isSafe: isSafe)
    }

    /// What the original server's `modifyQuestions` added to a question of the web editor's raw
    /// output (one whose type its `qid` infers): `answer-type`, and `max-answers: "1"` unless the
    /// question has a `max-answers` (a value present is never changed). Safe: short-answer and
    /// true/false questions read no `max-answers`, and the original app then saw what the server sent.
    private func addServerMembers(_ identifier: String, to question: QuestionJSON) -> NodeFix {
        var fix = addType(identifier, to: question.node)
        guard question[.maxAnswers] == nil else { return fix }
        let maxAnswersKey = keys.spelling(of: .maxAnswers)
        fix.title += " and \"\(maxAnswersKey)\": \"1\""
        fix.edits.append(.insertMember(in: question.node, key: maxAnswersKey, json: JSONWriter.text(of: .string("1"))))
        return fix
    }

    // MARK: Shared fields

    /// The question's text; without `keeping`, only checked (and nil), since no `String` is needed.
    private func readText(_ question: QuestionJSON, keeping: Bool, problems: inout ProblemCollector) -> String? {
        var key: String { keys.spelling(of: .questionText) }
        guard let node = question[.questionText] else {
            problems.error(
                QuestionCode.missingText, "question \(question.number) has no '\(key)'", at: question.node,
                hint: "Add \"\(key)\": \"…\" with the text the technician reads.")
            return nil
        }
        guard node.kind == .string else {
            problems.error(QuestionCode.textNotString, "'\(key)' must be a string, not \(node.kind)", at: node)
            return nil
        }
        let text = keeping ? node.stringValue : nil
        if text.map(TypedText.isBlank) ?? node.isBlankString {
            problems.warning(
                QuestionCode.emptyText, "question \(question.number) has an empty '\(key)'", at: node,
                hint: "Write the question the technician must answer.")
        }
        return text
    }

    /// The string under `key`, nil when absent; without `keeping`, only checked (and nil).
    private func readOptionalString(
        _ key: Key, of question: QuestionJSON, keeping: Bool, problems: inout ProblemCollector
    ) -> String? {
        guard let node = question[key], !node.isNull else { return nil }
        guard node.kind == .string else {
            problems.error(
                "question.\(key.name.lowercased())-not-string",
                "'\(keys.spelling(of: key))' must be a string, not \(node.kind)", at: node)
            return nil
        }
        return keeping ? node.stringValue : nil
    }

    /// Warns about keys no reader of the question reads; true when the question has a logic key.
    private func checkUnknownKeys(
        _ question: QuestionJSON, type position: Int, problems: inout ProblemCollector
    ) -> Bool {
        let known = knownKeys[position]
        let document = question.node.document
        var hasLogic = false
        for keyIndex in document.unknownKeyIndices(inObjectAt: question.node.index, known: known) {
            let keyNode = JSONNode(document: document, index: keyIndex)
            let isLogic =
                keyNode.withUnescapedUTF8 { logicKeys.position(of: $0) != nil }
                ?? logicKeys.all.contains(Array((keyNode.stringValue ?? "").utf8))
            if isLogic {
                hasLogic = true
                continue
            }
            let member = JSONMember(
                keyNode: JSONNode(document: document, index: keyIndex),
                value: JSONNode(document: document, index: keyIndex + 1))
            let key = member.key
            if let owner = ownerOfKey[key] {
                problems.report(
                    .warning, QuestionCode.unknownKey,
                    "'\(key)' is not read by \(registry.descriptions[position].identifier) questions",
                    at: member.value, hint: "It belongs to \(owner) questions; remove it or change the type.",
                    atKey: true)
                continue
            }
            let suggestions = keySuggestions[position]
            problems.warnUnknownKey(
                member, code: QuestionCode.unknownKey.rawValue, in: suggestions.place, known: suggestions.names,
                candidates: suggestions.candidates)
        }
        return hasLogic
    }
}
