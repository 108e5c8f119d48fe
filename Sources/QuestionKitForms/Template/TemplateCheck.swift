import QuestionKit

/// A template's diagnostics kept with where each question lies, so that an edit inside one
/// question re-checks that question alone: what an editor needs on every keystroke.
///
/// The first check is `TemplateReader.diagnose`'s. A question is re-checked by the same
/// `QuestionReader.read`, on a parse of its own bytes, and its problems are located back into the
/// whole text (offsets, pointers, fix-its). Only the logic checks (`linkId`, `enableWhen`) read
/// across questions; the template-wide ones read only what lies outside the questions, so in a
/// template without logic an edit inside a question leaves their diagnostics as they were, only
/// moved. A template with logic, an edit that gives a question logic or reaches outside one
/// question, or a text with syntax errors or parser warnings, is checked whole again.
package struct TemplateCheck: Sendable {
    /// The diagnostics of the text last checked, in source order: what `TemplateReader.diagnose` gives.
    package private(set) var diagnostics: [Diagnostic]
    /// Questions read by the last check (all of them for a whole check), for the tests of its cost.
    package private(set) var questionsChecked: Int
    private let reader: TemplateReader
    /// What an edit needs to re-check one question; nil when the text is only ever checked whole.
    private var questions: Questions?

    /// Where the questions lie, and where each diagnostic was found.
    fileprivate struct Questions: Sendable {
        /// Byte ranges of the questions' values, in order.
        var spans: [Range<Int>]
        /// The byte offset each diagnostic was located from, parallel to `diagnostics`.
        var offsets: [Int]
        /// The pointer of the question list and a slash: a question's pointer is this and its index.
        var pointerPrefix: String
    }

    /// Checks the text whose `JSONParser.parseRecovering` reading is `parsed`, whole.
    package init(_ parsed: JSONParseResult, reader: TemplateReader) {
        self.reader = reader
        guard parsed.hasNoDiagnostics, let document = parsed.document, let list = reader.questionList(of: document)
        else {
            diagnostics = reader.diagnose(parsed)
            questionsChecked = reader.questionList(of: parsed.document)?.count ?? 0
            return
        }
        // `diagnose` on a reading without parser diagnostics, keeping each diagnostic's offset.
        var problems = ProblemCollector(document: document)
        var logicSteps = 0
        _ = reader.readTemplate(document, keepingQuestions: false, problems: &problems, logicSteps: &logicSteps)
        var diagnostics: [Diagnostic] = []
        var offsets: [Int] = []
        problems.locateWithOffsets { diagnostic, offset in
            diagnostics.append(diagnostic)
            offsets.append(offset)
        }
        self.diagnostics = diagnostics
        questionsChecked = list.count
        // The logic checks read across questions: a template with logic is re-checked whole.
        guard logicSteps == 0 else { return }
        questions = Questions(
            spans: list.elements.map(\.byteRange), offsets: offsets, pointerPrefix: JSONPointer.of(list) + "/")
    }

    /// Checks `bytes` whole.
    package init(_ bytes: [UInt8], reader: TemplateReader) {
        self.init(JSONParser.parseRecovering(bytes, limits: reader.limits), reader: reader)
    }

    /// Re-checks the text after `replaced` (a byte range of the text last checked) became `count`
    /// bytes, giving `bytes`; `position` locates a byte offset of `bytes`. False when the edit
    /// cannot be checked in part (the check is unchanged; check the new text whole).
    package mutating func update(
        replacing replaced: Range<Int>, count: Int, in bytes: [UInt8], position: (Int) -> SourcePosition
    ) -> Bool {
        guard var questions, let index = questions.index(containing: replaced) else { return false }
        let old = questions.spans[index]
        let delta = count - replaced.count
        let source = Array(bytes[old.lowerBound..<(old.upperBound + delta)])
        // The question is at depth 3 in the whole text (root, list, question), at 1 in its own.
        var limits = reader.limits
        limits.maxDepth -= 2
        let parsed = JSONParser.parse(source, limits: limits)
        guard parsed.hasNoDiagnostics, let document = parsed.document else { return false }
        var problems = ProblemCollector(document: document)
        guard !reader.checkQuestion(document.root, number: index + 1, problems: &problems) else { return false }
        var found: [Diagnostic] = []
        var foundOffsets: [Int] = []
        let base = old.lowerBound
        let pointer = questions.pointerPrefix + String(index)
        problems.locateWithOffsets { diagnostic, offset in
            var diagnostic = diagnostic
            diagnostic.pointer = pointer + diagnostic.pointer
            diagnostic.position = position(base + offset)
            diagnostic.fixes = diagnostic.fixes.map { $0.moved(by: base) }
            found.append(diagnostic)
            foundOffsets.append(base + offset)
        }
        let removed = questions.diagnostics(in: old)
        let later = removed.upperBound..<diagnostics.count
        // What follows the question moved by `delta` bytes, and its lines and columns as the text did.
        for moved in later {
            questions.offsets[moved] += delta
            diagnostics[moved].fixes = diagnostics[moved].fixes.map { $0.moved(by: delta) }
            diagnostics[moved].position = position(questions.offsets[moved])
        }
        diagnostics.replaceSubrange(removed, with: found)
        questions.offsets.replaceSubrange(removed, with: foundOffsets)
        let root = document.root.byteRange
        questions.spans[index] = (base + root.lowerBound)..<(base + root.upperBound)
        for later in (index + 1)..<questions.spans.count {
            let span = questions.spans[later]
            questions.spans[later] = (span.lowerBound + delta)..<(span.upperBound + delta)
        }
        self.questions = questions
        questionsChecked = 1
        return true
    }
}

extension TemplateCheck.Questions {
    /// The question whose bytes hold all of `range`, where it may grow or shrink: from the
    /// question's first byte up to its end.
    func index(containing range: Range<Int>) -> Int? {
        // The last question starting at or before the range.
        var low = 0
        var high = spans.count
        while low < high {
            let middle = (low + high) / 2
            if spans[middle].lowerBound <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        guard low > 0, range.upperBound <= spans[low - 1].upperBound else { return nil }
        return low - 1
    }

    /// The diagnostics located inside `span`: one run, as they are in source order.
    func diagnostics(in span: Range<Int>) -> Range<Int> {
        let first = partition { $0 < span.lowerBound }
        let end = partition { $0 < span.upperBound }
        return first..<end
    }

    private func partition(_ isBefore: (Int) -> Bool) -> Int {
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if isBefore(offsets[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension FixIt {
    /// The fix with its edits `delta` bytes further on.
    func moved(by delta: Int) -> FixIt {
        var moved = self
        moved.edits = edits.map {
            SourceEdit(
                range: ($0.range.lowerBound + delta)..<($0.range.upperBound + delta), replacement: $0.replacement)
        }
        return moved
    }
}
