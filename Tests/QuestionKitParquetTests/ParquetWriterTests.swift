import QuestionKitArchive
import Testing

@testable import QuestionKitParquet

@Suite("The Parquet writer: layout, footer, pages, statistics, bounds")
struct ParquetWriterTests {
    static let columns = [
        ParquetColumn("id", .int64, optional: false),
        ParquetColumn("name", .string, encoding: .dictionary),
        ParquetColumn("note", .string, encoding: .plain),
        ParquetColumn("ratio", .double),
        ParquetColumn("ok", .boolean),
        ParquetColumn("day", .date),
        ParquetColumn("at", .timestamp),
    ]

    static func row(_ index: Int) -> [ParquetValue] {
        [
            .int64(Int64(index)), index % 4 == 3 ? .null : .string(["b", "a", "c"][index % 3]),
            .string("note \(index)"), index % 5 == 0 ? .null : .double(Double(index) - 10.5),
            .boolean(index % 2 == 0), .date(Int32(index) - 3), .timestamp(Int64(index) * 1_000_000),
        ]
    }

    static func file(
        rows: Int, compression: ParquetCompression = .uncompressed, rowGroupRows: Int = 1_000, pageRows: Int = 20_000
    ) throws -> [UInt8] {
        var options = ParquetOptions()
        options.compression = compression
        options.rowGroupRows = rowGroupRows
        options.pageRows = pageRows
        var writer = try ParquetWriter(columns: columns, options: options, sink: ParquetBytes())
        for index in 0..<rows { try writer.append(row: row(index)) }
        return try writer.finish().bytes
    }

    @Test("the footer, decoded by the test's own reader: schema, row groups, chunk metadata and statistics")
    func footerDecoded() throws {
        let file = try Self.file(rows: 25, rowGroupRows: 10)
        let metadata = try footer(of: file)
        #expect(metadata[1]?.int == 1)  // version
        #expect(metadata[3]?.int == 25)  // num_rows
        let schema = metadata[2]?.list ?? []
        #expect(schema.map { $0[4]?.string } == ["schema", "id", "name", "note", "ratio", "ok", "day", "at"])
        #expect(schema[0][5]?.int == 7)  // num_children
        // Physical types, repetition, converted types.
        #expect(schema.dropFirst().map { $0[1]?.int } == [2, 6, 6, 5, 0, 1, 2])
        #expect(schema.dropFirst().map { $0[3]?.int } == [0, 1, 1, 1, 1, 1, 1])
        #expect(schema.dropFirst().map { $0[6]?.int } == [nil, 0, 0, nil, nil, 6, 10])
        #expect(metadata[7]?.list.count == 7)  // a column order a column
        let groups = metadata[4]?.list ?? []
        #expect(groups.map { $0[3]?.int } == [10, 10, 5])
        // The id column of each group: plain, bounds 0...9, 10...19, 20...24, little-endian.
        for (number, group) in groups.enumerated() {
            let chunk = group[1]?.list.first
            let meta = chunk?[3]
            #expect(meta?[5]?.int == group[3]?.int)
            #expect(chunk?[2]?.int == meta?[9]?.int)  // file_offset: the first page (no dictionary)
            let statistics = meta?[12]
            #expect(statistics?[3]?.int == 0)
            #expect(statistics?[6]?.bytes == littleEndian(UInt64(number * 10), 8))
            #expect(statistics?[5]?.bytes == littleEndian(UInt64(min(number * 10 + 9, 24)), 8))
            // The page header at data_page_offset decodes and says how many rows the page has.
            var reader = CompactReader(file, at: Int(meta?[9]?.int ?? 0))
            let header = try reader.structure()
            #expect(header[1]?.int == 0)  // DATA_PAGE
            #expect(header[5]?[1]?.int == group[3]?.int)
            #expect(header[2]?.int == header[3]?.int)  // uncompressed: both sizes alike
        }
        // Chunks follow one another: each starts where the one before ends.
        var expectedOffset: Int64 = 4
        for group in groups {
            for chunk in group[1]?.list ?? [] {
                let meta = chunk[3]
                #expect((meta?[11]?.int ?? meta?[9]?.int) == expectedOffset)
                expectedOffset += meta?[7]?.int ?? 0
            }
        }
        let footerLength = file[file.count - 8..<file.count - 4].reversed().reduce(0) { $0 << 8 | Int($1) }
        #expect(expectedOffset == Int64(file.count - 8 - footerLength))
    }

