import Foundation
import QuestionKit
import QuestionKitFiles
import QuestionKitForms
import QuestionTypes
import TestSupport
import Testing

@testable import QuestionKitCLI

// `new-type NAME --package DIR`. That the written package builds and its tests pass once the type
// is filled in is checked by Scripts/check-new-type.sh (CI), which runs `swift build` on it.
@Suite struct NewTypePackageTests {
    static let expectedFiles = [
        "Package.swift", ".gitignore", "README.md", "Sources/SampleKit/SampleKindQuestion.swift",
        "Sources/SampleKit/SampleKitTypes.swift", "Sources/SampleKitTool/main.swift",
        "Tests/SampleKitTests/SampleKitTests.swift", "Templates/sample-kind.json",
        "Templates/fixtures/sample-kind.fixture.json",
    ]

    private func text(_ folder: String, _ path: String) throws -> String {
        try String(contentsOfFile: folder + "/" + path, encoding: .utf8)
    }

    @Test func writesACompletePackageIntoANewFolder() throws {
        let parent = try TemporaryFolder()
        let folder = parent.path + "/sample-kit"
        let outcome = runDocumentationTool(["new-type", "sample-kind", "--package", folder])
        #expect(outcome.status == 0, Comment(rawValue: outcome.standardError))
        #expect(outcome.standardOutput.hasPrefix("wrote the package sample-kit to \(folder):\n  Package.swift\n"))
        for path in Self.expectedFiles {
            #expect(FileManager.default.fileExists(atPath: folder + "/" + path), "\(path) is missing")
        }
        #expect(
            try text(folder, "Sources/SampleKit/SampleKindQuestion.swift") == TypeSkeleton(name: "sample-kind").source)
        let manifest = try text(folder, "Package.swift")
        // The checkout, by a path from the package: no absolute path of one machine's folders.
        let checkout = NewTypeCommand.lexicallyResolved(PathText.relative(packageRoot, from: folder), from: folder)
        #expect(checkout == packageRoot)
        #expect(
            manifest.contains(
                #".package(name: "QuestionKit", path: "\#(PathText.relative(packageRoot, from: folder))")"#))
        #expect(!manifest.contains("path: \"/"))
        #expect(manifest.contains(#".executable(name: "sample-kit", targets: ["SampleKitTool"])"#))
        #expect(manifest.contains(#".product(name: "QuestionKitTesting", package: "QuestionKit")"#))
        #expect(
            try text(folder, "Sources/SampleKitTool/main.swift").contains(
                "QuestionKitTool.main(types: BuiltInQuestionTypes.all + SampleKitTypes.all)"))
        #expect(
            try text(folder, "Tests/SampleKitTests/SampleKitTests.swift").contains(
                "QuestionTypeChecks(types).expectPass()"))
    }

    // The template and fixture are real: with the type registered they validate and replay.
    @Test func theTemplateAndFixtureReplayOnceTheTypeIsRegistered() throws {
        let parent = try TemporaryFolder()
        let folder = parent.path + "/sample-kit"
        #expect(runDocumentationTool(["new-type", "sample-kind", "--package", folder]).status == 0)
        let types = BuiltInQuestionTypes.all + [SampleKindQuestion()]
        let validated = runDocumentationTool(["validate", folder + "/Templates/sample-kind.json"], types: types)
        #expect(validated.status == 0, Comment(rawValue: validated.standardOutput + validated.standardError))
        let tested = runDocumentationTool(["test", folder + "/Templates"], types: types)
        #expect(tested.status == 0, Comment(rawValue: tested.standardOutput + tested.standardError))
        #expect(tested.standardOutput.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test func aURLDependencyNamesThePackageAsSwiftPMDoes() throws {
        let parent = try TemporaryFolder()
        let folder = parent.path + "/sample-kit"
        let url = "https://example.com/tools/QuestionKit.git"
        #expect(
            runDocumentationTool(["new-type", "sample-kind", "--package", folder, "--questionkit-url", url]).status == 0
        )
        let manifest = try text(folder, "Package.swift")
        // QuestionKit has no release tags: a version requirement could never be met.
        #expect(manifest.contains(#".package(url: "\#(url)", branch: "main")"#))
        #expect(!manifest.contains("from:"))
        #expect(manifest.contains(#".product(name: "QuestionKit", package: "QuestionKit")"#))
    }

    @Test func aPathDependencyIsWrittenAsGiven() throws {
        let parent = try TemporaryFolder()
        try FileManager.default.createDirectory(
            atPath: parent.path + "/Quest\"ionKit", withIntermediateDirectories: true)
        try parent.write("Quest\"ionKit/Package.swift", "// a package\n")
        let folder = parent.path + "/sample-kit"
        let arguments = ["new-type", "sample-kind", "--package", folder, "--questionkit-path", "../Quest\"ionKit"]
        #expect(runDocumentationTool(arguments).status == 0)
        #expect(try text(folder, "Package.swift").contains(#".package(name: "QuestionKit", path: "../Quest\"ionKit")"#))
    }

    // A mistyped path would otherwise surface only as SwiftPM's error at the first build.
    @Test func aPathWithoutAPackageIsRefusedBeforeWriting() throws {
        let parent = try TemporaryFolder()
        let folder = parent.path + "/sample-kit"
        let outcome = runDocumentationTool([
            "new-type", "sample-kind", "--package", folder, "--questionkit-path", "../nowhere",
        ])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError == "questionkit new-type: error: --questionkit-path '../nowhere' (read from "
                + "'\(folder)') has no Package.swift; give the folder of a QuestionKit checkout\n")
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func aNonEmptyFolderIsRefusedAndLeftAlone() throws {
        let folder = try TemporaryFolder()
        let mine = try folder.write("notes.txt", "mine\n")
        let outcome = runDocumentationTool(["new-type", "sample-kind", "--package", folder.path])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.hasPrefix("questionkit new-type: error: '\(folder.path)' is not empty"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
        #expect(try String(contentsOfFile: mine, encoding: .utf8) == "mine\n")
    }

    @Test(arguments: [
        (["--questionkit-path", "a", "--questionkit-url", "b"], "not both"),
        (["--out", "x"], "give --out or --package, not both"),
    ])
    func conflictingOptionsAreUsageErrors(extra: [String], message: String) throws {
        let parent = try TemporaryFolder()
        let outcome = runDocumentationTool(["new-type", "sample-kind", "--package", parent.path + "/kit"] + extra)
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains(message))
        #expect(!FileManager.default.fileExists(atPath: parent.path + "/kit"))
    }

    @Test func dependencyOptionsNeedPackage() {
        let outcome = runDocumentationTool(["new-type", "sample-kind", "--questionkit-url", "u"])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains("--questionkit-path and --questionkit-url go with --package"))
    }

    @Test(arguments: [
        ("../QK", "a/kit", "a/QK"), ("../../QK", "/x/y/kit", "/x/QK"), ("./QK", "kit", "kit/QK"),
        ("QK", "kit", "kit/QK"),
        ("../QK", ".", "./../QK"), ("/abs/QK", "kit", "/abs/QK"), ("..", "a/kit", "a"),
    ])
    func relativeDependencyPathsResolveFromThePackageFolder(path: String, folder: String, resolved: String) {
        #expect(NewTypeCommand.lexicallyResolved(path, from: folder) == resolved)
    }

    @Test(arguments: ["question-kit", "testing"])
    func aFolderThatWouldHideAnImportedModuleIsAUsageError(name: String) throws {
        let parent = try TemporaryFolder()
        let outcome = runDocumentationTool(["new-type", "sample-kind", "--package", parent.path + "/" + name])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains("as a module it imports is named"))
    }

    @Test(arguments: ["2kit", "my kit", "_"])
    func aFolderThatCannotNameAToolIsAUsageError(name: String) throws {
        let parent = try TemporaryFolder()
        let outcome = runDocumentationTool(["new-type", "sample-kind", "--package", parent.path + "/" + name])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains("cannot name a package and its tool"))
    }

    @Test func theToolFindsTheCheckoutItWasBuiltFrom() {
        #expect(NewTypeCommand.builtFromCheckout == packageRoot)
    }
}
