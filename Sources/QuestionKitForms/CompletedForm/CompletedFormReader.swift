import QuestionKit

/// Reads a completed form: a template whose questions carry a `user-answer`, and whose top level
/// says who did the work and who reviewed it.
///
/// Completed forms of the original system load as they are: a question without `user-answer`
/// is unanswered, an empty `images` list means no photos, "True"/"False" answers are the types'
/// business (the built-in true/false type reads them), and embedded base64 `media` is ignored
/// (and kept by `CompletedFormWriter`, which keeps every key it does not manage).
///
/// Reading what exists is lenient: nothing in the answers refuses the form. An answer its type
/// cannot read is kept as stored (see `StoredAnswer`), and every problem of the completed-form
/// fields is a warning; only a template that cannot be read stops it.
public enum CompletedFormReader {
    /// Reads the completed form in `bytes` with `reader` (its registry and key map).
    ///
    /// Returns the form whenever the template could be read, with every diagnostic in source order:
    /// the template's, then each answer's as its type reports it (pointers such as
    /// `/questions/3/user-answer/check-boxes/0`), and the completed-form fields' own, all warnings;
    /// each answer also carries the warnings about it (`QuestionAnswer.warnings`). Empty `username`, dates,
    /// `comment` and `supervisor` of `foremanComment` read as not set.
    public static func read(_ bytes: [UInt8], with reader: TemplateReader) -> (
        form: FilledForm?, diagnostics: [Diagnostic]
    ) {
        read(JSONParser.parse(bytes, limits: reader.limits), with: reader)
    }

    /// `read(_:with:)`, taking the template from `templates` when an earlier form carried the same
    /// one (see `TemplateReuse`): the same form and diagnostics, without reading the template again.
    package static func read(_ bytes: [UInt8], with reader: TemplateReader, reusing templates: TemplateReuse?) -> (
        form: FilledForm?, diagnostics: [Diagnostic]
    ) {
        read(JSONParser.parse(bytes, limits: reader.limits), with: reader, reusing: templates)
    }

    /// `read` of the bytes' `JSONParser.parse` reading, made once by a caller that looked at it first
    /// (`convert` guesses the format of its input by it), the template from `templates` as above.
    package static func read(
        _ parsed: JSONParseResult, with reader: TemplateReader, reusing templates: TemplateReuse? = nil
    ) -> (form: FilledForm?, diagnostics: [Diagnostic]) {
        let result = templates.map { $0.template(of: parsed, reader: reader) } ?? reader.read(parsed)
        guard let template = result.template else { return (nil, result.diagnostics) }
        var problems = ProblemCollector(document: template.document)
        var form = FilledForm(template: template)
        let fields = Fields(keys: reader.keys)
        for (position, question) in template.questions.enumerated() {
            form.entries[position] = fields.entry(of: question, problems: &problems)
        }
        readAsked(into: &form, keys: reader.keys)
        fields.readHeader(template.document.root, into: &form, problems: &problems)
        let diagnostics = problems.diagnostics()
        attach(diagnostics, to: &form, userAnswerKey: reader.keys.spelling(of: .userAnswer))
        return (form, merge(result.diagnostics, diagnostics))
    }

    /// Which questions were asked: as the form records it (`notAsked: true` in `user-answer`), or,
    /// for a form that records none (written before its template had logic, or by the original
    /// app), as the conditions say for its answers. A template without logic asks every question.
    static func readAsked(into form: inout FilledForm, keys: KeyMap) {
        guard form.template.logic != nil else { return }
        let userAnswerKey = keys.spelling(of: .userAnswer)
        let notAskedKey = keys.spelling(of: .notAsked)
        let recorded = form.template.questions.map { $0.node[userAnswerKey]?[notAskedKey]?.boolValue == true }
        if recorded.contains(true) {
            form.setAsked(recorded.map { !$0 })
        } else {
            form.evaluateConditions()
        }
    }

    /// Two lists in source order merged into one, the first list's first on a tie.
    static func merge(_ first: [Diagnostic], _ second: [Diagnostic]) -> [Diagnostic] {
        guard !first.isEmpty else { return second }
        guard !second.isEmpty else { return first }
        let origin = SourcePosition(line: 0, column: 0)
        let tagged =
            first.enumerated().map { (0, $0.offset, $0.element) }
            + second.enumerated().map { (1, $0.offset, $0.element) }
        return tagged.sorted { lhs, rhs in
            let (left, right) = (lhs.2.position ?? origin, rhs.2.position ?? origin)
            return left != right ? left < right : (lhs.0, lhs.1) < (rhs.0, rhs.1)
        }.map(\.2)
    }

