import Foundation
import TestSupport
import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

@Suite("Property lists: every kind read, hostile binary files refused with a location")
struct PropertyListReaderTests {
    private typealias P = BinaryPlist

    private func read(_ bytes: [UInt8]) -> Result<PropertyListValue, PropertyListError>? {
        PropertyListReader.read(bytes)
    }

    private func error(_ bytes: [UInt8]) -> PropertyListError? {
        guard case .failure(let error) = read(bytes) else { return nil }
        return error
    }

    @Test func readsEveryScalarKindAndKeepsFileOrder() throws {
        let utf16: [UInt8] = [0x62, 0x00, 0x6C, 0x00, 0xE9]  // "lé"
        let date: [UInt8] = [0x33] + P.bigEndian(Double(86400).bitPattern, size: 8)
        let half: [UInt8] = [0x22] + P.bigEndian(UInt64(Float(0.5).bitPattern), size: 4)
        let long = String(repeating: "k", count: 20)
        let objects: [[UInt8]] = [
            P.container(0xD, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]),
            P.string("z"), P.string("a"), P.string(long), P.string("d"), P.string("t"), P.string("u"),
            P.string("s"), P.string("n"),
            utf16, P.integer(-3), half, [0x09], date, [0x43, 1, 2, 3], [0x80, 0x05], P.container(0xC, [9, 8]),
        ]
        let value = try read(P.file(objects)).map { try $0.get() }
        let members: [PropertyListValue.Member] = [
            .init(key: "z", value: .string("lé")), .init(key: "a", value: .number(-3)),
            .init(key: long, value: .number(0.5)), .init(key: "d", value: .boolean(true)),
            .init(key: "t", value: .date(86400)), .init(key: "u", value: .data(count: 3)),
            .init(key: "s", value: .uid(5)), .init(key: "n", value: .set([.string("lé"), .string("n")])),
        ]
        #expect(value == .dictionary(members))
    }

    @Test func aSetInAKeyMapIsALocatedErrorAtItsKey() throws {
        let registry = try Fixture.registry()
        let (keys, diagnostics) = KeyMap.load(P.keyMapWithASet, knownKeys: registry.allKeys)
        #expect(keys.isDefault)
        #expect(diagnostics.map(\.code) == ["keys.spelling-not-string"])
        #expect(diagnostics.first?.pointer == "/answerType")
        let topSet = P.file([P.container(0xC, [1]), P.string("x")])
        let (_, top) = KeyMap.load(topSet, knownKeys: registry.allKeys)
        #expect(top.map(\.message) == ["a key map must be a dictionary of key name to spelling, not a set"])
    }

    @Test func aCycleIsRefusedAtThePathWhereItCloses() throws {
        // {"a": [[<the outer array>]]}
        let cyclic = P.file([
            P.dictionary(key: 1, value: 2), P.string("a"), P.container(0xA, [3]), P.container(0xA, [2]),
        ])
        #expect(
            error(cyclic)
                == PropertyListError(
                    pointer: "/a/0/0", reason: "object 2 contains itself (the property list is cyclic)"))
        let selfContaining = P.file([P.container(0xA, [0])])
        #expect(error(selfContaining)?.pointer == "/0")
    }

    @Test func sharedScalarsAreFineButSharedContainersCannotExplode() throws {
        // An array of the same string 1000 times, as Foundation's writer uniques strings.
        let shared = P.file(
            [P.container(0xA, Array(repeating: 1, count: 1000), referenceSize: 2), P.string("x")], referenceSize: 2)
        guard case .success(.array(let elements)) = read(shared) else { throw Failure("not read") }
        #expect(elements.count == 1000 && elements.allSatisfy { $0 == .string("x") })
        // 64 levels of two references to the level below: 2^64 values if expanded naively.
        var levels = (0..<64).map { P.container(0xA, [$0 + 1, $0 + 1]) }
        levels.append(P.string("leaf"))
        #expect(error(P.file(levels))?.reason.hasPrefix("the property list repeats shared objects") == true)
    }

    @Test func deepNestingIsRefusedNotRecursedInto() throws {
        let depth = 100_000
        let arrays = (0..<depth).map { P.container(0xA, [$0 + 1], referenceSize: 4) } + [P.string("x")]
        let failure = try #require(error(P.file(arrays, referenceSize: 4)))
        #expect(failure.reason == "the property list is nested more than 512 deep")
        #expect(failure.pointer == String(repeating: "/0", count: 512))
        let xml =
            "<plist><array>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
        #expect(throws: Never.self) { _ = read(Array((xml + "</array></plist>").utf8)) }
    }

    @Test func hugeCountsOffsetsAndReferencesAreCheckedAgainstTheFile() {
        let valid = P.file([P.container(0xA, [1]), P.string("x")])
        let hugeCount = P.file([[0xAF, 0x13] + P.bigEndian(1 << 40, size: 8) + [1], P.string("x")])
        #expect(error(hugeCount)?.reason == "an object claims 1099511627776 elements")
        var badReference = valid
        badReference[9] = 7
        #expect(error(badReference) == PropertyListError(pointer: "", reason: "a reference to object 7, of 2 objects"))
        var badOffset = valid
        badOffset[badOffset.count - 32 - 1] = 0xF0
        #expect(error(badOffset)?.reason.hasPrefix("object 1 is at offset 240") == true)
        #expect(error(Array("bplist15".utf8) + valid.dropFirst(8))?.reason.contains("'15' is not supported") == true)
        #expect(error(Array(valid.prefix(20)))?.reason == "the binary property list is truncated")
    }

    @Test func xmlPropertyListsStillGoThroughFoundationSorted() throws {
        let xml =
            "<plist><dict><key>b</key><array><true/><integer>2</integer></array>"
            + "<key>a</key><date>2001-01-02T00:00:00Z</date></dict></plist>"
        let value = try read(Array(xml.utf8)).map { try $0.get() }
        #expect(
            value
                == .dictionary([
                    .init(key: "a", value: .date(86400)), .init(key: "b", value: .array([.boolean(true), .number(2)])),
                ]))
        #expect(read(Array("<plist><dict><key>a</key></plist>".utf8)) == nil)
    }

    /// Issue 24: Foundation keeps the last of two equal keys of an XML dictionary without a word; a
    /// binary property list with a key twice is refused, and so is an XML one, at the dictionary.
    @Test func anXMLDictionaryWithAKeyTwiceIsRefusedAsABinaryOneIs() throws {
        let twice = "<plist><dict><key>a</key><integer>1</integer><key>a</key><integer>2</integer></dict></plist>"
        #expect(
            error(Array(twice.utf8))
                == PropertyListError(pointer: "", reason: "the key 'a' appears twice in one dictionary"))
        let nested = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>list</key><array><string>x</string><dict/><dict><key>a&amp;b</key><string>&lt;</string>
                <!-- <key>a&amp;b</key> in a comment is no key -->
                <key>c</key><dict><key>a&amp;b</key><true/></dict>
                <key>a&#38;b</key><false/></dict></array>
            </dict></plist>
            """
        #expect(
            error(Array(nested.utf8))
                == PropertyListError(pointer: "/list/2", reason: "the key 'a&b' appears twice in one dictionary"))
        let distinct =
            "<plist><dict><key>a</key><dict><key>a</key><string>a</string></dict><key>b</key><dict/></dict></plist>"
        let value = try read(Array(distinct.utf8)).map { try $0.get() }
        #expect(
            value
                == .dictionary([
                    .init(key: "a", value: .dictionary([.init(key: "a", value: .string("a"))])),
                    .init(key: "b", value: .dictionary([])),
                ]))
    }
}

private struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
