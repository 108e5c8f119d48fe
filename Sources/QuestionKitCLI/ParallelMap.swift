import Dispatch
import Foundation
import QuestionKit

/// `map` on every core, the results in the order of the input.
enum ParallelMap {
    /// The processors to use, asked once per process.
    static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// `items.map(transform)`, computed in chunks spread over every core; one core, or a single
    /// item, maps in place.
    static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], _ transform: @escaping @Sendable (Item) -> Result
    ) -> [Result] {
        guard cores > 1, items.count > 1 else { return items.map(transform) }
        // Several chunks per core, so that a core finished early takes the next one.
        let chunkCount = min(items.count, cores * 8)
        let slots = Slots<[Result]>(count: chunkCount)
        // Dispatch's threads do not inherit task-locals: a test's parse counter is handed on.
        let parseCounter = JSONParseCounter.current
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let range = (items.count * chunk / chunkCount)..<(items.count * (chunk + 1) / chunkCount)
            JSONParseCounter.$current.withValue(parseCounter) {
                slots.store(range.map { transform(items[$0]) }, at: chunk)
            }
        }
        return slots.values.flatMap { $0 }
    }

    /// One result per chunk, stored from any thread.
    private final class Slots<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [Value?]

        init(count: Int) { storage = Array(repeating: nil, count: count) }

        func store(_ value: Value, at index: Int) {
            lock.withLock { storage[index] = value }
        }

        // Read after concurrentPerform has returned, when every chunk is stored.
        var values: [Value] { lock.withLock { storage.compactMap { $0 } } }
    }
}
