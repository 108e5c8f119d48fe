import Foundation
import QuestionKit

extension NewTypeCommand {
    /// The QuestionKit checkout this tool was built from: where `--package` points a new package
    /// unless told otherwise. Nil when the sources are no longer there (a tool copied elsewhere).
    static let builtFromCheckout: String? = {
        // #filePath is …/Sources/QuestionKitCLI/NewTypeCommand+Package.swift.
        let root = PathText.parent(of: PathText.parent(of: PathText.parent(of: #filePath)))
        return FileManager.default.fileExists(atPath: root + "/Package.swift") ? root : nil
    }()

    /// Where the new package finds QuestionKit: the options, else this tool's own checkout.
    static func dependency(_ arguments: ParsedArguments) throws(UsageError) -> TypePackage.Dependency {
        switch (arguments.values["questionkit-path"], arguments.values["questionkit-url"]) {
        case (.some, .some): throw UsageError("give --questionkit-path or --questionkit-url, not both")
        case (.some(let path), nil): return .path(path)
        case (nil, .some(let url)): return .url(url)
        case (nil, nil):
            guard let checkout = builtFromCheckout else {
                throw UsageError(
                    "cannot find the QuestionKit sources this tool was built from; "
                        + "say where QuestionKit is with --questionkit-path DIR or --questionkit-url URL")
            }
            return .path(checkout)
        }
    }

    /// Writes the whole package into `folder`, which must be missing or empty.
    func writePackage(
        _ skeleton: TypeSkeleton, into folder: String, arguments: ParsedArguments, context: inout CommandContext
    ) throws(UsageError) -> Int32 {
        if arguments.values["out"] != nil { throw UsageError("give --out or --package, not both") }
        let package = try TypePackage(
            skeleton: skeleton, folderName: PathText.lastComponent(of: folder),
            dependency: try Self.dependency(arguments))
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        if !existing.isEmpty {
            context.printError(
                "\(context.toolName) new-type: error: '\(folder)' is not empty; the package goes into a new "
                    + "or empty folder, and nothing in '\(folder)' was changed")
            return ExitStatus.inputErrors
        }
        do {
            for file in package.files {
                let path = PathText.resolve(file.path, from: folder)
                try OutputFile.makeFolder(PathText.parent(of: path))
                try OutputFile.write(file.text, to: path)
            }
        } catch {
            context.printError("\(context.toolName) new-type: error: \(error)")
            return ExitStatus.inputErrors
        }
        context.print("wrote the package \(package.toolName) to \(folder):")
        for file in package.files { context.print("  \(file.path)") }
        context.print("Next: cd \(folder) && swift test; it fails until \(skeleton.typeName)'s placeholder example")
        context.print("is replaced by a question your type rejects. Then: swift run \(package.toolName) --help")
        return ExitStatus.success
    }
}
