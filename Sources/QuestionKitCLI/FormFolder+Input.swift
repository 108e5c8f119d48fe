import QuestionKitFiles
import QuestionKitStore

extension FormFolder {
    /// The folder of the file at `formPath` (`-` or `<stdin>`: none).
    init(of formPath: String) {
        self.init(
            path: formPath == OutputFile.standardOutput || formPath == "<stdin>" ? nil : PathText.parent(of: formPath))
    }
}
