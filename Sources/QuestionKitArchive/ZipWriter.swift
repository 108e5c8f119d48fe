/// Writes a zip archive (PKWARE APPNOTE 6.3) in memory: local headers, stored or deflated data with their
/// CRC-32, the central directory and its end record. The output depends on the entries alone (every date
/// is 1980-01-01 00:00, the format's first), so the same workbook is the same bytes. Without Zip64: fewer than
/// 65,536 entries, each name under 64 KiB and each entry under 4 GiB, which the callers keep to (a workbook's
/// parts are few, named by us, and held in memory).
package struct ZipWriter {
    private var output: [UInt8] = []
    private var directory: [UInt8] = []
    private var count = 0
    private var heads = LZ77Heads()

    package init() {}

    /// Adds an entry; `compress` deflates it (with `DeflateEffort.fast`: parts are large, repetitive XML)
    /// unless that would not make it smaller.
    package mutating func add(_ name: String, _ data: [UInt8], compress: Bool = true) {
        let deflated = compress ? Deflate.compress(data, heads: &heads, effort: .fast) : []
        let isDeflated = compress && deflated.count < data.count
        let stored = isDeflated ? deflated : data
        let nameBytes = Array(name.utf8)
        let headerOffset = output.count
        // Version 2.0 needed; flag bit 11 says the name is UTF-8; method; time 00:00; date 1980-01-01.
        let flags: UInt16 = nameBytes.allSatisfy { $0 < 0x80 } ? 0 : 0x0800
        var common: [UInt8] = []
        append16(&common, 20)
        append16(&common, flags)
        append16(&common, isDeflated ? 8 : 0)
        append16(&common, 0)
        append16(&common, 0x21)
        append32(&common, CRC32.checksum(data[...]))
        append32(&common, UInt32(stored.count))
        append32(&common, UInt32(data.count))
        append16(&common, UInt16(nameBytes.count))
        append16(&common, 0)  // extra field length

        append32(&output, 0x0403_4B50)
        output += common + nameBytes + stored

        append32(&directory, 0x0201_4B50)
        append16(&directory, 20)  // made by: version 2.0, MS-DOS attributes
        directory += common
        append16(&directory, 0)  // comment length
        append16(&directory, 0)  // disk number
        append16(&directory, 0)  // internal attributes
        append32(&directory, 0)  // external attributes
        append32(&directory, UInt32(headerOffset))
        directory += nameBytes
        count += 1
    }

    /// The archive: the entries added, their central directory and its end record.
    package func finish() -> [UInt8] {
        var archive = output + directory
        append32(&archive, 0x0605_4B50)
        append16(&archive, 0)  // this disk
        append16(&archive, 0)  // the directory's disk
        append16(&archive, UInt16(count))
        append16(&archive, UInt16(count))
        append32(&archive, UInt32(directory.count))
        append32(&archive, UInt32(output.count))
        append16(&archive, 0)  // comment length
        return archive
    }
}

private func append16(_ bytes: inout [UInt8], _ value: UInt16) {
    bytes.append(UInt8(truncatingIfNeeded: value))
    bytes.append(UInt8(truncatingIfNeeded: value >> 8))
}

private func append32(_ bytes: inout [UInt8], _ value: UInt32) {
    append16(&bytes, UInt16(truncatingIfNeeded: value))
    append16(&bytes, UInt16(truncatingIfNeeded: value >> 16))
}
