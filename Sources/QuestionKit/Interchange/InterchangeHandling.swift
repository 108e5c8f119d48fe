/// How a question type takes part in converting forms of other formats: which of their kinds of
/// item it takes, how it builds its own keys from one, and how it writes its questions out.
///
/// FHIR Questionnaire items (and the answers of a completed form as QuestionnaireResponse
/// `answer`s), SurveyJS elements (import only) and XLSForm survey rows, each format with members of
/// its own. A type that does nothing here takes no foreign kind and is not written out: the
/// converter reports its questions (a located warning), never drops them silently.
///
/// ```swift
/// extension RatingQuestion {
///     var fhirItemTypes: [String] { ["integer"] }
///     func claims(_ item: FHIRItem) -> Bool { item.type == "integer" && item.hasItemControl("slider") }
///     func questionKeys(from item: FHIRItem, problems: inout ProblemCollector) -> FHIRImport? {
///         FHIRImport(keys: [("stars", .integer(5))])
///     }
///     func fhirItem(of _: RatingDefinition, at _: JSONNode, problems: inout ProblemCollector) -> FHIRItemShape? {
///         FHIRItemShape(type: "integer")
///     }
/// }
/// ```
public protocol InterchangeHandling: AnswerHandling {
    /// The FHIR `item.type` values the type may take (`boolean`; `choice`, `coding`). Default: none.
    var fhirItemTypes: [String] { get }

    /// Whether the type takes this FHIR item. Default: its `type` is one of `fhirItemTypes`. The
    /// first registered type that claims an item takes it; others that claim it too are reported.
    func claims(_ item: FHIRItem) -> Bool

    /// The type's own keys of a question made from `item` (the converter writes `answer-type`,
    /// `question`, `section`, `helpInfo`, `linkId` and the conditions), and which of the item's
    /// members and extensions they carry. Report what the type reads but cannot carry against the
    /// item's nodes, with the type's own codes; the converter reports every member not carried.
    /// Nil when the item cannot be a question of the type (report why; the converter keeps the item).
    func questionKeys(from item: FHIRItem, problems: inout ProblemCollector) -> FHIRImport?

    /// The FHIR item of a question of the type: its `type` and the members the type owns
    /// (`answerOption`, `repeats`, extensions); the converter writes `linkId`, `text`, help and
    /// conditions. Nil when the question cannot be written as an item (report why against `node`,
    /// the question; the converter reports a nil with nothing reported).
    func fhirItem(of definition: Definition, at node: JSONNode, problems: inout ProblemCollector) -> FHIRItemShape?

    /// The SurveyJS element `type`s the type may take (`boolean`; `radiogroup`, `checkbox`). Default: none.
    var surveyJSElementTypes: [String] { get }

    /// Whether the type takes this SurveyJS element. Default: its `type` is one of
    /// `surveyJSElementTypes`. As with FHIR, the first registered type that claims it takes it.
    func claims(_ element: SurveyJSElement) -> Bool

    /// The type's own keys of a question made from `element` (the converter writes `answer-type`,
    /// `question`, `section`, `helpInfo`, `linkId` and the conditions), and which of its members they
    /// carry. Report what the type reads but cannot carry against the element's nodes; nil when the
    /// element cannot be a question of the type (report why; the converter keeps the element).
    func questionKeys(from element: SurveyJSElement, problems: inout ProblemCollector) -> SurveyJSImport?

    /// The FHIR QuestionnaireResponse `answer` entries of an answer of the type, each a one-member
    /// object (`{"valueBoolean": true}`, `{"valueCoding": {…}}`), for the Questionnaire's `item` the
    /// question is (the converter gives the item FHIRWriter writes, or the one of the template's own
    /// Questionnaire). Report against `node` (the answer as stored) what the entries cannot carry;
    /// nil when the answer cannot be written (report why; the converter reports a nil with nothing
    /// reported, and keeps the stored answer in an extension of ours). Default: nil.
    func fhirAnswers(
        of answer: Answer, for definition: Definition, item: FHIRItem, at node: JSONNode,
        problems: inout ProblemCollector
    ) -> [JSONWriter.Value]?

