extension TemplateReader {
    /// `diagnose`, handing each diagnostic to `body` in source order as it is located instead of
    /// returning them all, so that a report of a million problems holds one diagnostic at a time
    /// (the problems themselves are held until the reading ends: they are sorted before any is
    /// final). The same diagnostics as `diagnose`, in the same order.
    public func diagnose(_ bytes: [UInt8], each body: (Diagnostic) throws -> Void) rethrows {
        let parsed = JSONParser.parse(bytes, limits: limits)
        guard let document = parsed.document else { return try parsed.diagnostics.forEach(body) }
        var problems = ProblemCollector(document: document)
        _ = readTemplate(document, keepingQuestions: false, problems: &problems)
        guard parsed.diagnostics.isEmpty else {
            // Syntax problems are already located; they are merged by position with the rest,
            // without copying them when there is no rest and they are in order (a million
            // duplicate keys).
            let read = problems.diagnostics()
            let start = SourcePosition(line: 0, column: 0)
            let isInOrder = zip(parsed.diagnostics, parsed.diagnostics.dropFirst()).allSatisfy {
                !(($1.position ?? start) < ($0.position ?? start))
            }
            guard read.isEmpty && isInOrder else { return try Self.merge(parsed.diagnostics, read).forEach(body) }
            return try parsed.diagnostics.forEach(body)
        }
        try problems.locate(body)
    }
}
