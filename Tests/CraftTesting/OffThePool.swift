import CraftSchema
public import Foundation

/// Runs `body`, which blocks (a child process to its end, a pipe read to its end), on a thread of its own, so the
/// test waits without holding one of the cooperative pool's threads (two on these machines): with both held, the
/// idle timers of the fault suites running beside it could not fire. See `BlockingCall`.
public func offThePool<Value>(_ body: @escaping () throws -> Value) async throws -> Value {
    nonisolated(unsafe) let body = body
    return try await BlockingCall.run { () throws -> Unchecked<Value> in Unchecked(value: try body()) }.value
}

/// A value handed from the blocking thread back to the test that waits for it; only one side holds it at a time.
private struct Unchecked<Value>: @unchecked Sendable {
    var value: Value
}

/// Waits for `process` to end by looking every 10 ms, without blocking a thread.
public func waitForExit(_ process: Process) async {
    while process.isRunning { try? await Task.sleep(for: .milliseconds(10)) }
    process.waitUntilExit()  // returns at once: it has been reaped; this makes its status final
}

/// At most `width` holders at once; the others wait in line, without holding a thread.
///
/// The end-to-end tests each run the built `origami`; with nothing to hold them back (their waits no longer hold
/// the pool's threads), every one of them would start its child at once, and on 2 cores the children would
/// starve each other and the timers of the tests beside them.
public actor ConcurrencyLimit {
    private let width: Int
    private var holders = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(width: Int) {
        self.width = max(1, width)
    }

    /// Runs `body` once a place is free.
    public func run<Value: Sendable>(_ body: @Sendable () async throws -> Value) async throws -> Value {
        if holders < width {
            holders += 1
        } else {
            await withCheckedContinuation { waiting.append($0) }  // the place is handed over by `leave`
        }
        defer { leave() }
        return try await body()
    }

    private func leave() {
        if waiting.isEmpty {
            holders -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
