/// At most `permits` holders at a time; the others wait their turn, in order, without holding a thread.
///
/// The end-to-end tests wait for their children off the cooperative pool (`offThePool`), so nothing stops Swift
/// Testing from starting all of them at once: a hundred origami processes, and every engine they start, on two
/// cores. Each child runs inside `ChildProcesses.gate`, one per processor, so the children run about as many at a time
/// as the processors can carry, and the fault suites' idle timers, running beside them, still fire on time.
public actor TestGate {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// A gate that lets `permits` holders through at once.
    public init(permits: Int) {
        free = max(1, permits)
    }

    /// Waits for a permit.
    public func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Gives a permit back, to the longest waiter if there is one.
    public func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }

    /// Runs `body` holding a permit, and gives it back however `body` ends.
    public nonisolated func holding<Value>(_ body: () async throws -> Value) async throws -> Value {
        await acquire()
        do {
            let value = try await body()
            await release()
            return value
        } catch {
            await release()
            throw error
        }
    }
}
