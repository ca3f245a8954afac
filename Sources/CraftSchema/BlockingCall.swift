import Foundation

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
                continuation.resume(returning: Result { () throws(Failure) -> Value in try work() })
            }
            thread.name = "origami blocking call"
            thread.start()
        }
        return try result.get()
    }
}
