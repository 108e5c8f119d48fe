import Foundation
import QuestionTypes
import TestSupport
import Testing

@testable import QuestionKitCLI

/// Docs/Commands.md is what `questionkit help` and every `--help` print; with `QUESTIONKIT_RECORD_DOCS=1`
/// this test writes it anew (read the diff before committing).
@Suite struct CommandReferenceTests {
    static let pagePath = packageRoot + "/Docs/Commands.md"
    let tool = QuestionKitTool(types: BuiltInQuestionTypes.all)

    @Test func theCommandReferenceIsWhatTheHelpPrints() throws {
        let page = tool.commandReference()
        if ProcessInfo.processInfo.environment["QUESTIONKIT_RECORD_DOCS"] == "1" {
            try page.write(toFile: Self.pagePath, atomically: true, encoding: .utf8)
        }
        let stored = try String(contentsOfFile: Self.pagePath, encoding: .utf8)
        #expect(
            stored == page,
            "Docs/Commands.md is stale; QUESTIONKIT_RECORD_DOCS=1 swift test --filter CommandReferenceTests rewrites it"
        )
    }

    /// Every command and every store subcommand has its section, holding its help as printed.
    @Test func everyCommandsHelpIsOnThePage() {
        let page = tool.commandReference()
        let helps =
            [tool.run(["help"]).standardOutput]
            + QuestionKitTool.standardCommands.map { tool.run([$0.name, "--help"]).standardOutput }
            + StoreCommand.subcommands.map { tool.run(["store", $0.name, "--help"]).standardOutput }
        #expect(helps.count == 1 + QuestionKitTool.standardCommands.count + StoreCommand.subcommands.count)
        for help in helps {
            #expect(help.hasSuffix("\n"))
            #expect(page.contains("```text\n" + help + "```\n"), "\(help.prefix(60))")
        }
        for command in QuestionKitTool.standardCommands {
            #expect(page.contains("\n## `questionkit \(command.name)`\n"), "\(command.name)")
        }
        for subcommand in StoreCommand.subcommands {
            #expect(page.contains("\n### `questionkit store \(subcommand.name)`\n"), "\(subcommand.name)")
        }
    }
}