    /// The answer as a completed form stores it under `answerKey` (`["Yes"]`, `"12"`), made of the
    /// `value[x]` nodes of a QuestionnaireResponse item's answers (`valueBoolean` …), which the
    /// converter then reads as it reads any stored answer (an option the template lacks is kept as
    /// stored and flagged). Report against the nodes what cannot be carried; nil when nothing can
    /// (the converter reports a nil with nothing reported). Default: nil.
    func storedAnswer(fromFHIR values: [JSONNode], for definition: Definition, problems: inout ProblemCollector)
        -> JSONWriter.Value?

    // XLSForm

    /// The XLSForm `type` keywords the type may take (`select_one`, `select_multiple`; `integer`),
    /// in pyxform's current spelling (see `XLSFormRow.type`). Default: none.
    var xlsFormTypes: [String] { get }

    /// Whether the type takes this survey row. Default: its `type` is one of `xlsFormTypes`. As with
    /// FHIR, the first registered type that claims it takes it.
    func claims(_ row: XLSFormRow) -> Bool

    /// The type's own keys of a question made from `row` (the converter writes `answer-type`,
    /// `question`, `section`, `helpInfo`, `linkId` and the conditions from `type`, `name`, the label,
    /// `hint`, `required` and `relevant`), which of its columns they carry, and what to keep for the
    /// writer. Report what the type reads but cannot carry against the row's cells; nil when the row
    /// cannot be a question of the type (report why; the converter keeps the row).
    func questionKeys(from row: XLSFormRow, problems: inout ProblemCollector) -> XLSFormImport?

    /// The XLSForm survey row of a question of the type: its `type` (`select_one`, `text`, `integer` …),
    /// the columns the type owns (`constraint`, `appearance` …) and, for a select, its choice list; the
    /// writer adds `name`, `label`, `hint`, `relevant` and the list's name. Nil when the question cannot
    /// be written as a row (report why against `node`; the writer reports a nil with nothing reported).
    func xlsFormRow(of definition: Definition, at node: JSONNode, problems: inout ProblemCollector)
        -> XLSFormRowShape?
}

extension InterchangeHandling {
    /// None.
    public var fhirItemTypes: [String] { [] }

    /// Whether the item's `type` is one of `fhirItemTypes`.
    public func claims(_ item: FHIRItem) -> Bool { fhirItemTypes.contains(item.type) }

    /// Never called for a type that claims nothing; nil.
    public func questionKeys(from item: FHIRItem, problems: inout ProblemCollector) -> FHIRImport? { nil }

    /// Not written out.
    public func fhirItem(of definition: Definition, at node: JSONNode, problems: inout ProblemCollector)
        -> FHIRItemShape?
    { nil }

    /// None.
    public var surveyJSElementTypes: [String] { [] }

    /// Whether the element's `type` is one of `surveyJSElementTypes`.
    public func claims(_ element: SurveyJSElement) -> Bool { surveyJSElementTypes.contains(element.type) }

    /// Never called for a type that claims nothing; nil.
    public func questionKeys(from element: SurveyJSElement, problems: inout ProblemCollector) -> SurveyJSImport? {
        nil
    }

    /// Not written: the converter reports it and keeps the stored answer.
    public func fhirAnswers(
        of answer: Answer, for definition: Definition, item: FHIRItem, at node: JSONNode,
        problems: inout ProblemCollector
    ) -> [JSONWriter.Value]? { nil }

    /// Not read: the converter reports it.
    public func storedAnswer(
        fromFHIR values: [JSONNode], for definition: Definition, problems: inout ProblemCollector
    ) -> JSONWriter.Value? { nil }

    /// None.
    public var xlsFormTypes: [String] { [] }

    /// Whether the row's `type` is one of `xlsFormTypes`.
    public func claims(_ row: XLSFormRow) -> Bool { xlsFormTypes.contains(row.type) }

    /// Never called for a type that claims nothing; nil.
    public func questionKeys(from row: XLSFormRow, problems: inout ProblemCollector) -> XLSFormImport? { nil }