    /// `null`, `[]`, `{}` or a blank string.
    static func isEmptyAnswer(_ value: JSONNode) -> Bool {
        switch value.kind {
        case .null: true
        case .array, .object: value.count == 0
        case .string: value.stringValue.map(TypedText.isBlank) ?? false
        case .number, .boolean: false
        }
    }
}

extension CompletedFormReader {
    /// The completed-form keys, spelled through a key map.
    struct Fields {
        let keys: KeyMap
        /// The `user-answer` keys of every type offered in the hint about an unknown one, spelled
        /// once: the comment, the media lists and the original app's embedded `media` (known:
        /// ignored, never a typo). The store's record of the foreman's edits is known too, but not
        /// offered: nobody writes it by hand, and the hint lists the keys only while they are few.
        let offeredKeys: [String]
        /// `foremanEdits`, spelled.
        let foremanEditsKey: String
        /// `notAsked`, spelled.
        let notAskedKey: String

        init(keys: KeyMap) {
            self.keys = keys
            offeredKeys = (Key.entryKeys + [.media]).map { keys.spelling(of: $0) }
            foremanEditsKey = keys.spelling(of: .foremanEdits)
            notAskedKey = keys.spelling(of: .notAsked)
        }

        /// What was entered for `question`: its `user-answer`, if any.
        func entry(of question: Question, problems: inout ProblemCollector) -> QuestionEntry {
            let userAnswerKey = keys.spelling(of: .userAnswer)
            guard let userAnswer = question.node[userAnswerKey], !userAnswer.isNull else { return QuestionEntry() }
            guard userAnswer.kind == .object else {
                problems.warning(
                    "completed-form.user-answer-not-object",
                    "'\(userAnswerKey)' of question \(question.number) must be an object, not \(userAnswer.kind)",
                    at: userAnswer,
                    hint: "Write \"\(userAnswerKey)\": {\"\(question.answerKey(in: keys))\": …, "
                        + "\"\(keys.spelling(of: .comment))\": \"…\"}.")
                return QuestionEntry()
            }
            checkKeys(of: userAnswer, question: question, problems: &problems)
            var entry = QuestionEntry()
            // The original app stored an unanswered question as an empty value (`"check-boxes": []`,
            // `"short-answer": ""`): that is no answer, whatever the type would make of it.
            if let value = userAnswer[question.answerKey(in: keys)] {
                if !CompletedFormReader.isEmptyAnswer(value) {
                    entry.answer = question.readStoredAnswer(value, problems: &problems)
                } else if value.stringValue?.isEmpty == false {
                    // Blank text, which the original counted as typed: kept to be shown and written as stored.
                    entry.storedUnanswered = value
                }
            }
            entry.comment = string(userAnswer[keys.spelling(of: .comment)], problems: &problems) ?? ""
            entry.media = media(in: userAnswer, problems: &problems)
            entry.foremanEdits = foremanEdits(in: userAnswer, problems: &problems)
            checkNotAsked(in: userAnswer, problems: &problems)
            return entry
        }

        /// `notAsked` is written `true` or left out; anything else (`"true"`, `1`) would silently read
        /// as asked, so it is a warning that says so.
        private func checkNotAsked(in userAnswer: JSONNode, problems: inout ProblemCollector) {
            guard let value = userAnswer[notAskedKey], !value.isNull, value.kind != .boolean else { return }
            problems.warning(
                "completed-form.not-asked-not-boolean",
                "'\(notAskedKey)' must be true or false, not \(value.kind); the question is read as asked",
                at: value, hint: "Write \"\(notAskedKey)\": true, or leave it out for an asked question.")
        }

        /// The foreman's edits recorded in `user-answer`, each kept as stored; a value that is not
        /// a list is a warning (and stays as it is: the writer leaves alone what it did not read).
        private func foremanEdits(in userAnswer: JSONNode, problems: inout ProblemCollector) -> [ForemanEdit] {
            let key = foremanEditsKey
            guard let list = userAnswer[key], !list.isNull else { return [] }
            guard list.kind == .array else {
                problems.warning(
                    "completed-form.foreman-edits-not-array", "'\(key)' must be a list of edits, not \(list.kind)",
                    at: list,
                    hint: "Write \"\(key)\": [{\"\(keys.spelling(of: .supervisor))\": \"…\", "
                        + "\"\(keys.spelling(of: .editDate))\": \"…\", \"\(keys.spelling(of: .editedFrom))\": {…}}].")
                return []
            }
            return list.elements.map { ForemanEdit(source: $0, keys: keys) }
        }

