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
        static func record(_ failures: [QuestionTypeFailure], at sourceLocation: SourceLocation) {
            for failure in failures {
                Issue.record(Comment(rawValue: failure.description), sourceLocation: sourceLocation)
            }
        }
    }
#endif
