import QuestionKitFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The generations of a dataset folder and the `current` link that names one (see
/// `DatasetExport`). Only names of its own are touched: `current`, `.current.tmp` and `gen-*`.
struct DatasetGenerations {
    /// The dataset folder.
    let folder: String
    /// The generation `current` points at; nil for a folder not exported into yet.
    let current: String?

    static let pointer = "current"
    static let pointerTemporary = ".current.tmp"
    static let prefix = "gen-"

    /// The generations of `folder`; throws when `current` is there but is not a link to a
    /// generation's name (the folder is then not a dataset, and nothing in it is touched).
    init(folder: String) throws(DatasetError) {
        self.folder = folder
        let path = PathText.joined(folder, Self.pointer)
        switch FileStatus.of(path) {
        case .missing:
            current = nil
        case .link:
            var target = [CChar](repeating: 0, count: 256)
            let count = readlink(path, &target, target.count - 1)
            let name = count > 0 ? String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
            guard Self.isGeneration(name) else {
                throw DatasetError("'\(path)' does not point at a generation of a dataset (gen-NNNNNN)")
            }
            current = name
        default:
            throw DatasetError("'\(path)' is not the link a dataset keeps there; is '\(folder)' a dataset folder?")
        }
    }

    /// Whether `name` is a generation's: `gen-` and digits.
    static func isGeneration(_ name: String) -> Bool {
        name.hasPrefix(prefix) && name.count > prefix.count && name.dropFirst(prefix.count).allSatisfy(\.isASCIIDigit)
    }

    /// The name of the generation after the current one.
    var nextName: String {
        let number = current.flatMap { Int($0.dropFirst(Self.prefix.count)) } ?? 0
        let digits = String(number + 1)
        return Self.prefix + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    /// Removes every generation but `kept`, and a pointer a killed run left half made.
    func remove(allBut kept: String?) throws(DatasetError) {
        let names = (try? FolderAccess.names(in: folder)) ?? []
        for name in names where (Self.isGeneration(name) && name != kept) || name == Self.pointerTemporary {
            do {
                try FolderAccess.remove(PathText.joined(folder, name))
            } catch {
                throw DatasetError("cannot remove '\(PathText.joined(folder, name))': \(error)")
            }
        }
    }

    /// Points `current` at `generation`: a new link renamed over the old one, then the folder
    /// flushed, so that `current` names the old generation or the new one at every moment.
    func point(at generation: String) throws(DatasetError) {
        let temporary = PathText.joined(folder, Self.pointerTemporary)
        unlink(temporary)
        guard symlink(generation, temporary) == 0 else {
            throw DatasetError("cannot make the link '\(temporary)': \(String(cString: strerror(errno)))")
        }
        do {
            try AtomicFile.move(temporary, to: PathText.joined(folder, Self.pointer))
        } catch {
            throw DatasetError("cannot point '\(PathText.joined(folder, Self.pointer))' at \(generation): \(error)")
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
