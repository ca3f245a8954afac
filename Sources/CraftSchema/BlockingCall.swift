import Foundation
import Synchronization

/// Runs work that blocks on a thread of its own, so the calling task waits without holding one of the threads of
/// Swift's cooperative pool.
///
/// The pool has one thread per processor: two on the machines origami is made for. Work that blocks (a socket
/// connect and read, waiting on a child process, `concurrentPerform` over a photo) holds its thread until it
/// ends; with both held, no other task runs, and a timer meant to fire after a second fires only when the blocking
/// work is done. Such work goes through here: a new thread per call costs tens of microseconds, against calls that
/// take milliseconds to seconds.
public enum BlockingCall {
    /// Runs `work` on a new thread and returns what it returned, or throws what it threw.
    public static func run<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
            let thread = Thread {
                counts.withLock { $0.running += 1 }
                let result = Result { () throws(Failure) -> Value in try work() }
                counts.withLock { $0.ended += 1 }
                continuation.resume(returning: result)
            }
            thread.name = "origami blocking call"
            counts.withLock { $0.started += 1 }
            thread.start()
        }
        return try result.get()
    }

    /// How many calls were handed a thread, how many of those threads began to run, and how many ended, since the
    /// process started: a thread that never ran leaves `started` above `running`, and its caller waits for ever.
    public static var tally: (started: Int, running: Int, ended: Int) {
        counts.withLock { ($0.started, $0.running, $0.ended) }
    }

    private static let counts = Mutex((started: 0, running: 0, ended: 0))
}
