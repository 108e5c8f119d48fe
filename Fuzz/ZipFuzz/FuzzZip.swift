// libFuzzer entry point for the zip container: the input read as raw DEFLATE data (within a limit) and as a
// zip archive whose every entry is read. Either throws its error or gives bytes that hold the invariants below.
// Compiled by Fuzz/run-fuzz.sh against the QuestionKitArchive module. Trapping is the point here: every check
// that fails is a bug the fuzzer has found.

import QuestionKitArchive

/// Inflates the input, then reads it as an archive and every entry in it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    let limit = 1 << 20
    if let inflated = try? Inflate.inflate(bytes[...], limit: limit) {
        require(inflated.count <= limit, "inflated past the limit")
        // What inflates deflates and inflates back to itself.
        require((try? Inflate.inflate(Deflate.compress(inflated)[...], limit: limit)) == inflated, "no round trip")
    }
    var limits = ZipLimits()
    limits.maximumEntrySize = limit
    limits.maximumTotalSize = 4 * limit
    guard let archive = try? ZipArchive(bytes, limits: limits) else { return 0 }
    require(archive.entries.count <= limits.maximumEntries, "more entries than the limit")
    var entries: [(String, [UInt8])] = []
    for entry in archive.entries {
        require(entry.data.upperBound <= bytes.count, "an entry's data past the end")
        guard let data = try? archive.contents(of: entry) else { continue }
        require(data.count == entry.uncompressedSize, "an entry of another size than its header says")
        entries.append((entry.name, data))
    }
    // What reads is written again and reads back the same.
    var writer = ZipWriter()
    for (name, data) in entries {
        writer.add(name, data)
    }
    guard let again = try? ZipArchive(writer.finish(), limits: limits) else {
        require(false, "our own archive of what was read does not read")
        return 0
    }
    for (name, data) in entries {
        require((try? again.contents(named: name)) == data, "the entry '\(name)' changed on the way")
    }
    return 0
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant violated: \(message())") }
}
