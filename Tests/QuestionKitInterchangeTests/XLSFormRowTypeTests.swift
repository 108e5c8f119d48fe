import Testing

@testable import QuestionKitInterchange

/// A row's type of a one-word select and a list (`select_one yes_no`) is read by its bytes, as pyxform's
/// words read it; other spellings are left to the words.
@Suite("XLSForm row types")
struct XLSFormRowTypeTests {
    @Test(arguments: [
        ("select_one yes_no", "select_one", "yes_no"), ("SELECT_Multiple Places", "select_multiple", "Places"),
        ("rank r1", "rank", "r1"), ("select_one_from_file f.csv", "select_one_from_file", "f.csv"),
        ("select_one_external towns", "select_one_external", "towns"),
        ("select_multiple_from_file a.xml", "select_multiple_from_file", "a.xml"),
    ])
    func aSelectOfOneListIsReadByItsBytes(text: String, keyword: String, list: String) throws {
        let read = try #require(XLSFormRowWalk.oneListSelect(text))
        let words = XLSFormRowWalk.rowType(text)
        #expect(read.keyword == keyword && read.listName == list && !read.orOther)
        #expect(words.keyword == keyword && words.listName == list && !words.orOther)
    }

    @Test(arguments: [
        "select_one  yes_no", "select_one yes_no or_other", "select_one OR_OTHER", "select one yes_no", "text",
        "select_one\tyes_no", "select_one yes_nö", "select_ones yes_no", "begin group", " select_one x", "select_one ",
        "integer x",
    ])
    func otherTypesAreLeftToTheirWords(text: String) {
        #expect(XLSFormRowWalk.oneListSelect(text) == nil, "\(text)")
    }
}
