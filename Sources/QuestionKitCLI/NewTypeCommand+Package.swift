import Foundation
import QuestionKit
import QuestionKitStore

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

    /// `relative` read from `folder` without asking the file system, which cannot follow `..` out of
    /// a folder not made yet.
    static func lexicallyResolved(_ relative: String, from folder: String) -> String {
        var base = folder
        var rest = Substring(relative)
        while !relative.hasPrefix("/") {
            if rest.hasPrefix("./") {
                rest = rest.dropFirst(2)
            } else if rest.hasPrefix("../") || rest == ".." {
                let last = PathText.lastComponent(of: base)
                base = last == "." || last == ".." ? base + "/.." : PathText.parent(of: base)
                rest = rest.dropFirst(min(3, rest.count))
            } else {
                break
            }
        }
        return rest.isEmpty ? base : PathText.resolve(String(rest), from: base)
    }

    /// Writes the whole package into `folder`, which must be missing or empty.
    func writePackage(
        _ skeleton: TypeSkeleton, into folder: String, arguments: ParsedArguments, context: inout CommandContext
    ) throws(UsageError) -> Int32 {
        if arguments.values["out"] != nil { throw UsageError("give --out or --package, not both") }
        let package = try TypePackage(
            skeleton: skeleton, folderName: PathText.lastComponent(of: folder),
            dependency: try Self.dependency(arguments))
        if case .path(let path) = package.dependency,
            !FileManager.default.fileExists(atPath: Self.lexicallyResolved(path, from: folder) + "/Package.swift")
        {
            context.printError(
                "\(context.toolName) new-type: error: --questionkit-path '\(path)' (read from '\(folder)') has no "
                    + "Package.swift; give the folder of a QuestionKit checkout")
            return ExitStatus.inputErrors
        }
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
