extension Key {
    /// `_fhir`, on a template or a question: what a FHIR Questionnaire held that we do not carry
    /// (its members verbatim), for the FHIR writer to put back. Not read otherwise.
    package static let fhirKept = Key(
        "fhirKept", spelling: "_fhir",
        summary: "What a converted FHIR Questionnaire held that is not carried; written back to FHIR.")

    /// `_surveyjs`, on a template or a question: what a SurveyJS survey held that we do not carry
    /// (its members verbatim), kept so that nothing is lost. Not read otherwise.
    package static let surveyJSKept = Key(
        "surveyJSKept", spelling: "_surveyjs",
        summary: "What an imported SurveyJS survey held that is not carried.")
}

extension Key {
    /// `_xlsform`, on a template or a question: what an XLSForm held that we do not carry (its cells
    /// by column, its settings, its rows not made) and what its writer needs (`list_name`, the
    /// choices' names). Not read otherwise.
    package static let xlsFormKept = Key(
        "xlsFormKept", spelling: "_xlsform",
        summary: "What an imported XLSForm held that is not carried, and its list and choice names.")
}
