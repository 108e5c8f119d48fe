import QuestionKit

/// The question types of the original MI system.
public enum BuiltInQuestionTypes {
    /// Short answer, true/false, table and multiple choice, in the order of their legacy `qid`.
    public static let all: [any QuestionType] = [
        ShortAnswerQuestion(),
        TrueFalseQuestion(),
        TableAnswerQuestion(),
        MultipleChoiceQuestion(),
    ]

}
