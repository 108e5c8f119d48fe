import QuestionKit

extension TemplateReader {
    /// The logic of every question of `document` that has any, read as `readTemplate` reads it
    /// (names and conditions, their shapes checked), its problems dropped: what an editor follows
    /// from a reference to its question. Nil when there is no question list. One pass over the
    /// questions, each read once.
    package func questionLogic(of document: JSONDocument) -> [QuestionLogic]? {
        guard let list = questionList(of: document) else { return nil }
        var dropped = ProblemCollector(document: document)
        var logic: [QuestionLogic] = []
        for (position, node) in list.elements.enumerated() {
            let question = QuestionJSON(node: node, keys: keys, number: position + 1)
            _ = questionReader.read(question, keeping: false, logic: &logic, problems: &dropped)
        }
        return logic
    }
}
