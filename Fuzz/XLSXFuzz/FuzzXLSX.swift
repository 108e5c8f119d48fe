// libFuzzer entry point for .xlsx workbooks: the input read as a workbook (zip, relationships, workbook,
// shared strings, worksheets) and, by itself, as XML. Either throws its error or gives sheets whose cells hold
// the invariants below. Compiled by Fuzz/run-fuzz.sh against the QuestionKitArchive module. Seeds: the
// corpus's real workbooks, read in place, and small ones our writer made (seeds/). Trapping is the point here.

import QuestionKitArchive

/// Reads the input as a workbook and writes what it read back, which must read the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    if var reader = try? XMLReader(bytes) {
        var depth = 0
        while let event = try? reader.next() {
            switch event {
            case .start: depth += 1
            case .end: depth -= 1
            case .text: break
            }
            require(depth >= 0 && depth == reader.depth, "the depth went wrong")
        }
    }
    var limits = XLSXLimits()
    limits.zip.maximumEntrySize = 1 << 20
    limits.zip.maximumTotalSize = 4 << 20
    // The scanner of worksheets' and shared strings' common shapes reads what the general XML reader reads: the
    // same cells, or the same error at the same place.
    let scanned = Result { () throws(XLSXError) in try XLSXReader.read(bytes, limits: limits, scanning: true) }
    let general = Result { () throws(XLSXError) in try XLSXReader.read(bytes, limits: limits, scanning: false) }
    require(scanned == general, "the scanner and the general reader disagree: \(scanned) \(general)")
    guard let sheets = try? scanned.get() else { return 0 }
    var tables: [(name: String, rows: [[String]])] = []
    for sheet in sheets {
        var rows: [[String]] = []
        var lastRow = 0
        for row in sheet.rows {
            require(!row.isEmpty, "an empty row is listed")
            let number = row[0].location.row
            require(number > lastRow, "rows out of order")
            lastRow = number
            var lastColumn = 0
            var cells: [String] = []
            for cell in row {
                require(cell.location.sheet == sheet.name && cell.location.row == number, "a cell out of its row")
                require(cell.location.column > lastColumn, "cells out of order")
                require(!cell.value.isEmpty, "an empty cell is listed")
                cells += [String](repeating: "", count: cell.location.column - lastColumn - 1) + [cell.value]
                lastColumn = cell.location.column
            }
            rows += [[String]](repeating: [], count: number - rows.count - 1) + [cells]
        }
        tables.append((sheet.name, rows))
    }
    // Text a workbook cannot hold (control characters) is refused by the writer; anything else reads back.
    guard let written = try? XLSXWriter.write(tables) else { return 0 }
    guard let again = try? XLSXReader.read(written) else {
        require(false, "our own workbook of what was read does not read")
        return 0
    }
    require(again.map(\.name) == sheets.map(\.name), "the sheet names changed")
    for (first, second) in zip(again, sheets) {
        require(first.rows.map { $0.map(\.value) } == second.rows.map { $0.map(\.value) }, "the cells changed")
    }
    return 0
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant violated: \(message())") }
}
