import QuestionKitArchive

/// Writes one column's buffered values as a column chunk: a dictionary page when the dictionary pays (or is
/// asked for), then data pages (v1) of bounded rows and bytes, each with its statistics, compressed as the file
/// asks; and the chunk's metadata for the footer.
struct ColumnChunkEncoder {
    let buffer: ColumnBuffer
    let options: ParquetOptions

    /// The pages appended to `output`, which starts at byte `offset` of the file.
    func encode(at offset: Int64, into output: inout [UInt8], heads: inout LZ77Heads) -> ColumnChunk {
        let dictionary = chooseDictionary()
        var sizes = (uncompressed: 0, compressed: 0)
        var dictionaryPageOffset: Int64?
        if let dictionary {
            dictionaryPageOffset = offset
            var body: [UInt8] = []
            for entry in dictionary.entries { buffer.appendPlain(entry, to: &body) }
            appendPage(body, into: &output, sizes: &sizes, heads: &heads) { size in
                PageHeader(
                    type: .dictionaryPage, uncompressedSize: Int32(body.count), compressedSize: Int32(size),
                    dictionaryPage: DictionaryPageHeader(valueCount: Int32(dictionary.entries.count)))
            }
        }
        let dataPageOffset = offset + Int64(sizes.compressed)
        let order = dictionary.map(ordered)
        var chunkBounds: (min: Int, max: Int)?
        var row = 0
        var value = 0
        repeat {
            let (rows, values) = nextPage(row: row, value: value)
            row = rows.upperBound
            value = values.upperBound
            let bounds = order.map { self.bounds(of: values, order: $0) } ?? self.bounds(of: values)
            if let bounds {
                chunkBounds =
                    chunkBounds.map {
                        (
                            buffer.less(bounds.min, $0.min) ? bounds.min : $0.min,
                            buffer.less($0.max, bounds.max) ? bounds.max : $0.max
                        )
                    } ?? bounds
            }
            let body = pageBody(rows: rows, values: values, dictionary: dictionary)
            let header = DataPageHeader(
                valueCount: Int32(rows.count), encoding: dictionary == nil ? .plain : .rleDictionary,
                statistics: statistics(nullCount: rows.count - values.count, bounds: bounds))
            appendPage(body, into: &output, sizes: &sizes, heads: &heads) { size in
                PageHeader(
                    type: .dataPage, uncompressedSize: Int32(body.count), compressedSize: Int32(size),
                    dataPage: header)
            }
        } while row < buffer.rowCount
        return ColumnChunk(
            metaData: ColumnMetaData(
                type: buffer.column.type.physicalType,
                encodings: dictionary == nil ? [.plain, .rle] : [.plain, .rle, .rleDictionary],
                path: [buffer.column.name], codec: options.compression.codec, valueCount: Int64(buffer.rowCount),
                uncompressedSize: Int64(sizes.uncompressed), compressedSize: Int64(sizes.compressed),
                dataPageOffset: dataPageOffset, dictionaryPageOffset: dictionaryPageOffset,
                statistics: statistics(nullCount: buffer.nullCount, bounds: chunkBounds)))
    }

    /// A dictionary as the column asks: always (but for booleans and a chunk of nulls), never, or when the
    /// dictionary page and the indices come to less than the plain values.
    private func chooseDictionary() -> ColumnDictionary? {
        guard buffer.column.type != .boolean, buffer.valueCount > 0 else { return nil }
        switch buffer.column.encoding {
        case .plain: return nil
        // Within what a page's Int32 sizes can hold; past that, plain.
        case .dictionary: return ColumnDictionary(buffer, limit: Int(Int32.max) / 2)
        case .automatic:
            guard let dictionary = ColumnDictionary(buffer, limit: options.dictionaryBytes) else { return nil }
            let width = RLEHybrid.bitWidth(holding: UInt32(dictionary.entries.count - 1))
            let plainBytes =
                buffer.column.type == .string
                ? buffer.bytes.count + 4 * buffer.valueCount : buffer.valueCount * (buffer.column.type == .date ? 4 : 8)
            return dictionary.plainBytes + (buffer.valueCount * width + 7) / 8 < plainBytes ? dictionary : nil
        }
    }

    /// The rows and the non-null values of the page that starts at `row`: up to `pageRows` rows and about
    /// `pageBytes` bytes of plain values.
    private func nextPage(row start: Int, value firstValue: Int) -> (rows: Range<Int>, values: Range<Int>) {
        var row = start
        var value = firstValue
        var size = 0
        let limit = min(buffer.rowCount, start + options.pageRows)
        while row < limit && size < options.pageBytes {
            if !buffer.column.optional || buffer.definitions[row] == 1 {
                size += buffer.plainSize(value)
                value += 1
            }
            row += 1
        }
        return (start..<row, firstValue..<value)
    }

