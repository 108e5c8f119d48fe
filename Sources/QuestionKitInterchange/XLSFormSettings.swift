import QuestionKit

/// The `settings` sheet's columns pyxform knows, and the check that a column which is none of them is not
/// a misspelling of one: `form_titel` would otherwise be kept as a note while the form is silently titled
/// by its file's name.
enum XLSFormSettings {
    /// The settings pyxform reads (its `settings_header` aliases included); anything else in the sheet is
    /// kept and noted, as tools add their own (`attribute::…`, a server's keys).
    static let known = [
        "form_title", "set_form_title", "form_id", "set_form_id", "version", "instance_name", "default_language",
        "public_key", "submission_url", "style", "name", "namespaces", "auto_send", "auto_delete",
        "allow_choice_duplicates", "clean_text_values", "omit_instanceID", "prefix", "delimiter", "sms_keyword",
        "sms_separator", "sms_allow_media", "sms_date_format", "sms_datetime_format",
    ]
    private static let candidates = Suggestion.Candidates(known)
    /// The columns that title a form, in the order pyxform reads them (`set_form_…` are its aliases).
    static let titleColumns = ["form_title", "set_form_title"]
    /// The columns that name a form; a form with no title column is titled by its name.
    static let nameColumns = ["form_id", "set_form_id"]

    /// The form's title from `settings` (its first row): a title column, else a name column.
    static func title(in settings: JSONNode) -> String? {
        (titleColumns + nameColumns).lazy.compactMap { settings[$0]?.stringValue }.first
    }

    /// Whether pyxform reads the column `key`. The title and name columns must be spelled exactly, as they
    /// are read here; the others in any case (pyxform's own tests write `omit_instanceid`).
    private static func isKnown(_ key: String) -> Bool {
        known.contains(key)
            || lowercasedKnown.contains(key.lowercased()) && !titleAndNameColumns.contains(key.lowercased())
    }
    private static let lowercasedKnown = Set(known.map { $0.lowercased() })
    private static let titleAndNameColumns = Set(titleColumns + nameColumns)

    /// Warns at the header of each column of `settings` (the sheet's first row) that is no known setting
    /// but is close to one, with the one it was likely meant to be.
    static func reportMisspelled(in settings: JSONNode, problems: inout ProblemCollector) {
        for member in settings.members where !isKnown(member.key) {
            guard let meant = candidates.nearest(to: member.key) else { continue }
            problems.report(
                .warning, XLSFormCode.settingMisspelled,
                "'\(member.key)' is no XLSForm setting; its value is kept under _xlsform, not used",
                at: member.value, hint: "Did you mean '\(meant)'?", atKey: true)
        }
    }
}
