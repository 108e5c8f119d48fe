import FieldTypes
import QuestionKitCLI
import QuestionTypes

QuestionKitTool.main(types: BuiltInQuestionTypes.all + [DateQuestion(), RatingQuestion()])
