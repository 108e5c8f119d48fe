import QuestionKitTesting
import XCTest

// The XCTest adapter links and runs on this platform: types that hold fail nothing.
final class XCTestAdapterTests: XCTestCase {
    func testTypesThatHoldPass() {
        QuestionTypeChecks([CheckedTestQuestion()]).assertPass()
    }
}
