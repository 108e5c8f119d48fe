import QuestionKit
import QuestionKitForms
import QuestionTypes
import Testing

/// Issue 20: what a condition on a question of each built-in type compares, and whether it holds
/// for an answer, as the session will ask it.
@Suite("Conditions on the built-in types")
struct ConditionEvaluationTests {
    /// Whether `op operand` holds for `answer` (nil: unanswered) on `question`, each read from JSON
    /// by `type`; nil when the operand or the answer could not be read.
    func holds<T: QuestionType>(
        _ type: T, _ question: String, answer: String?, _ op: ConditionOperator, _ operand: String
    ) throws -> Bool? {
        let questionDocument = try #require(JSONParser.parse(Array(question.utf8)).document)
        var problems = ProblemCollector(document: questionDocument)
        let definition = try #require(
            type.parseDefinition(
                of: QuestionJSON(node: questionDocument.root, keys: .mi, number: 1), problems: &problems))
        let operandNode = try #require(JSONParser.parse(Array(operand.utf8)).document).root
        let condition: Condition
        if op == .exists {
            condition = Condition(.exists, .exists(try #require(operandNode.boolValue as Bool?)))
        } else {
            guard let value = type.parseConditionOperand(operandNode, for: definition, problems: &problems) else {
                return nil
            }
            condition = Condition(op, .value(value))
        }
        guard let answer else { return type.evaluate(condition, answer: nil, for: definition) }
        let answerNode = try #require(JSONParser.parse(Array(answer.utf8)).document).root
        guard let parsed = type.parseAnswer(answerNode, for: definition, problems: &problems) else { return nil }
        return type.evaluate(condition, answer: parsed, for: definition)
    }

    static let checks =
        #"{"answer-type": "multiple-choice", "question": "Damage?", "answers": ["Worn", "Cracked", "Loose"]}"#

    @Test func multipleChoiceEqualMeansAmongTheChosen() throws {
        let type = MultipleChoiceQuestion()
        #expect(try holds(type, Self.checks, answer: #"["Worn", "Loose"]"#, .equal, #""Loose""#) == true)
        #expect(try holds(type, Self.checks, answer: #"["Worn", "Loose"]"#, .equal, #""cracked""#) == false)
        #expect(try holds(type, Self.checks, answer: #"["Worn", "Loose"]"#, .notEqual, #""Cracked""#) == true)
        #expect(try holds(type, Self.checks, answer: #"["Worn", "Loose"]"#, .notEqual, #""worn""#) == false)
        #expect(try holds(type, Self.checks, answer: nil, .notEqual, #""Worn""#) == false)
        #expect(try holds(type, Self.checks, answer: "[]", .exists, "true") == false)
        #expect(try holds(type, Self.checks, answer: "[]", .exists, "false") == true)
        #expect(try holds(type, Self.checks, answer: #"["Worn"]"#, .equal, #""Bent""#) == nil)
    }

    @Test func multipleChoiceSubjectSaysWhetherSeveralMayBeChosen() throws {
        let one = MultipleChoiceDefinition(options: ["A", "B"], selectionLimit: .single)
        let any = MultipleChoiceDefinition(options: ["A", "B"], selectionLimit: .any)
        #expect(
            MultipleChoiceQuestion().conditionSubject(of: one).kind
                == .choice(options: ["A", "B"], multipleAnswers: false))
        #expect(
            MultipleChoiceQuestion().conditionSubject(of: any).kind
                == .choice(options: ["A", "B"], multipleAnswers: true))
        #expect(MultipleChoiceQuestion().conditionSubject(of: one).operators == [.equal, .notEqual])
    }

    static let trueFalse = #"{"answer-type": "true/false", "question": "Any leaks?"}"#

    @Test func trueFalseComparesWithJSONBooleans() throws {
        let type = TrueFalseQuestion()
        #expect(try holds(type, Self.trueFalse, answer: #"["Yes"]"#, .equal, "true") == true)
        #expect(try holds(type, Self.trueFalse, answer: #"["No"]"#, .equal, "true") == false)
        #expect(try holds(type, Self.trueFalse, answer: #"["No"]"#, .notEqual, "true") == true)
        #expect(try holds(type, Self.trueFalse, answer: #"["No"]"#, .exists, "true") == true)
        #expect(try holds(type, Self.trueFalse, answer: nil, .exists, "false") == true)
        #expect(try holds(type, Self.trueFalse, answer: nil, .equal, "false") == false)
        #expect(try holds(type, Self.trueFalse, answer: #"["Yes"]"#, .equal, #""Yes""#) == nil)
        #expect(TrueFalseQuestion().conditionSubject(of: TrueFalseDefinition()).supports(.less) == false)
    }

    static let numeric = #"{"answer-type": "short-answer", "question": "Leak rate", "numberInput": true}"#
    static let text = #"{"answer-type": "short-answer", "question": "Seal maker"}"#

    @Test func aNumericShortAnswerTakesAllSixComparisons() throws {
        let type = ShortAnswerQuestion()
        let cases: [(ConditionOperator, String, Bool)] = [
            (.equal, "12", true), (.equal, "12.0", true), (.notEqual, "12", false), (.less, "12.5", true),
            (.less, "12", false), (.lessOrEqual, "12", true), (.greater, "11.99", true), (.greater, "12", false),
            (.greaterOrEqual, "12", true), (.greaterOrEqual, "\"13\"", false),
        ]
        for (op, operand, expected) in cases {
            #expect(try holds(type, Self.numeric, answer: #""12""#, op, operand) == expected, "\(op) \(operand)")
        }
        #expect(try holds(type, Self.numeric, answer: #""""#, .exists, "true") == false)
        #expect(try holds(type, Self.numeric, answer: #""""#, .less, "100") == false)
        #expect(try holds(type, Self.numeric, answer: #""12""#, .less, #""many""#) == nil)
    }

    @Test func aTextShortAnswerComparesTextWithEqualAndNotEqual() throws {
        let type = ShortAnswerQuestion()
        #expect(try holds(type, Self.text, answer: #""SKF""#, .equal, #""SKF""#) == true)
        #expect(try holds(type, Self.text, answer: #""SKF""#, .notEqual, #""FAG""#) == true)
        #expect(try holds(type, Self.text, answer: #""SKF""#, .equal, "5") == nil)
        let definition = ShortAnswerQuestion.Definition(isNumeric: false)
        #expect(ShortAnswerQuestion().conditionSubject(of: definition).operators == [.equal, .notEqual])
    }

    @Test func aTableTakesOnlyExists() throws {
        let table = #"""
            {"answer-type": "table-answer", "question": "Top-ups", "numRows": 2, "numColumns": 2,
             "firstRow": ["", "Litres"], "firstColumn": ["", "Top-up"], "rowType": ["", "text"]}
            """#
        let type = TableAnswerQuestion()
        #expect(try holds(type, table, answer: #"{"2,2": "4"}"#, .exists, "true") == true)
        #expect(try holds(type, table, answer: "{}", .exists, "true") == false)
        #expect(try holds(type, table, answer: nil, .exists, "false") == true)
        let document = try #require(JSONParser.parse(Array(table.utf8)).document)
        var problems = ProblemCollector(document: document)
        let definition = try #require(
            type.parseDefinition(of: QuestionJSON(node: document.root, keys: .mi, number: 1), problems: &problems))
        #expect(type.conditionSubject(of: definition) == .existsOnly)
    }
}
