import QuestionKit

/// The options of a list read so far, by comparison key, to find a repeated option. Searched in
/// order while short, comparing keys where they lie, since most questions have a handful of
/// options and making and hashing a `String` per key cost more than comparing it; a dictionary
/// once long, so that a long list stays linear.
struct OptionIndex {
    /// The document the options lie in.
    private let document: JSONDocument
    /// The options read so far, in order, while there are at most `listLimit`.
    private var list: [(key: NodeComparisonKey, position: Int)] = []
    /// All the options read so far, once there are more than `listLimit`.
    private var table: [String: (position: Int, key: NodeComparisonKey)]?

    /// The longest list searched in order.
    static let listLimit = 16

    /// An empty index for a list of `count` entries in `document`.
    init(expecting count: Int, in document: JSONDocument) {
        self.document = document
        list.reserveCapacity(min(count, Self.listLimit + 1))
    }

    /// Adds the option whose comparison key is `key` at 1-based `position`, unless an option with
    /// that key was added: then returns that option's position and key, and adds nothing.
    mutating func add(_ key: NodeComparisonKey, position: Int) -> (position: Int, key: NodeComparisonKey)? {
        if table != nil {
            let string = key.string(in: document)
            if let earlier = table?[string] { return earlier }
            table?[string] = (position, key)
            return nil
        }
        for entry in list where entry.key.equals(key, in: document) { return (entry.position, entry.key) }
        list.append((key, position))
        guard list.count > Self.listLimit else { return nil }
        var filled: [String: (position: Int, key: NodeComparisonKey)] = [:]
        filled.reserveCapacity(list.count * 2)
        for entry in list { filled[entry.key.string(in: document)] = (entry.position, entry.key) }
        table = filled
        list = []
        return nil
    }
}
