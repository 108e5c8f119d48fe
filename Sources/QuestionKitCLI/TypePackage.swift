import QuestionKit
import QuestionKitForms

/// A complete outside package around a new type's skeleton (`new-type NAME --package DIR`): its
/// manifest, the type, a tool of its own, a test through QuestionKitTesting, a template and a fixture.
struct TypePackage: Equatable {
    /// Where the package finds QuestionKit.
    enum Dependency: Equatable {
        /// A folder (absolute, or relative to the package).
        case path(String)
        /// A git URL, on its main branch: QuestionKit has no release tags yet, so a version
        /// requirement (`from:`) could not be met.
        case url(String)
    }

    /// The type the package starts with.
    let skeleton: TypeSkeleton
    /// The tool's name: the package folder's name, e.g. `gauge-kit`.
    let toolName: String
    /// The library of the package's types, e.g. `GaugeKit`.
    let moduleName: String
    let dependency: Dependency

    /// The package in folder `folderName` (its last path component names the tool).
    init(skeleton: TypeSkeleton, folderName: String, dependency: Dependency) throws(UsageError) {
        let isToolNameCharacter = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || "-_".contains(c)) }
        guard let first = folderName.first, first.isLetter, folderName.allSatisfy(isToolNameCharacter) else {
            throw UsageError(
                "'\(folderName)' cannot name a package and its tool; use letters, digits and dashes, e.g. 'gauge-kit'")
        }
        let moduleName = TypeSkeleton.words(of: folderName).map(TypeSkeleton.capitalized).joined()
        // The package's library would hide a module its sources import.
        guard !Self.reservedModuleNames.contains(moduleName) else {
            throw UsageError(
                "'\(folderName)' would name the package's library \(moduleName), as a module it imports is "
                    + "named; choose another folder name, e.g. 'gauge-kit'")
        }
        self.skeleton = skeleton
        self.toolName = folderName
        self.moduleName = moduleName
        self.dependency = dependency
    }

    /// Modules the package's sources import.
    static let reservedModuleNames: Set = [
        "QuestionKit", "QuestionKitCLI", "QuestionKitTesting", "QuestionTypes", "Testing", "XCTest", "Foundation",
        "Swift",
    ]

    /// The files, by path relative to the package folder, in the order they are written.
    var files: [(path: String, text: String)] {
        [
            ("Package.swift", manifest),
            (".gitignore", "/.build/\n/.swiftpm/\n"),
            ("README.md", readme),
            ("Sources/\(moduleName)/\(skeleton.fileName)", skeleton.source),
            ("Sources/\(moduleName)/\(moduleName)Types.swift", fill(Self.typesTemplate)),
            ("Sources/\(moduleName)Tool/main.swift", fill(Self.mainTemplate)),
            ("Tests/\(moduleName)Tests/\(moduleName)Tests.swift", fill(Self.testTemplate)),
            ("Templates/\(skeleton.identifier).json", fill(Self.questionTemplate)),
            ("Templates/fixtures/\(skeleton.identifier).fixture.json", fill(Self.fixtureTemplate)),
        ]
    }

    var manifest: String {
        let (package, reference) =
            switch dependency {
            case .path(let path): (#".package(name: "QuestionKit", path: \#(Self.literal(path)))"#, "QuestionKit")
            case .url(let url):
                (
                    #".package(url: \#(Self.literal(url)), branch: "main")"#,
                    Self.identity(ofURL: url)
                )
            }
        return fill(Self.manifestTemplate)
            .replacingOccurrences(of: "__DEPENDENCY__", with: package)
            .replacingOccurrences(of: "__QKPACKAGE__", with: reference)
    }

    var readme: String { fill(Self.readmeTemplate) }

    /// The template with the package's and the type's names filled in.
    func fill(_ template: String) -> String {
        skeleton.fill(template)
            .replacingOccurrences(of: "__TOOL__", with: toolName)
            .replacingOccurrences(of: "__MODULE__", with: moduleName)
    }

    /// A Swift string literal of `text`.
    static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// How SwiftPM names a package got from `url`: its last path component without `.git`.
    static func identity(ofURL url: String) -> String {
        let last = url.split(separator: "/").last.map(String.init) ?? url
        return last.hasSuffix(".git") ? String(last.dropLast(4)) : last
    }
}
