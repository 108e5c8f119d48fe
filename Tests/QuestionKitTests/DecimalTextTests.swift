import Foundation
import Testing

@testable import QuestionKit

@Suite("Decimal text and numeric values")
struct DecimalTextTests {
    @Test(arguments: [
        ("-12", -12.0), ("3.25", 3.25), (" 7 ", 7), ("0", 0), ("-0.5", -0.5), ("007", 7), ("10.000001", 10.000001),
        ("   42", 42), ("1.50", 1.5), (".5", 0.5), ("5.", 5), ("-.5", -0.5), ("-5.", -5),
    ])
    func parsesDecimals(text: String, value: Double) {
        #expect(DecimalText.parse(text) == value)
    }

    @Test(arguments: [
        "1e3", "+1", ".", "-.", "--1", "-", "", " ", "1.2.3", "1,5", "1 2", "\t7", "..5", "- 1", "1-", "0x10",
        "½", "١", "inf", "NaN",
    ])
    func rejectsAnythingElse(text: String) {
        #expect(DecimalText.parse(text) == nil)
    }

    private func node(_ json: String) throws -> JSONNode {
        try #require(JSONParser.parse(Array(json.utf8)).document?.root)
    }

    @Test(arguments: [
        ("2.0", 2.0, 2), ("2.5", 2.5, nil), ("\"-12\"", -12, -12), ("\"3.25\"", 3.25, nil), ("\" 7 \"", 7, 7),
        ("1e3", 1000, 1000), ("-0", 0, 0), ("999999999999999", 999_999_999_999_999, 999_999_999_999_999),
        ("1e15", 1e15, nil), ("-1e400", -.infinity, nil), ("1e400", .infinity, nil),
        ("0.1", 0.1, nil), ("0.30000000000000004", 0.30000000000000004, nil),
        ("123456789.123456789", 123_456_789.123456789, nil), ("\"3.141592653589793238462643383279\"", .pi, nil),
        ("4.9406564584124654e-324", .leastNonzeroMagnitude, nil),
        ("1.7976931348623157e308", .greatestFiniteMagnitude, nil), ("\"-0.0\"", 0, 0),
    ])
    func numericAndIntegerValues(json: String, numeric: Double, integer: Int?) throws {
        let value = try node(json)
        #expect(value.numericValue == numeric)
        #expect(value.integerValue == integer)
    }

    @Test(arguments: ["\"1e3\"", "\"+1\"", "\".\"", "\"-.\"", "\"--1\"", "\"\"", "true", "null", "[1]", "{\"a\": 1}"])
    func nonNumbersHaveNoNumericValue(json: String) throws {
        let value = try node(json)
        #expect(value.numericValue == nil)
        #expect(value.integerValue == nil)
    }

    /// Whole numbers of up to 15 digits are summed without `strtod`: the values at the edge of
    /// that path, its sign of zero, and text read from an escaped string must be `strtod`'s.
    @Test(arguments: [
        "0", "-0", "\"-0\"", "\" -0 \"", "999999999999999", "-999999999999999", "1000000000000000",
        "9007199254740993", "\"12345678901234567\"", "\"1\\u0030\"", "\"-\\u0031.5\"", "\"000000000000000000042\"",
    ])
    func wholeNumbersAreReadAsStrtodReadsThem(json: String) throws {
        let value = try #require(try node(json).numericValue)
        let text = json.replacingOccurrences(of: "\\u0030", with: "0").replacingOccurrences(of: "\\u0031", with: "1")
            .trimmingCharacters(in: .init(charactersIn: "\" "))
        let expected = strtod(text, nil)
        #expect(value == expected)
        #expect(value.sign == expected.sign)
    }
}