    /// Not written out.
    public func xlsFormRow(of definition: Definition, at node: JSONNode, problems: inout ProblemCollector)
        -> XLSFormRowShape?
    { nil }
}

extension InterchangeHandling {
    // Opens the existential for the converter, which holds types as `any QuestionType`.
    package func erasedFHIRItem(of definition: any Sendable, at node: JSONNode, problems: inout ProblemCollector)
        -> FHIRItemShape?
    {
        guard let definition = definition as? Definition else { return nil }
        return fhirItem(of: definition, at: node, problems: &problems)
    }

    // As above, for the answers of a completed form.
    package func erasedFHIRAnswers(
        of answer: any Sendable, definition: any Sendable, item: FHIRItem, at node: JSONNode,
        problems: inout ProblemCollector
    ) -> [JSONWriter.Value]? {
        guard let answer = answer as? Answer, let definition = definition as? Definition else { return nil }
        return fhirAnswers(of: answer, for: definition, item: item, at: node, problems: &problems)
    }

    package func erasedStoredAnswer(
        fromFHIR values: [JSONNode], definition: any Sendable, problems: inout ProblemCollector
    ) -> JSONWriter.Value? {
        guard let definition = definition as? Definition else { return nil }
        return storedAnswer(fromFHIR: values, for: definition, problems: &problems)
    }

    // As `erasedFHIRItem`, for the XLSForm writer. The definition is the type's own (`parseErasedDefinition`
    // made it): told by its metatype and taken as it is, without the runtime's cast, whose look-ups of the
    // Optional's metadata cost a sixth of making a 100,000-question form's rows. Any other goes through
    // the cast.
    package func erasedXLSFormRow(of definition: any Sendable, at node: JSONNode, problems: inout ProblemCollector)
        -> XLSFormRowShape?
    {
        func row<Given: Sendable>(_ given: Given) -> XLSFormRowShape? {
            guard Given.self == Definition.self else { return castXLSFormRow(of: given, at: node, problems: &problems) }
            return xlsFormRow(of: unsafeBitCast(given, to: Definition.self), at: node, problems: &problems)
        }
        return row(definition)
    }

    // `erasedXLSFormRow` of a definition of another type than `Definition`, through the cast.
    @inline(never)
    private func castXLSFormRow(of definition: any Sendable, at node: JSONNode, problems: inout ProblemCollector)
        -> XLSFormRowShape?
    {
        guard let definition = definition as? Definition else { return nil }
        return xlsFormRow(of: definition, at: node, problems: &problems)
    }
}

/// What a type made of a FHIR item: its own keys of the question, and what of the item they carry.
public struct FHIRImport: Sendable {
    /// The type's keys of the question, in the order they are written (`answers`, `max-answers` …).
    public var keys: [(String, JSONWriter.Value)]
    /// The item's members the keys carry (`answerOption`, `repeats`); the converter reports the others.
    public var carriedMembers: Set<String>
    /// The URLs of the item's extensions the keys carry (the SDC `minValue`).
    public var carriedExtensions: Set<String>

    /// Keys made of the item, carrying `carriedMembers` and the extensions `carriedExtensions`.
    public init(
        keys: [(String, JSONWriter.Value)], carriedMembers: Set<String> = [], carriedExtensions: Set<String> = []
    ) {
        self.keys = keys
        self.carriedMembers = carriedMembers
        self.carriedExtensions = carriedExtensions
    }
}

/// A question as a FHIR item: its `type` and the members its type owns.
public struct FHIRItemShape: Sendable {
    /// The item's `type` (`choice`, `boolean`, `decimal` …).
    public var type: String
    /// Members besides `linkId`, `text`, `type`, `enableWhen` and `enableBehavior`, in order. Items
    /// under the question's (`item`: a table's rows and cells) come last, before its help, each
    /// `linkId` given as the type's own and written after the question's and a dot (`2.3` under
    /// `belts` is `belts.2.3`), so that it is unique in the Questionnaire.
    public var members: [(String, JSONWriter.Value)]

    /// An item of `type` with `members`.
    public init(type: String, members: [(String, JSONWriter.Value)] = []) {
        self.type = type
        self.members = members
    }
}
