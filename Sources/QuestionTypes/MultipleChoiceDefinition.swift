import QuestionKit

/// What a multiple-choice question reads into: its options, how many may be chosen, and the
/// answer it expects.
public struct MultipleChoiceDefinition: Sendable, Hashable {
    /// How many options may be chosen.
    public enum SelectionLimit: Sendable, Hashable {
        /// Exactly one option (`max-answers` 1).
        case single
        /// Any number of options (`max-answers` 0 or missing).
        case any
        /// At most this many options (`max-answers` N > 1).
        case atMost(Int)

        /// The limit a `max-answers` value stands for; nil when the value is negative.
        public init?(maxAnswers: Int) {
            switch maxAnswers {
            case 0: self = .any
            case 1: self = .single
            case 2...: self = .atMost(maxAnswers)
            default: return nil
            }
        }

        /// The most options that may be chosen, or nil for any number.
        public var maximum: Int? {
            switch self {
            case .single: 1
            case .any: nil
            case .atMost(let count): count
            }
        }

        /// Whether choosing `count` options stays within the limit.
        public func allows(_ count: Int) -> Bool {
            maximum.map { count <= $0 } ?? true
        }
    }

    /// The options, in order and spelled as in the template (blank padding left out).
    public let options: [String]
    /// How many options may be chosen.
    public let selectionLimit: SelectionLimit
    /// The options the answer should consist of (spelled as in `options`), or nil when there is
    /// nothing to check.
    public let acceptedAnswer: Set<String>?

    /// A definition with the given options, limit and accepted answer.
    public init(options: [String], selectionLimit: SelectionLimit, acceptedAnswer: Set<String>? = nil) {
        self.options = options
        self.selectionLimit = selectionLimit
        self.acceptedAnswer = acceptedAnswer
    }

    /// The option `text` names, ignoring case and surrounding spaces, spelled as in `options`;
    /// nil when `text` is not an option. Answers and flags compare options this way.
    public func option(matching text: String) -> String? {
        indexOfOption(matching: text).map { options[$0] }
    }

    /// The accepted options in the order of `options`, or nil when there is nothing to check.
    /// Messages list them this way so that they read the same on every run.
    public var acceptedOptions: [String]? {
        acceptedAnswer.map { accepted in options.filter(accepted.contains) }
    }

    /// The position in `options` of the option `text` names (ignoring case and surrounding
    /// spaces), or nil when `text` is not an option.
    public func indexOfOption(matching text: String) -> Int? {
        let wanted = TypedText.comparisonKey(text)
        guard !wanted.isEmpty else { return nil }
        return options.firstIndex { TypedText.comparisonKey($0) == wanted }
    }
}
