import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `returning(within:unblocking:_:)` got back from its thread.
private final class Handover<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    func set(_ value: Value) { lock.withLock { stored = value } }
    var value: Value? { lock.withLock { stored } }
}

/// Runs `body` on its own thread and returns its result, or nil when it has not returned within
/// `seconds`: a check that a command does not hang (on a FIFO, a device), not a measure of speed,
/// so the bound is generous. When it has not returned, each FIFO in `unblocking` is opened for
/// writing and closed, so that a reader waiting on it sees its end and the thread does not outlive
/// the test.
public func returning<Value: Sendable>(
    within seconds: Double = 60, unblocking fifos: [String] = [], _ body: @escaping @Sendable () -> Value
) -> Value? {
    let done = DispatchSemaphore(value: 0)
    let handover = Handover<Value>()
    Thread {
        handover.set(body())
        done.signal()
    }.start()
    if done.wait(timeout: .now() + seconds) == .success { return handover.value }
    for fifo in fifos {
        let writer = open(fifo, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
    }
    return nil
}
