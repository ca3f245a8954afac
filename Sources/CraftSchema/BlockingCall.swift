import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs work that blocks on a thread of its own, so the calling task waits without holding one of the threads of
/// Swift's cooperative pool.
///
/// The pool has one thread per processor: two on the machines origami is made for. Work that blocks (a socket
/// connect and read, waiting on a child process, `concurrentPerform` over a photo) holds its thread until it
/// ends; with both held, no other task runs, and a timer meant to fire after a second fires only when the blocking
/// work is done. Such work goes through here: a new thread per call costs tens of microseconds, against calls that
/// take milliseconds to seconds.
///
/// The thread is made with `pthread_create`, whose failure is seen: Foundation's `Thread.start()` gives no sign
/// when the thread cannot be made, and the work then never runs and its caller waits for ever. When no thread
/// can be made, the work runs on one of Dispatch's threads instead (which are not the cooperative pool's).
public enum BlockingCall {
    /// Runs `work` on a new thread and returns what it returned, or throws what it threw.
    public static func run<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
            detach { continuation.resume(returning: Result { () throws(Failure) -> Value in try work() }) }
        }
        return try result.get()
    }

    /// The work a new thread runs, handed to it through an opaque pointer.
    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Runs `body` on a new detached thread, or on a Dispatch thread when none can be made.
    private static func detach(_ body: @escaping @Sendable () -> Void) {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        var thread = pthread_t()
        let code = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            Unmanaged<Work>.fromOpaque(raw).takeRetainedValue().body()
            return nil
        }, work)
        if code == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Work>.fromOpaque(work).release()
            DispatchQueue.global().async(execute: body)
        }
    }
}
