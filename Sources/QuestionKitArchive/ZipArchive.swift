/// How much a zip archive may hold before it is refused: what a workbook of forms needs, many times over,
/// and far less than a zip bomb asks for.
package struct ZipLimits: Sendable {
    package var maximumEntries = 10_000
    package var maximumNameLength = 1024
    /// The uncompressed size of one entry, and of all the entries read from one archive together.
    package var maximumEntrySize = 256 << 20
    package var maximumTotalSize = 512 << 20
    /// Uncompressed size over compressed size. DEFLATE itself cannot pass about 1,032:1.
    package var maximumRatio = 1_100

    package init() {}
}

/// Why a zip archive cannot be read, with where: the byte offset in the archive, and the entry's name
/// when the problem is in one entry.
package struct ZipError: Error, Equatable, CustomStringConvertible {
    package var offset: Int
    package var entry: String?
    package var reason: String

    package var description: String {
        let place = entry.map { "entry '\($0)' (byte \(offset))" } ?? "byte \(offset)"
        return "\(place): \(reason)"
    }
}

/// One file of a zip archive, as its central directory entry describes it (and its local header agrees).
package struct ZipEntry: Sendable, Equatable {
    package enum Method: UInt16, Sendable { case stored = 0, deflated = 8 }

    package var name: String
    package var method: Method
    package var crc32: UInt32
    package var compressedSize: Int
    package var uncompressedSize: Int
    /// Where its local header starts, and where its data starts and ends.
    package var headerOffset: Int
    package var data: Range<Int>
}