        private func checkKeys(of userAnswer: JSONNode, question: Question, problems: inout ProblemCollector) {
            let answerKey = question.answerKey(in: keys)
            for member in userAnswer.members {
                // Decoded once: each `member.key` decodes it again.
                let key = member.key
                guard key != answerKey, key != foremanEditsKey, key != notAskedKey, !offeredKeys.contains(key) else {
                    continue
                }
                problems.warnUnknownKey(
                    member, code: "completed-form.unknown-key", in: "'\(keys.spelling(of: .userAnswer))'",
                    known: [answerKey] + offeredKeys)
            }
        }

        /// The attachments named in `user-answer`, in the order attached: by the counter of their
        /// names (`Qid3`, `Qid3(2)`, …), which all kinds share; names without one come last.
        private func media(in userAnswer: JSONNode, problems: inout ProblemCollector) -> [MediaAttachment] {
            var media: [MediaAttachment] = []
            for kind in MediaAttachment.Kind.allCases {
                let key = keys.spelling(of: kind.key)
                guard let list = userAnswer[key], !list.isNull else { continue }
                guard list.kind == .array else {
                    problems.warning(
                        "completed-form.media-not-array", "'\(key)' must be a list of names, not \(list.kind)",
                        at: list, hint: "Write \"\(key)\": [\"Qid0\", \"Qid0(2)\"].")
                    continue
                }
                for element in list.elements {
                    guard let name = element.stringValue else {
                        problems.warning(
                            "completed-form.media-name-not-string",
                            "a media name must be a string, not \(element.kind)",
                            at: element)
                        continue
                    }
                    media.append(MediaAttachment(kind: kind, name: name))
                }
            }
            // Most questions have no attachment, or one: nothing to order (no lists made for them).
            guard media.count > 1 else { return media }
            return media.enumerated().sorted { lhs, rhs in
                (Self.counter(of: lhs.element.name), lhs.offset) < (Self.counter(of: rhs.element.name), rhs.offset)
            }.map(\.element)
        }

        /// 1 for `Qid3`, n for `Qid3(n)`; `Int.max` for any other name.
        static func counter(of name: String) -> Int {
            guard name.hasPrefix("Qid") else { return .max }
            guard let open = name.firstIndex(of: "(") else { return Int(name.dropFirst(3)) != nil ? 1 : .max }
            guard name.last == ")", Int(name[name.index(name.startIndex, offsetBy: 3)..<open]) != nil else {
                return .max
            }
            return Int(name[name.index(after: open)..<name.index(before: name.endIndex)]) ?? .max
        }

        /// The string at `node`; nil when absent or null, reported when something else.
        private func string(_ node: JSONNode?, problems: inout ProblemCollector) -> String? {
            guard let node, !node.isNull else { return nil }
            guard let text = node.stringValue else {
                let key = node.memberKey ?? "the value"
                problems.warning(
                    "completed-form.not-a-string", "'\(key)' must be a string, not \(node.kind)", at: node,
                    hint: "Write \"\(key)\": \"…\".")
                return nil
            }
            return text
        }

        /// `username`, the dates and `foremanComment` (the template reader has checked that the
        /// first three are strings).
        func readHeader(_ root: JSONNode, into form: inout FilledForm, problems: inout ProblemCollector) {
            form.technician = root[keys.spelling(of: .username)]?.stringValue.nonEmpty
            form.completedDate = root[keys.spelling(of: .completedDate)]?.stringValue.nonEmpty
            form.submittedDate = root[keys.spelling(of: .submittedDate)]?.stringValue.nonEmpty
            let key = keys.spelling(of: .foremanComment)
            guard let comment = root[key], !comment.isNull else { return }
            guard comment.kind == .object else {
                problems.warning(
                    "completed-form.foreman-comment-not-object", "'\(key)' must be an object, not \(comment.kind)",
                    at: comment,
                    hint: "Write \"\(key)\": {\"\(keys.spelling(of: .foremanCommentText))\": \"…\", "
                        + "\"\(keys.spelling(of: .supervisor))\": \"…\"}.")
                return
            }
            let known = [Key.foremanCommentText, .supervisor].map { keys.spelling(of: $0) }
            for member in comment.members where !known.contains(member.key) {
                problems.warnUnknownKey(member, code: "completed-form.unknown-key", in: "'\(key)'", known: known)
            }
            form.foremanComment = string(comment[known[0]], problems: &problems).nonEmpty
            form.foreman = string(comment[known[1]], problems: &problems).nonEmpty
        }
    }
}

extension Optional where Wrapped == String {
    /// The string, or nil when it is empty.
    fileprivate var nonEmpty: String? {
        flatMap { $0.isEmpty ? nil : $0 }
    }
}
