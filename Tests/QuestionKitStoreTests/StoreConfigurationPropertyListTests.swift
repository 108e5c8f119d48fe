import Foundation
import TestSupport
import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitStore

// The store reads the original's Info.plist as it is, often a binary property list.
@Suite("Store configuration from binary property lists: located errors, never a crash")
struct StoreConfigurationPropertyListTests {
    private typealias P = BinaryPlist

    @Test func aSetInAConfigurationIsALocatedErrorAtItsKey() {
        let (configuration, diagnostics) = StoreConfiguration.load(P.configurationWithASet)
        #expect(configuration == nil)
        #expect(diagnostics.map(\.code) == ["store-config.bad-days"])
        #expect(diagnostics.first?.pointer == "/DeleteAfterDays")
        #expect(diagnostics.first?.message.hasSuffix("not a set") == true)
    }

    @Test func everyTruncationAndSingleByteCorruptionReadsOrFailsButNeverCrashes() {
        let original = P.configurationWithASet
        for length in 0..<original.count {
            _ = PropertyListReader.read(Array(original.prefix(length)))
        }
        for index in original.indices {
            for value: UInt8 in [0x00, 0x0F, 0x7F, 0xFF, original[index] ^ 0x80, original[index] &+ 1] {
                var bytes = original
                bytes[index] = value
                _ = StoreConfiguration.load(bytes)
            }
        }
    }
}
