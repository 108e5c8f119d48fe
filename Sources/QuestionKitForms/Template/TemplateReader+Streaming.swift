import QuestionKit

extension TemplateReader {
    /// `diagnose`, handing each diagnostic to `body` in source order as it is located instead of
    /// returning them all, so that a report of a million problems holds one diagnostic at a time
    /// (the problems themselves are held until the reading ends: they are sorted before any is
    /// final). The same diagnostics as `diagnose`, in the same order, past syntax errors too.
    public func diagnose(_ bytes: [UInt8], each body: (Diagnostic) throws -> Void) rethrows {
        try diagnose(JSONParser.parseRecovering(bytes, limits: limits), each: body)
    }

    /// `diagnose(_:each:)` on the bytes' `JSONParser.parseRecovering` reading, made once by a
    /// caller that looked at it first (`validate` tells fixtures from templates by it). The
    /// template's problems come with the `detail` a report shows (see `ProblemCollector.Detail`):
    /// without `.pointers` their pointers are empty, without `.fixes` they have no fix-its.
    package func diagnose(
        _ parsed: JSONParseResult, detail: ProblemCollector.Detail = .all, each body: (Diagnostic) throws -> Void
    ) rethrows {
        if parsed.isRecovered {
            // Rare (a file with syntax errors), and the note comes last: no streaming needed.
            return try read(parsed, keepingQuestions: false).diagnostics.forEach(body)
        }
        guard let document = parsed.document else { return try parsed.diagnostics.forEach(body) }
        var problems = ProblemCollector(document: document)
        _ = readTemplate(document, keepingQuestions: false, problems: &problems)
        guard !parsed.hasNoDiagnostics else {
            try problems.locate(detail: detail, body)
            return
        }
        // The parser's warnings (a byte-order mark, duplicate keys) are in source order: merged by
        // position with the rest, the parser's first at the same position, as `merge` orders them.
        var parserDiagnostics = parsed.makeDiagnostics()
        var next = parserDiagnostics.next()
        let start = SourcePosition(line: 0, column: 0)
        try problems.locate(detail: detail) { diagnostic in
            while let parserDiagnostic = next, (parserDiagnostic.position ?? start) <= (diagnostic.position ?? start) {
                try body(parserDiagnostic)
                next = parserDiagnostics.next()
            }
            try body(diagnostic)
        }
        while let parserDiagnostic = next {
            try body(parserDiagnostic)
            next = parserDiagnostics.next()
        }
    }
}
