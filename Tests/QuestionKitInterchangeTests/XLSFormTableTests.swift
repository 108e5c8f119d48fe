import Testing

@testable import QuestionKitInterchange

/// A sheet being written keeps each column's name once and a cell its column's place: laid out, the
/// leading columns come first in their order, the others in the order first filled, a column given twice
/// in a row keeps its first value and an empty value is no value, however many columns there are.
@Suite("XLSForm tables laid out")
struct XLSFormTableTests {
    /// Each row's cells as (column name, text), in column order, under the header laid out.
    private func laidOut(_ table: inout XLSFormTable) -> (header: [String], rows: [[(String, String)]]) {
        let sheet = table.laidOut()
        let header = sheet.rows[0].map(\.value)
        #expect(header.count == sheet.width)
        let rows = (1..<sheet.rows.count).map { index in sheet.rows[index].map { (header[$0.column], $0.value) } }
        return (header, rows)
    }

    @Test(arguments: [4, 16, 17, 40])
    func columnsAreLaidOutInOrderWhateverTheirCount(extra: Int) {
        var table = XLSFormTable(name: "survey", leading: ["type", "name", "label"], required: ["type", "name"])
        let others = (0..<extra).map { "column_\($0)" }
        // The first row fills the others from the last to the first, and `label` after them.
        for column in others.reversed() { table.append(column: column, value: "v \(column)") }
        table.append(column: "label", value: "Label")
        table.append(column: "type", value: "text")
        table.endRow()
        // The second fills a column twice (the first value stays), one with an empty text, and a new one.
        table.append(column: "type", value: "integer")
        table.append(column: others[0], value: "first")
        table.append(column: others[0], value: "second")
        table.append(column: "label", value: "")
        table.append(column: "hint", value: "Hint")
        table.endRow()

        let (header, rows) = laidOut(&table)
        #expect(header == ["type", "name", "label"] + others.reversed() + ["hint"])
        #expect(rows.count == 2)
        #expect(rows[0].map(\.0) == ["type", "label"] + others.reversed())
        #expect(rows[0].first?.1 == "text" && rows[0].last?.1 == "v \(others[0])")
        #expect(rows[1].map(\.0) == ["type", others[0], "hint"])
        #expect(rows[1].map(\.1) == ["integer", "first", "Hint"])
        #expect(table.isEmpty, "the texts were taken out of the table")
    }

    @Test
    func aColumnPlaceNamesItsColumn() {
        var table = XLSFormTable(name: "choices", leading: ["list_name", "name", "label"])
        let name = table.column(named: "name")
        #expect(table.column(named: "name") == name)
        let extra = table.column(named: "image")
        #expect(extra != name && table.column(named: "image") == extra)
        table.append(columnAt: extra, value: "a.png")
        table.append(columnAt: name, value: "yes")
        table.endRow()
        let (header, rows) = laidOut(&table)
        #expect(header == ["name", "image"])
        #expect(rows[0].map(\.1) == ["yes", "a.png"])
    }
}
