// swift-tools-version: 6.0
import PackageDescription

// QuestionKit has no dependencies outside the Swift toolchain (a requirement of the product).
let package = Package(
    name: "QuestionKit",
    products: [
        .library(name: "QuestionKit", targets: ["QuestionKit"]),
        .library(name: "QuestionKitForms", targets: ["QuestionKitForms"]),
        .library(name: "QuestionKitPDF", targets: ["QuestionKitPDF"]),
        .library(name: "QuestionKitStore", targets: ["QuestionKitStore"]),
        // FileAccessError, which the commands' public API throws, for tools that catch it by name.
        .library(name: "QuestionKitFiles", targets: ["QuestionKitFiles"]),
        .library(name: "QuestionTypes", targets: ["QuestionTypes"]),
        .library(name: "QuestionKitCLI", targets: ["QuestionKitCLI"]),
        .library(name: "QuestionKitTesting", targets: ["QuestionKitTesting"]),
        .library(name: "QuestionKitLanguageServer", targets: ["QuestionKitLanguageServer"]),
        .library(name: "QuestionKitInterchange", targets: ["QuestionKitInterchange"]),
        .library(name: "QuestionKitDataset", targets: ["QuestionKitDataset"]),
        .executable(name: "questionkit", targets: ["Runner"]),
    ],
    targets: [
        // The SDK a question type imports, and nothing more: located JSON, diagnostics and fix-its, the
        // question-type protocol with its examples and key schema, key look-ups, the rendering and drawing model.
        .target(name: "QuestionKit"),
        // The engine, with no file system: registry, key-map loading, templates, library and revisions, form
        // session, replay, completed forms, review, schema, documentation, and checking a file.
        .target(name: "QuestionKitForms", dependencies: ["QuestionKit"]),
        // Our PDF writer (fonts, TrueType subsets) and the printed form; the engine knows neither.
        .target(name: "QuestionKitPDF", dependencies: ["QuestionKitForms", "QuestionKitArchive"]),
        // Bytes in containers, with nothing of forms: DEFLATE both ways, CRC-32, zip archives and the cells of
        // .xlsx workbooks (SpreadsheetML), read strictly and within limits; the standard library only.
        .target(name: "QuestionKitArchive"),
        // Our Parquet writer: flat tables of typed columns as files DuckDB, pyarrow and Spark read; nothing of forms.
        .target(name: "QuestionKitParquet", dependencies: ["QuestionKitArchive"]),
        // The file helpers the store and the commands share: atomic writes, folders reached without following
        // links, path text, the input rule and bounded reads. Foundation and the C library only.
        .target(name: "QuestionKitFiles"),
        // The form store: folders per user, expiry, reminders, submission.
        .target(name: "QuestionKitStore", dependencies: ["QuestionKitForms", "QuestionKitFiles"]),
        // Forms of other formats in and out through the registered types: FHIR Questionnaire (R4, R5),
        // SurveyJS, XLSForm (its workbooks read by QuestionKitArchive).
        .target(
            name: "QuestionKitInterchange",
            dependencies: ["QuestionKitForms", "QuestionKitArchive", "QuestionKitFiles"]),
        // Completed forms as a partitioned dataset (answers, forms, warnings), written incrementally through
        // file-format sinks (NDJSON, and Parquet by QuestionKitParquet); `questionkit dataset`.
        .target(
            name: "QuestionKitDataset", dependencies: ["QuestionKitForms", "QuestionKitFiles", "QuestionKitParquet"]),
        // The built-in question types; they use nothing a third-party module could not.
        .target(name: "QuestionTypes", dependencies: ["QuestionKit"]),
        // One call checks a list of types the way the built-in types are checked, from Swift Testing or XCTest.
        .target(name: "QuestionKitTesting", dependencies: ["QuestionKitForms"]),
        // The commands of `questionkit`, as a library so that anyone can build a tool with more types.
        .target(
            name: "QuestionKitCLI",
            dependencies: [
                "QuestionKitForms", "QuestionKitPDF", "QuestionKitStore", "QuestionKitLanguageServer",
                "QuestionKitFiles", "QuestionKitInterchange", "QuestionKitDataset",
            ]),
        // `questionkit lsp`: the Language Server Protocol server; the tool hands it the registry.
        .target(name: "QuestionKitLanguageServer", dependencies: ["QuestionKitForms"]),
        // `main.swift` only: registers the built-in types and hands over to QuestionKitCLI.
        .executableTarget(name: "Runner", dependencies: ["QuestionKitCLI", "QuestionTypes"]),
        // Generated templates and fixtures of any size, for the benchmark and tests of large forms.
        .target(name: "FormGenerators"),
        // What the test targets share: running other programs, temporary folders, the package root.
        .target(name: "TestSupport"),
        // Stand-in question types and forms made with them, shared by the core's, the PDF's and the store's tests.
        .target(name: "CoreTestSupport", dependencies: ["QuestionKitForms"]),
        // Measures validation against Foundation's parsers; run in release (see BENCHMARKS.md).
        .executableTarget(
            name: "Benchmarks",
            dependencies: [
                "QuestionKitForms", "QuestionKitPDF", "QuestionKitArchive", "QuestionKitParquet",
                "QuestionKitInterchange",
                "QuestionTypes",
                "FormGenerators",
            ]),
        .testTarget(
            name: "QuestionKitTests", dependencies: ["QuestionKit", "CoreTestSupport", "FormGenerators", "TestSupport"]),
        .testTarget(
            name: "QuestionKitFormsTests",
            dependencies: ["QuestionKit", "QuestionKitForms", "CoreTestSupport", "FormGenerators", "TestSupport"]),
        .testTarget(
            name: "QuestionKitPDFTests",
            dependencies: ["QuestionKitPDF", "QuestionKitArchive", "CoreTestSupport", "TestSupport"]),
        .testTarget(name: "QuestionKitArchiveTests", dependencies: ["QuestionKitArchive", "TestSupport"]),
        // The dataset's Parquet parts are read back here, by the tests' own footer reader.
        .testTarget(
            name: "QuestionKitParquetTests",
            dependencies: [
                "QuestionKitParquet", "QuestionKitArchive", "QuestionKitDataset", "QuestionKitForms", "QuestionTypes",
                "TestSupport",
            ]),
        .testTarget(name: "QuestionKitFilesTests", dependencies: ["QuestionKitFiles", "TestSupport"]),
        .testTarget(
            name: "QuestionKitStoreTests",
            dependencies: ["QuestionKitStore", "QuestionKitFiles", "CoreTestSupport", "TestSupport"]),
        .testTarget(
            name: "QuestionKitTestingTests", dependencies: ["QuestionKitTesting", "QuestionKitForms", "TestSupport"]),
        .testTarget(
            name: "QuestionTypesTests",
            dependencies: ["QuestionTypes", "QuestionKitForms", "QuestionKitTesting", "TestSupport"]),
        .testTarget(
            name: "QuestionKitLanguageServerTests",
            dependencies: ["QuestionKitLanguageServer", "QuestionKitInterchange", "QuestionTypes", "FormGenerators"]),
        // Golden/ holds expected outputs, read by path (not resources); re-record with QUESTIONKIT_RECORD_GOLDEN=1.
        .testTarget(
            name: "QuestionKitCLITests",
            dependencies: [
                "QuestionKitCLI", "QuestionKitFiles", "QuestionKitPDF", "QuestionKitArchive", "QuestionKitStore",
                "QuestionKitDataset",
                "QuestionKitTesting",
                "QuestionTypes", "FormGenerators", "TestSupport",
            ],
            exclude: ["Golden"]),
        .testTarget(
            name: "QuestionKitInterchangeTests",
            dependencies: [
                "QuestionKitInterchange", "QuestionKitArchive", "QuestionTypes", "FormGenerators", "TestSupport",
            ]),
        .testTarget(
            name: "QuestionKitDatasetTests",
            dependencies: ["QuestionKitDataset", "QuestionKitForms", "QuestionTypes", "TestSupport"]),
        // Runs the built `questionkit` binary as a process: exit codes, standard input, crash safety.
        .testTarget(name: "RunnerTests", dependencies: ["Runner", "FormGenerators", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