    @Test("a dictionary column: a dictionary page of the distinct values, then indices; strings bounded as bytes")
    func dictionaryColumn() throws {
        let file = try Self.file(rows: 12)
        let chunk = try footer(of: file)[4]?.list.first?[1]?.list[1][3]
        #expect(chunk?[2]?.list == [.int(0), .int(3), .int(8)])  // PLAIN, RLE, RLE_DICTIONARY
        let dictionaryOffset = Int(chunk?[11]?.int ?? -1)
        var reader = CompactReader(file, at: dictionaryOffset)
        let header = try reader.structure()
        #expect(header[1]?.int == 2)  // DICTIONARY_PAGE
        #expect(header[7]?[1]?.int == 3)  // b, a, c
        let body = Array(file[reader.position..<reader.position + Int(header[3]?.int ?? 0)])
        #expect(body == [1, 0, 0, 0, 0x62, 1, 0, 0, 0, 0x61, 1, 0, 0, 0, 0x63])
        #expect(chunk?[12]?[6]?.bytes == Array("a".utf8))
        #expect(chunk?[12]?[5]?.bytes == Array("c".utf8))
        #expect(chunk?[12]?[3]?.int == 3)  // rows 3, 7, 11
        // The data page: levels (length, hybrid), the bit width 2, the indices of b a c a c b c b a (rows 3, 7, 11 null).
        var data = CompactReader(file, at: Int(chunk?[9]?.int ?? -1))
        let dataHeader = try data.structure()
        #expect(dataHeader[5]?[2]?.int == 8)
        let page = Array(file[data.position..<data.position + Int(dataHeader[3]?.int ?? 0)])
        let levelsLength = Int(page[0]) | Int(page[1]) << 8
        #expect(
            try decodeHybrid(Array(page[4..<4 + levelsLength]), bitWidth: 1, count: 12) == [
                1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0,
            ])
        #expect(page[4 + levelsLength] == 2)
        #expect(
            try decodeHybrid(Array(page[(5 + levelsLength)...]), bitWidth: 2, count: 9) == [0, 1, 2, 1, 2, 0, 2, 0, 1])
    }

    @Test("GZIP pages inflate, with our Inflate, to what the uncompressed file holds")
    func gzipPages() throws {
        let plain = try Self.file(rows: 50, rowGroupRows: 20)
        let compressed = try Self.file(rows: 50, compression: .gzip, rowGroupRows: 20)
        #expect(try footer(of: compressed)[4]?.list.first?[1]?.list.first?[3]?[4]?.int == 2)  // GZIP
        let pagesOf: ([UInt8], Bool) throws -> [[UInt8]] = { file, inflate in
            var pages: [[UInt8]] = []
            var reader = CompactReader(file, at: 4)
            let end = file.count - 8 - file[file.count - 8..<file.count - 4].reversed().reduce(0) { $0 << 8 | Int($1) }
            while reader.position < end {
                let header = try reader.structure()
                let stored = Array(file[reader.position..<reader.position + Int(header[3]?.int ?? 0)])
                reader.position += stored.count
                guard inflate else {
                    pages.append(stored)
                    continue
                }
                #expect(Array(stored.prefix(3)) == [0x1F, 0x8B, 8])
                let body = try Inflate.inflate(stored[10...], limit: 1 << 20)
                #expect(body.count == Int(header[2]?.int ?? -1))
                pages.append(body)
            }
            return pages
        }
        #expect(try pagesOf(compressed, true) == pagesOf(plain, false))
    }

    @Test("statistics: NaN left out, zeros signed as the format asks, a chunk of nulls without bounds")
    func statisticsEdges() throws {
        let columns = [ParquetColumn("x", .double, encoding: .plain), ParquetColumn("y", .string)]
        for encoding in [ParquetEncodingChoice.plain, .dictionary] {
            var writer = try ParquetWriter(
                columns: [ParquetColumn("x", .double, encoding: encoding), columns[1]], sink: ParquetBytes())
            for value in [Double.nan, 0.0, -0.0, .nan] { try writer.append(row: [.double(value), .null]) }
            let chunks = try footer(of: writer.finish().bytes)[4]?.list.first?[1]?.list ?? []
            let x = chunks.first?[3]?[12]
            #expect(x?[6]?.bytes == littleEndian((-0.0 as Double).bitPattern, 8))
            #expect(x?[5]?.bytes == littleEndian((0.0 as Double).bitPattern, 8))
            let y = chunks.last?[3]?[12]
            #expect(y?[3]?.int == 4)
            #expect(y?[5] == nil && y?[6] == nil)
        }
    }

    @Test("automatic encoding: a dictionary for repeated values, plain for distinct ones")
    func automaticEncoding() throws {
        var writer = try ParquetWriter(
            columns: [ParquetColumn("repeated", .string), ParquetColumn("distinct", .int64)], sink: ParquetBytes())
        for index in 0..<1_000 {
            try writer.append(row: [.string(index % 2 == 0 ? "yes" : "no"), .int64(Int64(index))])
        }
        let chunks = try footer(of: writer.finish().bytes)[4]?.list.first?[1]?.list ?? []
        #expect(chunks.map { $0[3]?[2]?.list.count } == [3, 2])
    }

    @Test("refused values name their column and leave the row as it was")
    func refusedValues() throws {
        var writer = try ParquetWriter(columns: Self.columns, sink: ParquetBytes())
        #expect(throws: ParquetError.self) { try writer.append(.null) }  // id is required
        #expect(throws: ParquetError.self) { try writer.append(.string("1")) }
        try writer.append(.int64(1))
        #expect(throws: ParquetError.self) { try writer.append(.int64(2)) }  // name is a string
        #expect(throws: ParquetError.self) { try writer.append(row: Self.row(0)) }  // inside a row
        for value in Self.row(0).dropFirst() { try writer.append(value) }
        #expect(throws: ParquetError.self) { try writer.append(row: Array(Self.row(0).dropLast())) }
        #expect(try footer(of: writer.finish().bytes)[3]?.int == 1)
        #expect(throws: ParquetError.self) {
            try ParquetWriter(columns: [ParquetColumn("a", .int64), ParquetColumn("a", .double)], sink: ParquetBytes())
        }
        #expect(throws: ParquetError.self) { try ParquetWriter(columns: [], sink: ParquetBytes()) }
    }

    @Test("an empty table is a valid file: the schema and no row groups")
    func emptyTable() throws {
        let metadata = try footer(of: Self.file(rows: 0))
        #expect(metadata[3]?.int == 0)
        #expect(metadata[4]?.list == [])
    }

    @Test("the same rows give the same bytes")
    func deterministic() throws {
        #expect(
            try Self.file(rows: 3_000, compression: .gzip, pageRows: 700)
                == Self.file(rows: 3_000, compression: .gzip, pageRows: 700))
    }

    /// Counts what the writer hands its sink.
    struct CountingSink: ParquetSink {
        var total = 0
        var largestWrite = 0
        mutating func write(_ bytes: [UInt8]) throws {
            total += bytes.count
            largestWrite = max(largestWrite, bytes.count)
        }
    }

    @Test("scaling: ten times the rows, about ten times the bytes, row groups no larger (memory bounded)")
    func scaling() throws {
        func measure(_ rows: Int) throws -> (CountingSink, Int) {
            var options = ParquetOptions()
            options.rowGroupRows = 2_000
            options.pageRows = 500
            var writer = try ParquetWriter(columns: Self.columns, options: options, sink: CountingSink())
            for index in 0..<rows { try writer.append(row: Self.row(index)) }
            let sink = try writer.finish()
            return (sink, rows / 2_000)
        }
        let (small, _) = try measure(4_000)
        let (large, groups) = try measure(40_000)
        #expect(groups == 20)
        let ratio = Double(large.total) / Double(small.total)
        #expect(ratio > 9 && ratio < 11, "\(small.total) -> \(large.total) bytes")
        // The largest write is one column chunk of one row group (or the footer), whatever the row count.
        #expect(large.largestWrite <= small.largestWrite * 11 / 10 || large.largestWrite < 64 * 1024)
    }

    private func littleEndian(_ value: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> UInt64($0 * 8)) }
    }
}
