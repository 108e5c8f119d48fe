// swift-tools-version: 6.0
import PackageDescription

// A question-type module from outside QuestionKit: it uses only QuestionKit's public API, and
// nothing in QuestionKit knows about it. See ../Docs/AddingAQuestionType.md.
let package = Package(
    name: "FieldTypes",
    products: [
        .library(name: "FieldTypes", targets: ["FieldTypes"]),
        .executable(name: "fieldkit", targets: ["FieldKit"]),
    ],
    dependencies: [
        .package(name: "QuestionKit", path: "..")
    ],
    targets: [
        // The new question types, one file each: `date` and `rating`.
        .target(name: "FieldTypes", dependencies: [.product(name: "QuestionKit", package: "QuestionKit")]),
        // `main.swift` only: a `questionkit` with the built-in types plus ours.
        .executableTarget(
            name: "FieldKit",
            dependencies: [
                "FieldTypes",
                .product(name: "QuestionKitCLI", package: "QuestionKit"),
                .product(name: "QuestionTypes", package: "QuestionKit"),
            ]),
        // The checks the built-in types get (QuestionKitTesting), over built-in + our types; templates, replay
        // and completed forms through the engine (QuestionKitForms).
        .testTarget(
            name: "FieldTypesTests",
            dependencies: [
                "FieldTypes",
                .product(name: "QuestionKit", package: "QuestionKit"),
                .product(name: "QuestionKitForms", package: "QuestionKit"),
                .product(name: "QuestionKitInterchange", package: "QuestionKit"),
                .product(name: "QuestionKitTesting", package: "QuestionKit"),
                .product(name: "QuestionTypes", package: "QuestionKit"),
            ]),
        // Runs the built `fieldkit` binary as a process, as a user or CI does.
        .testTarget(name: "FieldKitTests", dependencies: ["FieldKit"]),
    ],
    swiftLanguageModes: [.v6]
)
