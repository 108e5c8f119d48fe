#if canImport(Testing)
    import Testing

    extension QuestionTypeChecks {
        /// Records one Swift Testing issue per failure of every check, at the caller.
        public func expectPass(sourceLocation: SourceLocation = #_sourceLocation) {
            QuestionTypeFailure.record(failures(), at: sourceLocation)
        }
    }

    extension QuestionTypeCheck: CustomTestStringConvertible {
        /// Records one Swift Testing issue per failure, at the caller: in a parameterised test over
        /// `QuestionTypeChecks.checks`, each example shows as a test case of its own.
        public func expectPass(sourceLocation: SourceLocation = #_sourceLocation) {
            QuestionTypeFailure.record(failures(), at: sourceLocation)
        }

        /// The check's name, e.g. `gauge: No unit`.
        public var testDescription: String { name }
    }

    extension QuestionTypeFailure {
        /// Records each failure at its example's own line when it has one, else at `sourceLocation`.
        static func record(_ failures: [QuestionTypeFailure], at sourceLocation: SourceLocation) {
            for failure in failures {
                let location = failure.source.map {
                    SourceLocation(
                        fileID: "\($0.fileID)", filePath: "\($0.filePath)", line: Int($0.line), column: Int($0.column))
                }
                Issue.record(Comment(rawValue: failure.description), sourceLocation: location ?? sourceLocation)
            }
        }
    }
#endif
