// libFuzzer entry point for property lists of every kind. Compiled by Fuzz/run-fuzz.sh into one module
// with the reader's sources. Binary property lists are read by our own reader; XML and old-style ones
// by Foundation, which this target is the evidence for: it must not crash on any text either. Trapping
// is the point here: every check that fails is a bug the fuzzer has found.

/// Reads one input and traps when the result breaks an invariant.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    let maxDepth = 48
    let result = PropertyListReader.read(bytes, maxDepth: maxDepth)
    switch result {
    case .success(let value)?:
        let (values, depth) = measure(value)
        require(depth <= maxDepth + 1, "a value nested \(depth) deep")
        if BinaryPropertyList.isBinary(bytes) {
            require(values <= 8 * count + 4096, "\(values) values from \(count) bytes")
        }
    case .failure(let error)?:
        require(!error.reason.isEmpty, "an error without a reason")
        require(error.pointer.isEmpty || error.pointer.utf8.first == UInt8(ascii: "/"), "pointer \(error.pointer)")
    case nil:
        require(!BinaryPropertyList.isBinary(bytes), "a binary property list neither read nor refused")
    }
    // Reading is a pure function of the input (dictionaries read through Foundation are sorted). Compared
    // as text, as a real or date may be NaN.
    let again = PropertyListReader.read(bytes, maxDepth: maxDepth)
    require(String(describing: again) == String(describing: result), "reading twice gave different results")
    return 0
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant violated: \(message())") }
}

/// The number of values in the tree and its depth, without recursion.
private func measure(_ root: PropertyListValue) -> (values: Int, depth: Int) {
    var pending: [(PropertyListValue, Int)] = [(root, 1)]
    var values = 0
    var deepest = 0
    while let (value, depth) = pending.popLast() {
        values += 1
        deepest = max(deepest, depth)
        switch value {
        case .array(let elements), .set(let elements): pending += elements.map { ($0, depth + 1) }
        case .dictionary(let members): pending += members.map { ($0.value, depth + 1) }
        default: break
        }
    }
    return (values, deepest)
}
