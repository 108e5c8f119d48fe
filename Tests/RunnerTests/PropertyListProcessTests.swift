import Foundation
import TestSupport
import Testing

/// Must-show 3: a binary property list holding a set (which crashes Foundation's reader with SIGSEGV)
/// given as `--keys` or `--config` is a located error naming the file and the key, and exit status 1.
@Suite struct PropertyListProcessTests {
    private func write(_ bytes: [UInt8], to name: String, in folder: TemporaryFolder) throws -> String {
        let path = folder.path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aSetInAKeyMapIsALocatedErrorNotACrash() throws {
        let folder = try TemporaryFolder()
        let keys = try write(BinaryPlist.keyMapWithASet, to: "keys.plist", in: folder)
        let result = try ToolProcess.run(["validate", "Templates/pump-inspection.json", "--keys", keys])
        #expect(!result.terminatedBySignal)
        #expect(result.status == 1)
        // `validate` prints its findings on standard output, the key map's with the templates'.
        #expect(
            result.standardOutput.hasPrefix(
                "\(keys): error: the spelling of 'answerType' must be a non-empty string [keys.spelling-not-string]\n"),
            "\(result.standardOutput)")
    }

    @Test func aSetInAStoreConfigurationIsALocatedErrorNotACrash() throws {
        let folder = try TemporaryFolder()
        let config = try write(BinaryPlist.configurationWithASet, to: "config.plist", in: folder)
        let result = try ToolProcess.run(["store", "list", "--root", folder.path + "/store", "--config", config])
        #expect(!result.terminatedBySignal)
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix(
                "\(config): error: 'DeleteAfterDays' must be a number of days greater than 0, not a set "
                    + "[store-config.bad-days]\n"),
            "\(result.standardError)")
    }

    @Test func aCyclicKeyMapNamesThePathWhereTheCycleCloses() throws {
        let folder = try TemporaryFolder()
        let cyclic = BinaryPlist.file([
            BinaryPlist.dictionary(key: 1, value: 2), BinaryPlist.string("answerType"),
            BinaryPlist.container(0xA, [2]),
        ])
        let keys = try write(cyclic, to: "cycle.plist", in: folder)
        let result = try ToolProcess.run(["validate", "Templates/pump-inspection.json", "--keys", keys])
        #expect(!result.terminatedBySignal && result.status == 1)
        #expect(
            result.standardOutput.contains(
                "\(keys): error: the key map's property list cannot be read: at /answerType/0: object 2 contains "
                    + "itself (the property list is cyclic) [keys.unreadable]"),
            "\(result.standardOutput)")
    }
}
