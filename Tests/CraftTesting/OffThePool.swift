import CraftSchema

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
