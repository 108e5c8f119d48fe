#if canImport(XCTest)
    import XCTest

    extension QuestionTypeChecks {
        /// Fails the running XCTest test once per failure of every check: at the failing example's
        /// own line, or at the caller.
        public func assertPass(file: StaticString = #filePath, line: UInt = #line) {
            for failure in failures() {
                XCTFail(failure.description, file: failure.source?.filePath ?? file, line: failure.source?.line ?? line)
            }
        }
    }
#endif
