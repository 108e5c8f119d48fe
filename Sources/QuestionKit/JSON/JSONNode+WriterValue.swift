extension JSONNode {
    /// The value as `JSONWriter` writes it: whole numbers as integers, other numbers as doubles.
    public var writerValue: JSONWriter.Value {
        switch kind {
        case .null: return .null
        case .boolean: return .bool(boolValue ?? false)
        case .number:
            if let integer = Int(sourceText) { return .integer(integer) }
            return .number(numberValue ?? 0)
        case .string: return .string(stringValue ?? "")
        case .array: return .array(elements.map(\.writerValue))
        case .object: return .object(members.map { ($0.key, $0.value.writerValue) })
        }
    }
}
