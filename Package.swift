// swift-tools-version: 6.0
import PackageDescription

// QuestionKit has no dependencies outside the Swift toolchain (a requirement of the product).
let package = Package(
    name: "QuestionKit",
    products: [
        .library(name: "QuestionKit", targets: ["QuestionKit"]),
        .library(name: "QuestionTypes", targets: ["QuestionTypes"]),
        .library(name: "QuestionKitCLI", targets: ["QuestionKitCLI"]),
        .library(name: "QuestionKitLanguageServer", targets: ["QuestionKitLanguageServer"]),
        .executable(name: "questionkit", targets: ["Runner"]),
    ],
    targets: [
        // The core: located JSON, diagnostics, the question-type protocol and registry, key map.
        .target(name: "QuestionKit"),
        // The built-in question types; they use nothing a third-party module could not.
        .target(name: "QuestionTypes", dependencies: ["QuestionKit"]),
        // The commands of `questionkit`, as a library so that anyone can build a tool with more types.
        .target(name: "QuestionKitCLI", dependencies: ["QuestionKit", "QuestionKitLanguageServer"]),
        // `questionkit lsp`: the Language Server Protocol server; the tool hands it the registry.
        .target(name: "QuestionKitLanguageServer", dependencies: ["QuestionKit"]),
        // `main.swift` only: registers the built-in types and hands over to QuestionKitCLI.
        .executableTarget(name: "Runner", dependencies: ["QuestionKitCLI", "QuestionTypes"]),
        // Generated templates and fixtures of any size, for the benchmark and tests of large forms.
        .target(name: "FormGenerators"),
        // What the test targets share: running other programs, temporary folders, the package root.
        .target(name: "TestSupport"),
        // Measures validation against Foundation's parsers; run in release (see BENCHMARKS.md).
        .executableTarget(name: "Benchmarks", dependencies: ["QuestionKit", "QuestionTypes", "FormGenerators"]),
        .testTarget(name: "QuestionKitTests", dependencies: ["QuestionKit", "FormGenerators", "TestSupport"]),
        .testTarget(name: "QuestionTypesTests", dependencies: ["QuestionTypes", "QuestionKit"]),
        .testTarget(name: "QuestionKitLanguageServerTests", dependencies: ["QuestionKitLanguageServer", "QuestionTypes"]),
        // Golden/ holds expected outputs, read by path (not resources); re-record with QUESTIONKIT_RECORD_GOLDEN=1.
        .testTarget(
            name: "QuestionKitCLITests",
            dependencies: ["QuestionKitCLI", "QuestionTypes", "FormGenerators", "TestSupport"],
            exclude: ["Golden"]),
        // Runs the built `questionkit` binary as a process: exit codes, standard input, crash safety.
        .testTarget(name: "RunnerTests", dependencies: ["Runner", "FormGenerators", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
