// The files of a new type's package; `__NAME__` placeholders are filled by `TypePackage.fill`.
extension TypePackage {
    static let manifestTemplate = #"""
        // swift-tools-version: 6.0
        import PackageDescription

        // Question types from outside QuestionKit, and `__TOOL__`: questionkit with the built-in types plus these.
        let package = Package(
            name: "__TOOL__",
            products: [
                .library(name: "__MODULE__", targets: ["__MODULE__"]),
                .executable(name: "__TOOL__", targets: ["__MODULE__Tool"]),
            ],
            dependencies: [
                __DEPENDENCY__
            ],
            targets: [
                // The question types, one file each (two or three when one grows), listed in __MODULE__Types.swift.
                .target(name: "__MODULE__", dependencies: [.product(name: "QuestionKit", package: "__QKPACKAGE__")]),
                // `main.swift` only: the tool, which calls itself by its own name.
                .executableTarget(
                    name: "__MODULE__Tool",
                    dependencies: [
                        "__MODULE__",
                        .product(name: "QuestionKitCLI", package: "__QKPACKAGE__"),
                        .product(name: "QuestionTypes", package: "__QKPACKAGE__"),
                    ]),
                // The checks the built-in types get, in one call, and the fixtures replayed.
                .testTarget(
                    name: "__MODULE__Tests",
                    dependencies: [
                        "__MODULE__",
                        .product(name: "QuestionKitCLI", package: "__QKPACKAGE__"),
                        .product(name: "QuestionKitTesting", package: "__QKPACKAGE__"),
                        .product(name: "QuestionTypes", package: "__QKPACKAGE__"),
                    ]),
            ],
            swiftLanguageModes: [.v6]
        )

        """#

    static let typesTemplate = #"""
        import QuestionKit

        /// The question types of __MODULE__, registered by `__TOOL__` and checked by the tests.
        public enum __MODULE__Types {
            /// Every type of this package; add a new one here.
            public static let all: [any QuestionType] = [__TYPE__()]
        }

        """#

    static let mainTemplate = #"""
        import __MODULE__
        import QuestionKitCLI
        import QuestionTypes

        // Messages and help name the tool as it was started: `__TOOL__`.
        QuestionKitTool.main(types: BuiltInQuestionTypes.all + __MODULE__Types.all)

        """#

    static let testTemplate = #"""
        import __MODULE__
        import QuestionKitCLI
        import QuestionKitTesting
        import QuestionTypes
        import Testing

        let types = BuiltInQuestionTypes.all + __MODULE__Types.all

        // Every example and answer example of every type and the registry's self-check, as the built-in
        // types are checked. Until __TYPE__ is filled in, its placeholder example fails here, saying
        // what to replace.
        @Test func theTypesPassTheChecksOfTheBuiltInTypes() {
            QuestionTypeChecks(types).expectPass()
        }

        // Every fixture under Templates/ replays as it expects (what `__TOOL__ test Templates` does).
        @Test func theFixturesPass() {
            let root = String(#filePath.split(separator: "/Tests/").first ?? "")
            let outcome = QuestionKitTool(types: types, toolName: "__TOOL__").run(["test", root + "/Templates"])
            #expect(outcome.status == 0, Comment(rawValue: outcome.standardOutput + outcome.standardError))
        }

        """#

    static let questionTemplate = #"""
        {
          "Title": "__ID__ questions: a first template",
          "questions": [
            {
              "answer-type": "__ID__",
              "question": "TODO: a typical question?",
              "section": "__ID__"
            }
          ]
        }

        """#

    static let fixtureTemplate = #"""
        {
          "template": "../__ID__.json",
          "answers": {
            "1": {"answer": "TODO"}
          },
          "expect": {"flagged": [], "outcome": "submitted"}
        }

        """#

    static let readmeTemplate = #"""
        # __TOOL__

        The question type `__ID__` (`Sources/__MODULE__/__TYPE__.swift`) and `__TOOL__`, a questionkit
        with the built-in types plus this package's.

        ```sh
        swift test                  # fails until __TYPE__'s placeholder example is replaced
        swift run __TOOL__ validate Templates/__ID__.json
        swift run __TOOL__ test Templates
        swift run __TOOL__ docs --out Docs
        ```

        How to write the type: Docs/AddingAQuestionType.md in QuestionKit.

        """#
}
