import Foundation
import Testing

@testable import QuestionKitArchive

/// Little-endian fields, to build hostile archives by hand.
private func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
private func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16 & 0xFFFF) }

/// An archive of `entries` as our writer makes it.
func zipArchive(_ entries: [(String, [UInt8])], compress: Bool = true) -> [UInt8] {
    var writer = ZipWriter()
    for (name, data) in entries {
        writer.add(name, data, compress: compress)
    }
    return writer.finish()
}

/// The error `body` throws, or nil.
func zipError(_ body: () throws(ZipError) -> Void) -> ZipError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

@Suite("Zip archives: reading strictly, writing deterministically")
struct ZipArchiveTests {
    static let text = Array(String(repeating: "<row><c t=\"s\"><v>1</v></c></row>", count: 200).utf8)

    @Test func whatTheWriterWritesReadsBack() throws {
        for compress in [true, false] {
            let entries: [(String, [UInt8])] = [
                ("[Content_Types].xml", Self.text), ("xl/empty.xml", []), ("xl/ünïcode name.xml", [1, 2, 3]),
                ("xl/random.bin", (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }),
            ]
            let archive = try ZipArchive(zipArchive(entries, compress: compress))
            #expect(archive.entries.map(\.name) == entries.map(\.0))
            for (name, data) in entries {
                #expect(try archive.contents(named: name) == data, "\(name)")
            }
            #expect(archive.entries[0].method == (compress ? .deflated : .stored))
            #expect(try archive.contents(named: "missing") == nil)
        }
        #expect(zipArchive([("a", Self.text)]) == zipArchive([("a", Self.text)]))
    }

    @Test(.enabled(if: hasPython, "python3 is not installed"))
    func pythonZipfileReadsOurArchivesAndWeReadItsArchives() throws {
        let ours = zipArchive([("xl/a.xml", Self.text), ("b.txt", Array("hello".utf8))])
        let check = try python(
            "import sys, io, zipfile; z = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read())); "
                + "assert z.testzip() is None; print(sorted((i.filename, i.file_size) for i in z.infolist()))",
            input: ours)
        #expect(check.status == 0, "\(check.error)")
        #expect(check.output == "[('b.txt', 5), ('xl/a.xml', \(Self.text.count))]\n")
        let made = try python(
            "import sys, io, zipfile; b = io.BytesIO(); z = zipfile.ZipFile(b, 'w', zipfile.ZIP_DEFLATED); "
                + "z.writestr('x/y.xml', 'abc' * 1000); z.writestr('s.txt', 'stored', zipfile.ZIP_STORED); "
                + "z.comment = b'a comment'; z.close(); print(b.getvalue().hex())")
        let archive = try ZipArchive(bytes(hex: made.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(try archive.contents(named: "x/y.xml") == Array(String(repeating: "abc", count: 1000).utf8))
        #expect(try archive.contents(named: "s.txt") == Array("stored".utf8))
        #expect(archive.comment == Array("a comment".utf8))
    }

    @Test func aChangedByteOfTheDataIsABadCRC() throws {
        var bytes = zipArchive([("a.txt", Array("hello, world".utf8))], compress: false)
        bytes[30 + 5] ^= 0x20  // the first byte of the stored data, after the header and the name
        let archive = try ZipArchive(bytes)
        let error = zipError { () throws(ZipError) in _ = try archive.contents(named: "a.txt") }
        #expect(error?.reason == "its CRC-32 does not match its data")
        #expect(error?.entry == "a.txt")
    }

    @Test func everyTruncationIsAnError() {
        let bytes = zipArchive([("a.xml", Self.text), ("b.xml", Self.text)])
        for length in 0..<bytes.count {
            let error = zipError { () throws(ZipError) in
                let archive = try ZipArchive(Array(bytes[0..<length]))
                for entry in archive.entries { _ = try archive.contents(of: entry) }
            }
            #expect(error != nil, "\(length) bytes")
        }
    }

    @Test func everyChangedByteIsReadOrRefusedNeverACrash() {
        let bytes = zipArchive([("a.xml", Self.text), ("b.xml", Array("small".utf8))])
        for index in bytes.indices {
            for value: UInt8 in [0, 0xFF, bytes[index] ^ 1] {
                var changed = bytes
                changed[index] = value
                _ = zipError { () throws(ZipError) in
                    let archive = try ZipArchive(changed)
                    for entry in archive.entries { _ = try archive.contents(of: entry) }
                }
            }
        }
    }

    /// A central directory of `names`, each pointing at `headerOffset` (or its own header), over one stored entry.
    static func handMade(names: [String], sameHeader: Bool = false, flags: Int = 0, method: Int = 0) -> [UInt8] {
        var local: [UInt8] = []
        var directory: [UInt8] = []
        for (index, name) in names.enumerated() {
            let data = Array("data".utf8)
            let nameBytes = Array(name.utf8)
            let crc = Int(CRC32.checksum(data[...]))
            let common =
                le16(20) + le16(flags) + le16(method) + le16(0) + le16(0x21) + le32(crc) + le32(data.count)
                + le32(data.count) + le16(nameBytes.count) + le16(0)
            let offset = sameHeader ? 0 : local.count
            if !sameHeader || index == 0 {
                local += le32(0x0403_4B50) + common + nameBytes + data
            }
            directory +=
                le32(0x0201_4B50) + le16(20) + common + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset)
                + nameBytes
        }
        return local + directory + le32(0x0605_4B50) + le16(0) + le16(0) + le16(names.count) + le16(names.count)
            + le32(directory.count) + le32(local.count) + le16(0)
    }

    @Test(arguments: [
        ("../evil.xml", "has a '..' component"), ("xl/../../evil", "has a '..' component"),
        ("/etc/passwd", "is an absolute path"), ("xl\\sheet.xml", "holds a backslash"),
        ("a\u{0}b", "holds NUL"), ("C:/x", "starts with a drive letter"), ("", "is empty"),
    ])
    func namesThatCouldClimbOutAreRefused(name: String, why: String) {
        let error = zipError { () throws(ZipError) in _ = try ZipArchive(Self.handMade(names: [name])) }
        #expect(
            error?.reason.hasPrefix("the name \(why); such names are refused") == true, "\(String(describing: error))")
    }

