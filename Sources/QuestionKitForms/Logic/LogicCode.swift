import QuestionKit

/// What the checks of a template's logic (`linkId`, `enableWhen`, `enableBehavior`) report. The
/// referred question's type reports operands of the wrong kind with its own codes.
public enum LogicCode: String, DiagnosticCode, CaseIterable {
    /// A `linkId` that is not a non-empty string.
    case linkIdInvalid = "logic.link-id-invalid"
    /// A `linkId` another question already has.
    case duplicateLinkId = "logic.duplicate-link-id"
    /// An `enableWhen` that is not a list.
    case enableWhenNotList = "logic.enable-when-not-list"
    /// An `enableWhen` with no conditions.
    case emptyEnableWhen = "logic.empty-enable-when"
    /// An `enableBehavior` other than `all` or `any`.
    case unknownEnableBehavior = "logic.unknown-enable-behavior"
    /// An `enableBehavior` without `enableWhen` (a warning: it changes nothing).
    case enableBehaviorAlone = "logic.enable-behavior-alone"
    /// A condition that is not an object.
    case conditionNotObject = "logic.condition-not-object"
    /// A condition without `question`, `operator` or `answer`.
    case conditionMissingKey = "logic.condition-missing-key"
    /// A condition key no one reads.
    case conditionUnknownKey = "logic.condition-unknown-key"
    /// A condition's `question` that is not a string.
    case referenceNotString = "logic.reference-not-string"
    /// A condition's `question` that names no question.
    case unknownReference = "logic.unknown-reference"
    /// A question whose condition refers to itself.
    case selfReference = "logic.self-reference"
    /// Questions whose conditions refer to each other in a circle.
    case cycle = "logic.cycle"
    /// A condition on a question after this one (a warning: it is unanswered when this one is shown).
    case forwardReference = "logic.forward-reference"
    /// An operator that is not one of FHIR's seven.
    case unknownOperator = "logic.unknown-operator"
    /// An operator the referred question's type does not support.
    case unsupportedOperator = "logic.unsupported-operator"
    /// An `exists` operand that is not `true` or `false`.
    case existsOperandNotBoolean = "logic.exists-operand-not-boolean"
    /// Conditions that can never all hold, under `all`.
    case contradiction = "logic.contradiction"
    /// A question that can never be asked, because what it depends on is never asked.
    case neverAsked = "logic.never-asked"
}
