/// Where the items of a form of another format went, one count per way: every item (a FHIR item, a
/// SurveyJS page or element, an XLSForm survey row) is counted once, so nothing is dropped silently
/// exactly when `isWhole` holds. The readers, the corpus report and the fuzz targets check it.
public struct ImportCounts: Sendable, Hashable {
    /// Items in the source, at every depth.
    public var total = 0
    /// Items made into questions.
    public var questions = 0
    /// Groups, pages and panels made into sections.
    public var sections = 0
    /// Display items and notes made into help.
    public var help = 0
    /// Items not made, each reported.
    public var reported = 0
    /// Items under an item a type made one question of, which it carries (a FHIR grid's rows and cells).
    public var carried = 0

    /// Counts of items: `total` in the source, and where they went.
    public init(
        total: Int = 0, questions: Int = 0, sections: Int = 0, help: Int = 0, reported: Int = 0, carried: Int = 0
    ) {
        self.total = total
        self.questions = questions
        self.sections = sections
        self.help = help
        self.reported = reported
        self.carried = carried
    }

    /// Whether every item went one way: `total` is the sum of the others.
    public var isWhole: Bool { total == questions + sections + help + reported + carried }
}
