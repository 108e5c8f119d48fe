extension Key {
    // MARK: Keys of question logic (read by the core)

    /// `linkId`: a name for the question, unique in the template, by which conditions refer to it.
    package static let linkId = Key(
        "linkId", summary: "A name for the question, unique in the template, that conditions refer to.")
    /// `enableWhen`: the conditions under which the question is asked.
    package static let enableWhen = Key(
        "enableWhen", summary: "Conditions on earlier answers: the question is asked only when they hold.")
    /// `enableBehavior`: whether all conditions must hold, or any.
    package static let enableBehavior = Key(
        "enableBehavior", summary: "\"all\" (default): every condition must hold; \"any\": one is enough.")

    /// `question`, inside a condition: the `linkId` of the question it looks at.
    package static let conditionQuestion = Key(
        "conditionQuestion", spelling: "question", summary: "The linkId of the question a condition looks at.")
    /// `operator`, inside a condition: `exists`, `=`, `!=`, `<`, `>`, `<=` or `>=`.
    package static let conditionOperator = Key(
        "conditionOperator", spelling: "operator", summary: "exists, =, !=, <, >, <= or >=.")
    /// `answer`, inside a condition: what the answer is compared with (as the referred question's type reads it).
    package static let conditionAnswer = Key(
        "conditionAnswer", spelling: "answer",
        summary: "What the answer is compared with, as the referred question's type reads it.")

    /// The keys of a question's logic.
    package static let logicKeys: [Key] = [linkId, enableWhen, enableBehavior]
    /// The keys of one condition.
    package static let conditionKeys: [Key] = [conditionQuestion, conditionOperator, conditionAnswer]
}
