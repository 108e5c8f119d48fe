#if canImport(XCTest)
    import XCTest

    extension QuestionTypeChecks {
        /// Fails the running XCTest test once per failure of every check, at the caller.
        public func assertPass(file: StaticString = #filePath, line: UInt = #line) {
            for failure in failures() {
                XCTFail(failure.description, file: file, line: line)
            }
        }
    }
#endif
