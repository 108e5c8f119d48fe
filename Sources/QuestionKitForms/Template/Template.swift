import QuestionKit

/// A template read from MI JSON: its metadata and its questions, each read by its type.
public struct Template: Sendable {
    /// The parsed source, kept so that a completed form can be written back with every key intact.
    package let document: JSONDocument
    /// `Title`, if the template has one.
    public var title: String?
    /// `RevisionNumber` (or the early `version`), if present.
    package var revision: String?
    /// The top-level string fields other than the questions, in source order (spelled as in the JSON).
    package var metadata: [(key: String, value: String)]
    /// The questions that could be read, in order. A question whose type is unknown is left out
    /// (and reported), so numbers may skip.
    public var questions: [Question]
    /// The key spellings the template was read with: what works from it (a review, a completed
    /// form, its photos, a PDF) spells its keys so.
    public let keys: KeyMap
    /// The conditions that decide which questions are asked, resolved; nil for a template without
    /// logic (most), which pays nothing for them.
    public let logic: TemplateLogic?
}

/// One question of a template.
public struct Question: Sendable {
    /// 1-based position in the template, as people see it ("Question 3").
    public let number: Int
    /// The type that read the question.
    public let type: any QuestionType
    /// The question text.
    public let text: String
    /// The section heading, if any.
    public let section: String?
    /// Help shown with the question, if any.
    public let help: QuestionHelp?
    /// What the type read: its own `Definition`.
    public let definition: any Sendable
    /// The question's JSON.
    public let node: JSONNode

    /// The definition as the type's own `Definition`, or nil when `type` is not `T`.
    public func definition<T: QuestionType>(of type: T.Type) -> T.Definition? {
        definition as? T.Definition
    }

    /// The 0-based index used in media names (`Qid<index>`).
    public var index: Int { number - 1 }
}

/// The `helpInfo` of a question.
public struct QuestionHelp: Sendable, Hashable {
    /// A help image: a caption and the image.
    package struct Image: Sendable, Hashable {
        /// The caption.
        package var text: String
        /// The image, base64-encoded as in the template.
        package var base64: String
    }

    /// The help text; `""` when `helpInfo` has none.
    public var text: String
    /// The help images, in order.
    package var images: [Image]
}
