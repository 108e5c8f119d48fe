import Foundation
import QuestionKit
import QuestionKitFiles
import QuestionKitForms

extension NewTypeCommand {
    /// The QuestionKit checkout this tool was built from: where `--package` points a new package
    /// unless told otherwise. Nil when the sources are no longer there (a tool copied elsewhere).
    static let builtFromCheckout: String? = {
        // #filePath is …/Sources/QuestionKitCLI/NewTypeCommand+Package.swift.
        let root = PathText.parent(of: PathText.parent(of: PathText.parent(of: #filePath)))
        return FileManager.default.fileExists(atPath: root + "/Package.swift") ? root : nil
    }()

    /// Where the new package in `folder` finds QuestionKit: the options, else this tool's own
    /// checkout by a path relative to the package (`../QuestionKit` side by side), never an
    /// absolute one: the manifest is shared, and a path from `/` names one machine's folders.
    static func dependency(
        _ arguments: ParsedArguments, packageFolder folder: String
    ) throws(UsageError) -> TypePackage.Dependency {
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
            let absoluteFolder = PathText.resolve(folder, from: FileManager.default.currentDirectoryPath)
            return .path(PathText.relative(checkout, from: absoluteFolder))
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

    /// The folder at `folder`, made when missing (with the missing folders above it) and opened.
    static func openFolder(_ folder: String) throws(FileAccessError) -> OpenFolder {
        try OutputFile.openMakingFolders(folder)
    }

    /// Why the package cannot go into the opened `root` at `folder`: it belongs to another user
    /// (who could plant links in it while the package is written), or it is not empty; nil when it can.
    static func refusal(of root: OpenFolder, at folder: String) -> String? {
        if let owner = root.owner, owner != geteuid() {
            return "'\(folder)' belongs to another user (uid \(owner)); the package goes into a folder of yours, "
                + "and nothing was written"
        }
        guard (try? root.names())?.isEmpty == true else {
            return "'\(folder)' is not empty; the package goes into a new or empty folder, and nothing in "
                + "'\(folder)' was changed"
        }
        return nil
    }

    /// Creates the file `relative` (its folders made as needed) under `root`, each step relative to
    /// the folder opened before it: a link planted on the way is refused, never followed.
    static func create(_ text: String, at relative: String, in root: OpenFolder) throws(FileAccessError) {
        var folder = root
        let components = relative.split(separator: "/").map(String.init)
        for name in components.dropLast() {
            do {
                folder = try folder.folder(name)
            } catch {
                throw FileAccessError(
                    path: folder.joined(name), reason: OutputFile.reason(of: error, at: folder.joined(name)),
                    verb: "create the folder")
            }
        }
        try OutputFile.create(Array(text.utf8), named: components.last ?? relative, in: folder)
    }

    /// Writes the whole package into `folder`, which must be missing or empty.
    func writePackage(
        _ skeleton: TypeSkeleton, into folder: String, arguments: ParsedArguments, context: inout CommandContext
    ) throws(UsageError) -> Int32 {
        if arguments.values["out"] != nil { throw UsageError("give --out or --package, not both") }
        let package = try TypePackage(
            skeleton: skeleton, folderName: PathText.lastComponent(of: folder),
            dependency: try Self.dependency(arguments, packageFolder: folder))
        if case .path(let path) = package.dependency,
            !FileManager.default.fileExists(atPath: Self.lexicallyResolved(path, from: folder) + "/Package.swift")
        {
            context.printError(
                "\(context.toolName) new-type: error: --questionkit-path '\(path)' (read from '\(folder)') has no "
                    + "Package.swift; give the folder of a QuestionKit checkout")
            return ExitStatus.inputErrors
        }
        do {
            let root = try Self.openFolder(folder)
            if let refusal = Self.refusal(of: root, at: folder) {
                context.printError("\(context.toolName) new-type: error: \(refusal)")
                return ExitStatus.inputErrors
            }
            for file in package.files { try Self.create(file.text, at: file.path, in: root) }
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
