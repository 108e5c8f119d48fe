import QuestionKit
import QuestionKitInterchange
import Testing

/// The built-in types' reading of survey rows where they read a short cut: a short list of ASCII options told
/// apart without a String per option, and a constraint's bounds read in its bytes. Each reads what the general
/// reading reads.
struct XLSFormTypeReadingTests {
    /// Options repeat ignoring case and surrounding spaces, as Swift lowercases (a Kelvin sign is a `k`): the short
    /// cut for ASCII lists leaves any list with a repeat, or a text not ASCII, to the general reading.
    @Test func optionsRepeatIgnoringCaseWhateverTheirScript() throws {
        let form = """
            "survey",,,
            ,"type","name","label"
            ,"select_one cased","q1","One?"
            ,"select_one kelvin","q2","Two?"
            ,"select_one spaced","q3","Three?"
            "choices",,,
            ,"list_name","name","label"
            ,"cased","a","Yes"
            ,"cased","b","YES"
            ,"kelvin","k","k"
            ,"kelvin","kelvin","\u{212A}"
            ,"spaced","ab","ab"
            ,"spaced","a_b","a b"
            ,"spaced","none",""

            """
        let (text, read) = try XLSFormReaderTests.template(Array(form.utf8))
        #expect(text.contains(#""linkId":"q1","max-answers":1,"answers":["Yes","YES (b)"]"#))
        #expect(text.contains(#""linkId":"q2","max-answers":1,"answers":["k","\#u{212A} (kelvin)"]"#))
        #expect(text.contains(#""linkId":"q3","max-answers":1,"answers":["ab","a b","none"]"#))
        #expect(read.diagnostics.filter { $0.code == "multiple-choice.xlsform-label-repeated" }.count == 2)
    }

    /// A constraint's bounds are read alike in its bytes (a whole number summed, `-0` and `007` too) and from its
    /// text (a tab, escaped in the sheets' document; a fraction).
    @Test func aConstraintsBoundsAreReadAsTheWriterWritesThem() throws {
        let form = """
            "survey",,,,
            ,"type","name","label","constraint"
            ,"integer","q1","One?",". >= -0 and . <= 007"
            ,"decimal","q2","Two?",".\t>=\t1.50"
            ,"integer","q3","Three?",". <= 1e2"
            ,"integer","q4","Four?",". >= x"

            """
        let (text, read) = try XLSFormReaderTests.template(Array(form.utf8))
        #expect(text.contains(#""linkId":"q1","numberInput":true,"acceptedAnswer":{"from":"0","to":"7"}"#))
        #expect(text.contains(#""linkId":"q2","numberInput":true,"acceptedAnswer":{"from":"1.5"}"#))
        #expect(text.contains(#""linkId":"q3","numberInput":true,"acceptedAnswer":{"to":"100"}"#))
        #expect(text.contains(#""linkId":"q4","numberInput":true,"_xlsform""#))
        #expect(read.diagnostics.filter { $0.code == "short-answer.xlsform-constraint-not-carried" }.count == 1)
    }
}
