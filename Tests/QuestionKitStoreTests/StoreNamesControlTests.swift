import Testing

@testable import QuestionKitStore

/// `StoreNames.isControl` reads two ranges instead of the Unicode tables (it is asked of every
/// folder name the store walks): the same answer as the general category for every scalar.
@Suite struct StoreNamesControlTests {
    @Test func theControlRangesAreTheGeneralCategoryCc() {
        var differing: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if StoreNames.isControl(scalar) != (scalar.properties.generalCategory == .control) {
                differing.append(value)
            }
        }
        #expect(differing.isEmpty)
    }

    @Test func aNameWithASlashABackslashOrAControlIsNotOneComponent() {
        for name in ["a/b", "a\\b", "a\u{85}b", "a\u{7F}", "\u{1F}", ".hidden", ""] {
            #expect(!StoreNames.isSafeComponent(name), "\(name)")
        }
        for name in ["Pump 01-03-2026", "José", "a\u{A0}b", "温度"] { #expect(StoreNames.isSafeComponent(name)) }
    }
}
