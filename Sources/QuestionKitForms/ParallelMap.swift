import Dispatch
import Foundation
import QuestionKit

/// `map` on every core, the results in the order of the input.
package enum ParallelMap {
    /// The processors to use, asked once per process.
    package static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// `items.map(transform)`, computed in chunks spread over every core; one core, or a single
    /// item, maps in place.
    package static func map<Item: Sendable, Result: Sendable>(
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

    /// Hands `consume` each of `items` transformed, in order, on the calling thread, while the next
    /// `batchSize` items are transformed on every core: a slow serial step (writing files) overlaps
    /// the parallel one (reading them), and memory holds at most two batches' results, whatever the
    /// number of items. `items` is iterated on the calling thread, a batch at a time as it is
    /// needed, so it may be made as it goes (a folder walked). A `consume` that throws stops it
    /// (the batch under way is finished first).
    package static func stream<Items: Sequence, Result: Sendable, Failure: Error>(
        _ items: Items, batchSize: Int, _ transform: @escaping @Sendable (Items.Element) -> Result,
        consume: (Result) throws(Failure) -> Void
    ) throws(Failure) where Items.Element: Sendable {
        let size = max(1, batchSize)
        var iterator = items.makeIterator()
        guard cores > 1 else {
            while let item = iterator.next() { try consume(transform(item)) }
            return
        }
        func nextBatch() -> [Items.Element] {
            var batch: [Items.Element] = []
            while batch.count < size, let item = iterator.next() { batch.append(item) }
            return batch
        }
        let workCounter = WorkCounter.current
        var batch = map(nextBatch(), transform)
        while !batch.isEmpty {
            let next = Batch<Result>()
            let group = DispatchGroup()
            let slice = nextBatch()
            if !slice.isEmpty {
                DispatchQueue.global().async(group: group) {
                    WorkCounter.$current.withValue(workCounter) { next.results = map(slice, transform) }
                }
            }
            defer { group.wait() }
            for result in batch { try consume(result) }
            batch = []
            group.wait()
            batch = next.results
        }
    }

    /// The results' memory, written by every thread, each its own chunk's places.
    private struct Results<Value>: @unchecked Sendable {
        let start: UnsafeMutablePointer<Value>
    }

    /// The next batch's results, written by the thread that maps them and read once it is done.
    private final class Batch<Value>: @unchecked Sendable {
        var results: [Value] = []
    }
}
