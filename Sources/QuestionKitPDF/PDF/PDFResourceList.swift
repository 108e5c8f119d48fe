/// Resources of one kind that a page uses (fonts, images), in the order of first use, numbered
/// from 1 as their names on the page say (`/F1`, `/Im1`).
struct PDFResourceList<Item: Hashable & Sendable>: Sendable {
    private(set) var items: [Item] = []
    private var numbers: [Item: Int] = [:]

    /// The number of `item`, registering it on first use.
    mutating func number(for item: Item) -> Int {
        if let number = numbers[item] {
            return number
        }
        items.append(item)
        numbers[item] = items.count
        return items.count
    }
}
