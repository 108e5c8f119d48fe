import Dispatch
import Foundation
import QuestionKit
import QuestionKitForms

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
        // Dispatch's threads do not inherit task-locals: a test's work counter is handed on.
        let workCounter = WorkCounter.current
        // Each result is written in its place by the thread that computed it: no per-chunk arrays
        // joined (and copied) on one thread afterwards.
        return [Result](unsafeUninitializedCapacity: items.count) { buffer, initialized in
            // There are items, so there is memory for them.
            guard let start = buffer.baseAddress else { return }
            let results = Results(start: start)
            DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
                let range = (items.count * chunk / chunkCount)..<(items.count * (chunk + 1) / chunkCount)
                WorkCounter.$current.withValue(workCounter) {
                    for index in range { (results.start + index).initialize(to: transform(items[index])) }
                }
            }
            initialized = items.count
        }
    }

    /// The results' memory, written by every thread, each its own chunk's places.
    private struct Results<Value>: @unchecked Sendable {
        let start: UnsafeMutablePointer<Value>
    }
}