/// A zip archive (PKWARE APPNOTE 6.3), read strictly from bytes in memory: the end of central directory
/// record, the central directory, each local header checked against its entry, stored and deflated entries
/// with their CRC-32 checked. Never extracted to disk: names are only looked up, yet a name that could climb
/// out of a folder (`..`, an absolute path, a backslash, NUL) is refused as a sign of a hostile archive.
/// Zip64, split archives and encryption are refused, each with its own reason. Entries may not overlap
/// (the non-recursive zip bomb) and sizes are bounded by ``ZipLimits``.
package struct ZipArchive: Sendable {
    package let entries: [ZipEntry]
    /// The archive's comment (from the end of central directory record), as bytes.
    package let comment: [UInt8]
    private let bytes: [UInt8]
    private let limits: ZipLimits
    private let entryIndex: [String: Int]

    package init(_ bytes: [UInt8], limits: ZipLimits = ZipLimits()) throws(ZipError) {
        self.bytes = bytes
        self.limits = limits
        let end = try Self.endOfCentralDirectory(bytes)
        comment = Array(bytes[end.commentRange])
        entries = try Self.centralDirectory(bytes, end, limits)
        var index: [String: Int] = [:]
        for (position, entry) in entries.enumerated() {
            guard index.updateValue(position, forKey: entry.name) == nil else {
                throw ZipError(
                    offset: entry.headerOffset, entry: entry.name, reason: "the name is in the archive twice")
            }
        }
        entryIndex = index
        try Self.checkNoOverlap(entries, centralDirectoryStart: end.directoryOffset)
        var total = 0
        for entry in entries {
            total += entry.uncompressedSize
            guard total <= limits.maximumTotalSize else {
                throw ZipError(
                    offset: entry.headerOffset, entry: entry.name,
                    reason: "the entries hold more than the limit of \(limits.maximumTotalSize) bytes in all")
            }
        }
    }

    package func entry(named name: String) -> ZipEntry? {
        entryIndex[name].map { entries[$0] }
    }

    /// The entry's uncompressed bytes, inflated within its declared size and checked against its CRC-32.
    package func contents(of entry: ZipEntry) throws(ZipError) -> [UInt8] {
        let compressed = bytes[entry.data]
        let output: [UInt8]
        switch entry.method {
        case .stored: output = Array(compressed)
        case .deflated:
            do {
                output = try Inflate.inflate(
                    compressed, limit: entry.uncompressedSize, expected: entry.uncompressedSize)
            } catch {
                throw ZipError(offset: entry.data.lowerBound + error.offset, entry: entry.name, reason: error.reason)
            }
        }
        guard output.count == entry.uncompressedSize else {
            throw ZipError(
                offset: entry.data.lowerBound, entry: entry.name,
                reason: "it holds \(output.count) bytes, not the \(entry.uncompressedSize) its header says")
        }
        guard CRC32.checksum(output[...]) == entry.crc32 else {
            throw ZipError(
                offset: entry.data.lowerBound, entry: entry.name, reason: "its CRC-32 does not match its data")
        }
        return output
    }

    /// The contents of the entry named `name`, nil when there is none.
    package func contents(named name: String) throws(ZipError) -> [UInt8]? {
        guard let entry = entry(named: name) else { return nil }
        return try contents(of: entry)
    }

    // MARK: - Reading the structure

    private struct End {
        var entryCount: Int
        var directoryOffset: Int
        var directorySize: Int
        var recordOffset: Int
        var commentRange: Range<Int>
    }

    private static let endSignature: UInt32 = 0x0605_4B50
    private static let centralSignature: UInt32 = 0x0201_4B50
    private static let localSignature: UInt32 = 0x0403_4B50
    private static let zip64LocatorSignature: UInt32 = 0x0706_4B50

    /// The end of central directory record: the last signature whose comment length reaches exactly the end.
    private static func endOfCentralDirectory(_ bytes: [UInt8]) throws(ZipError) -> End {
        guard bytes.count >= 22 else {
            throw ZipError(
                offset: 0, entry: nil, reason: "the data is too short to be a zip archive (\(bytes.count) bytes)")
        }
        var offset = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        while offset >= lowest {
            if read32(bytes, offset) == endSignature && offset + 22 + read16(bytes, offset + 20) == bytes.count {
                break
            }
            offset -= 1
        }
        guard offset >= lowest else {
            throw ZipError(
                offset: bytes.count, entry: nil, reason: "no end of central directory record: not a zip archive")
        }
        let disk = read16(bytes, offset + 4)
        let directoryDisk = read16(bytes, offset + 6)
        let entriesHere = read16(bytes, offset + 8)
        let entryCount = read16(bytes, offset + 10)
        let directorySize = read32(bytes, offset + 12)
        let directoryOffset = read32(bytes, offset + 16)
        if entryCount == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF
            || (offset >= 20 && read32(bytes, offset - 20) == zip64LocatorSignature)
        {
            throw ZipError(offset: offset, entry: nil, reason: "Zip64 archives are not supported")
        }
        guard disk == 0, directoryDisk == 0, entriesHere == entryCount else {
            throw ZipError(offset: offset, entry: nil, reason: "archives split over several disks are not supported")
        }
        guard Int(directoryOffset) + Int(directorySize) <= offset else {
            throw ZipError(offset: offset, entry: nil, reason: "the central directory runs past its end record")
        }
        return End(
            entryCount: entryCount, directoryOffset: Int(directoryOffset), directorySize: Int(directorySize),
            recordOffset: offset, commentRange: offset + 22..<bytes.count)
    }

    private static func centralDirectory(_ bytes: [UInt8], _ end: End, _ limits: ZipLimits) throws(ZipError)
        -> [ZipEntry]
    {
        guard end.entryCount <= limits.maximumEntries else {
            throw ZipError(
                offset: end.recordOffset, entry: nil,
                reason: "\(end.entryCount) entries, more than the limit of \(limits.maximumEntries)")
        }
        var entries: [ZipEntry] = []
        entries.reserveCapacity(end.entryCount)
        var offset = end.directoryOffset
        let directoryEnd = end.directoryOffset + end.directorySize
        for _ in 0..<end.entryCount {
            guard offset + 46 <= directoryEnd, read32(bytes, offset) == centralSignature else {
                throw ZipError(offset: offset, entry: nil, reason: "a central directory entry was expected here")
            }
            let nameLength = read16(bytes, offset + 28)
            let next = offset + 46 + nameLength + read16(bytes, offset + 30) + read16(bytes, offset + 32)
            guard next <= directoryEnd else {
                throw ZipError(offset: offset, entry: nil, reason: "a central directory entry runs past the directory")
            }
            let name = try entryName(bytes[offset + 46..<offset + 46 + nameLength], at: offset, limits)
            func failure(_ reason: String) -> ZipError { ZipError(offset: offset, entry: name, reason: reason) }
            let flags = read16(bytes, offset + 8)
            guard flags & 0x41 == 0 else { throw failure("encrypted entries are not supported") }
            guard let method = ZipEntry.Method(rawValue: UInt16(read16(bytes, offset + 10))) else {
                throw failure(
                    "compression method \(read16(bytes, offset + 10)) is not supported (stored and deflated are)")
            }
            let compressedSize = Int(read32(bytes, offset + 20))
            let uncompressedSize = Int(read32(bytes, offset + 24))
            let headerOffset = Int(read32(bytes, offset + 42))
            guard compressedSize != 0xFFFF_FFFF, uncompressedSize != 0xFFFF_FFFF, headerOffset != 0xFFFF_FFFF else {
                throw failure("Zip64 entries are not supported")
            }
            guard read16(bytes, offset + 34) == 0 else { throw failure("entries on another disk are not supported") }
            guard uncompressedSize <= limits.maximumEntrySize else {
                throw failure(
                    "it inflates to \(uncompressedSize) bytes, more than the limit of \(limits.maximumEntrySize)")
            }
            if method == .stored && compressedSize != uncompressedSize {
                throw failure("a stored entry's compressed and uncompressed sizes differ")
            }
            guard uncompressedSize <= max(compressedSize, 1) * limits.maximumRatio else {
                throw failure(
                    "it would inflate \(compressedSize) bytes into \(uncompressedSize), past the limit of "
                        + "\(limits.maximumRatio) to 1")
            }
            let data = try localData(bytes, headerOffset, name, method, compressedSize, end.directoryOffset)
            entries.append(
                ZipEntry(
                    name: name, method: method, crc32: read32(bytes, offset + 16), compressedSize: compressedSize,
                    uncompressedSize: uncompressedSize, headerOffset: headerOffset, data: data))
            offset = next
        }
        return entries
    }

    /// The name as UTF-8 (which the workbooks we read use; CP437 names are refused unless ASCII), checked.
    private static func entryName(_ raw: ArraySlice<UInt8>, at offset: Int, _ limits: ZipLimits) throws(ZipError)
        -> String
    {
        guard raw.count <= limits.maximumNameLength else {
            throw ZipError(
                offset: offset, entry: nil,
                reason: "a name of \(raw.count) bytes, longer than the limit of \(limits.maximumNameLength)")
        }
        guard let name = String(validating: raw, as: UTF8.self) else {
            throw ZipError(offset: offset, entry: nil, reason: "a name that is not UTF-8")
        }
        func refuse(_ why: String) -> ZipError {
            ZipError(
                offset: offset, entry: name,
                reason:
                    "the name \(why); such names are refused (nothing is extracted to disk, but an archive that has them is hostile or broken)"
            )
        }
        guard !name.isEmpty else { throw refuse("is empty") }
        guard !raw.contains(0) else { throw refuse("holds NUL") }
        guard !raw.contains(UInt8(ascii: "\\")) else { throw refuse("holds a backslash") }
        guard raw.first != UInt8(ascii: "/") else { throw refuse("is an absolute path") }
        if raw.count >= 2 && raw[raw.startIndex + 1] == UInt8(ascii: ":") { throw refuse("starts with a drive letter") }
        guard !name.split(separator: "/", omittingEmptySubsequences: false).contains("..") else {
            throw refuse("has a '..' component")
        }
        return name
    }

    /// The local header at `offset`, checked against the central directory entry; the range of its data.
    private static func localData(
        _ bytes: [UInt8], _ offset: Int, _ name: String, _ method: ZipEntry.Method, _ compressedSize: Int,
        _ directoryStart: Int
    ) throws(ZipError) -> Range<Int> {
        func failure(_ reason: String) -> ZipError { ZipError(offset: offset, entry: name, reason: reason) }
        guard offset + 30 <= directoryStart, read32(bytes, offset) == localSignature else {
            throw failure("no local header where the central directory puts it")
        }
        let nameLength = read16(bytes, offset + 26)
        let start = offset + 30 + nameLength + read16(bytes, offset + 28)
        guard start + compressedSize <= directoryStart else {
            throw failure("its data runs into the central directory")
        }
        guard bytes[offset + 30..<offset + 30 + nameLength].elementsEqual(name.utf8) else {
            throw failure("its local header names another entry")
        }
        guard read16(bytes, offset + 8) == Int(method.rawValue) else {
            throw failure("its local header and central directory give different methods")
        }
        guard read16(bytes, offset + 6) & 0x41 == 0 else { throw failure("encrypted entries are not supported") }
        return start..<start + compressedSize
    }

    /// Each entry's header and data end before the next entry's header starts.
    private static func checkNoOverlap(_ entries: [ZipEntry], centralDirectoryStart: Int) throws(ZipError) {
        let ordered = entries.sorted { $0.headerOffset < $1.headerOffset }
        for (entry, next) in zip(ordered, ordered.dropFirst()) where entry.data.upperBound > next.headerOffset {
            throw ZipError(
                offset: next.headerOffset, entry: next.name, reason: "it overlaps the entry '\(entry.name)'")
        }
    }
}

/// Little-endian fields of zip records; the caller has checked the bytes are there.
private func read16(_ bytes: [UInt8], _ offset: Int) -> Int {
    Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
}

private func read32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
        | UInt32(bytes[offset + 3]) << 24
}