    /// Definition levels (optional columns: their byte length, then the hybrid encoding at width 1), then the
    /// values: plain, or the indices' bit width and their hybrid encoding.
    private func pageBody(rows: Range<Int>, values: Range<Int>, dictionary: ColumnDictionary?) -> [UInt8] {
        var body: [UInt8] = []
        if buffer.column.optional {
            var levels: [UInt8] = []
            buffer.definitions[rows].withUnsafeBufferPointer { RLEHybrid.encode($0, bitWidth: 1, into: &levels) }
            appendLittleEndian(UInt64(levels.count), bytes: 4, to: &body)
            body.append(contentsOf: levels)
        }
        if let dictionary {
            let width = RLEHybrid.bitWidth(holding: UInt32(dictionary.entries.count - 1))
            body.append(UInt8(width))
            dictionary.indices[values].withUnsafeBufferPointer { RLEHybrid.encode($0, bitWidth: width, into: &body) }
        } else if buffer.column.type == .boolean {
            var byte: UInt8 = 0
            for (position, index) in values.enumerated() {
                byte |= UInt8(buffer.fixed[index]) << UInt8(position % 8)
                if position % 8 == 7 {
                    body.append(byte)
                    byte = 0
                }
            }
            if values.count % 8 != 0 { body.append(byte) }
        } else {
            body.reserveCapacity(body.count + values.count * 8)
            for index in values { buffer.appendPlain(index, to: &body) }
        }
        return body
    }

    /// The dictionary's entries in the column's order (NaN left out), so that a page's bounds come from
    /// comparing integers: each entry's rank (`.max` for NaN) and the entry of each rank.
    private struct DictionaryOrder {
        let dictionary: ColumnDictionary
        let ranks: [UInt32]
        let entryOfRank: [Int]
    }

    private func ordered(_ dictionary: ColumnDictionary) -> DictionaryOrder {
        let entryOfRank = (0..<dictionary.entries.count).filter { !buffer.isUnordered(dictionary.entries[$0]) }
            .sorted { buffer.less(dictionary.entries[$0], dictionary.entries[$1]) }
        var ranks = [UInt32](repeating: .max, count: dictionary.entries.count)
        for (rank, entry) in entryOfRank.enumerated() { ranks[entry] = UInt32(rank) }
        return DictionaryOrder(dictionary: dictionary, ranks: ranks, entryOfRank: entryOfRank)
    }

    /// The smallest and largest of the values (their indices), NaN left out; nil when there are none.
    private func bounds(of values: Range<Int>) -> (min: Int, max: Int)? {
        var result: (min: Int, max: Int)?
        for index in values where !buffer.isUnordered(index) {
            guard let (low, high) = result else {
                result = (index, index)
                continue
            }
            if buffer.less(index, low) {
                result = (index, high)
            } else if buffer.less(high, index) {
                result = (low, index)
            }
        }
        return result
    }

    private func bounds(of values: Range<Int>, order: DictionaryOrder) -> (min: Int, max: Int)? {
        var low = UInt32.max
        var high: UInt32 = 0
        order.dictionary.indices.withUnsafeBufferPointer { indices in
            order.ranks.withUnsafeBufferPointer { ranks in
                for index in values {
                    let rank = ranks[Int(indices[index])]
                    if rank != .max {
                        low = min(low, rank)
                        high = max(high, rank)
                    }
                }
            }
        }
        guard low != .max else { return nil }
        let entries = order.dictionary.entries
        return (entries[order.entryOfRank[Int(low)]], entries[order.entryOfRank[Int(high)]])
    }

    private func statistics(nullCount: Int, bounds: (min: Int, max: Int)?) -> Statistics {
        Statistics(
            nullCount: Int64(nullCount), minValue: bounds.map { buffer.bound($0.min, isMinimum: true) },
            maxValue: bounds.map { buffer.bound($0.max, isMinimum: false) })
    }

    /// Compresses the page's body as the file asks and appends its header and bytes.
    private func appendPage(
        _ body: [UInt8], into output: inout [UInt8], sizes: inout (uncompressed: Int, compressed: Int),
        heads: inout LZ77Heads, header: (Int) -> PageHeader
    ) {
        let stored = options.compression == .gzip ? Gzip.member(body, heads: &heads) : body
        let headerBytes = header(stored.count).compactBytes
        output.append(contentsOf: headerBytes)
        output.append(contentsOf: stored)
        sizes.uncompressed += headerBytes.count + body.count
        sizes.compressed += headerBytes.count + stored.count
    }
}
