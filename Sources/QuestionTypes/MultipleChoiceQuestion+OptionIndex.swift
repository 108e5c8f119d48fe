/// The options of a list read so far, by comparison key, to find a repeated option. Searched in
/// order while short, since most questions have a handful of options and hashing each key cost
/// more than comparing it; a dictionary once long, so that a long list stays linear.
struct OptionIndex {
    /// The options read so far, in order, while there are at most `listLimit`.
    private var list: [(key: String, position: Int, text: String)] = []
    /// All the options read so far, once there are more than `listLimit`.
    private var table: [String: (position: Int, text: String)]?

    /// The longest list searched in order.
    static let listLimit = 16

    /// An empty index for a list of `count` entries.
    init(expecting count: Int) {
        list.reserveCapacity(min(count, Self.listLimit + 1))
    }

    /// The 1-based position and text of the option whose comparison key is `key`, if one was added.
    func earlier(_ key: String) -> (position: Int, text: String)? {
        if let table { return table[key] }
        for entry in list where entry.key == key { return (entry.position, entry.text) }
        return nil
    }

    /// Adds the option `text` at 1-based `position`, whose comparison key is `key` (not yet added).
    mutating func add(_ key: String, position: Int, text: String) {
        if table != nil {
            table?[key] = (position, text)
            return
        }
        list.append((key, position, text))
        guard list.count > Self.listLimit else { return }
        var filled: [String: (position: Int, text: String)] = [:]
        filled.reserveCapacity(list.count * 2)
        for entry in list { filled[entry.key] = (entry.position, entry.text) }
        table = filled
        list = []
    }
}