    @Test func aNameTwiceAndOverlappingEntriesAreRefused() {
        #expect(
            zipError { () throws(ZipError) in _ = try ZipArchive(Self.handMade(names: ["a", "a"])) }?.reason
                == "the name is in the archive twice")
        // Two names over one local header: the second's local header names the first.
        #expect(
            zipError { () throws(ZipError) in _ = try ZipArchive(Self.handMade(names: ["a", "b"], sameHeader: true)) }?
                .reason
                == "its local header names another entry")
        // An entry whose data runs over the next one's header (as the non-recursive zip bomb's entries share
        // their data): the first entry's sizes in the central directory grown by the second's header.
        var bytes = Self.handMade(names: ["a", "b"])
        let directoryStart = bytes.count - 22 - 2 * (46 + 1)
        bytes.replaceSubrange(directoryStart + 20..<directoryStart + 28, with: le32(4 + 35) + le32(4 + 35))
        #expect(zipError { () throws(ZipError) in _ = try ZipArchive(bytes) }?.reason == "it overlaps the entry 'a'")
    }

    @Test func encryptionZip64AndOtherMethodsAreRefusedWithTheirReason() {
        #expect(
            zipError { () throws(ZipError) in _ = try ZipArchive(Self.handMade(names: ["a"], flags: 1)) }?.reason
                == "encrypted entries are not supported")
        #expect(
            zipError { () throws(ZipError) in _ = try ZipArchive(Self.handMade(names: ["a"], method: 12)) }?.reason
                == "compression method 12 is not supported (stored and deflated are)")
        var zip64 = Self.handMade(names: ["a"])
        zip64.replaceSubrange(zip64.count - 6..<zip64.count - 2, with: le32(0xFFFF_FFFF))
        #expect(
            zipError { () throws(ZipError) in _ = try ZipArchive(zip64) }?.reason == "Zip64 archives are not supported")
        #expect(
            zipError { () throws(ZipError) in _ = try ZipArchive(Array("PK not a zip at all, just text".utf8)) }?.reason
                == "no end of central directory record: not a zip archive")
    }

    @Test func aBombIsRefusedByItsDeclaredSizeOrStoppedAtIt() throws {
        let zeros = [UInt8](repeating: 0, count: 5_000_000)
        var limits = ZipLimits()
        limits.maximumEntrySize = 1_000_000
        let bomb = zipArchive([("bomb.xml", zeros)])
        #expect(bomb.count < 50_000)
        #expect(
            zipError { () throws(ZipError) in _ = try ZipArchive(bomb, limits: limits) }?.reason
                == "it inflates to 5000000 bytes, more than the limit of 1000000")
        // An entry that says it is small but inflates further stops at its declared size.
        var lying = bomb
        let directory = lying.count - 22 - (46 + 8)
        lying.replaceSubrange(directory + 24..<directory + 28, with: le32(1000))
        let archive = try ZipArchive(lying, limits: limits)
        #expect(
            zipError { () throws(ZipError) in _ = try archive.contents(named: "bomb.xml") }?.reason
                == "the data inflates to more than the limit of 1000 bytes")
        limits.maximumRatio = 100
        #expect(
            zipError { () throws(ZipError) in
                _ = try ZipArchive(zipArchive([("z", [UInt8](repeating: 0, count: 900_000))]), limits: limits)
            }?.reason.contains("past the limit of 100 to 1") == true)
        limits = ZipLimits()
        limits.maximumEntries = 3
        #expect(
            zipError { () throws(ZipError) in
                _ = try ZipArchive(zipArchive((0..<4).map { ("\($0)", []) }), limits: limits)
            }?.reason
                == "4 entries, more than the limit of 3")
    }
}
