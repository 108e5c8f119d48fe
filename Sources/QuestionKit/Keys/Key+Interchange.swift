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
