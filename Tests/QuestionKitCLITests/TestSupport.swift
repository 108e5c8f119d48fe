import Foundation
import QuestionKit
import QuestionKitCLI
import QuestionKitFiles
import QuestionKitForms
import QuestionTypes

/// Runs the tool in-process with the built-in types.
func runTool(_ arguments: [String], standardInput: String = "") -> QuestionKitTool.Outcome {
    let input = Array(standardInput.utf8)
    return QuestionKitTool(types: BuiltInQuestionTypes.all).run(arguments) { limit in
        guard input.count <= limit else { throw FileAccessError(path: "<stdin>", reason: "too large") }
        return input
    }
}
