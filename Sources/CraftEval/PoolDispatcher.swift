import CraftBackends

/// Hands the eval runner's runs to the endpoints of a pool: the least busy healthy one, waiting while every slot is
/// taken or every endpoint is set aside. The decisions are `PoolSchedule`'s; this actor guards it and does the
/// waiting.
actor PoolDispatcher {
    private var schedule: PoolSchedule
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private let start = ContinuousClock.now

    /// Creates a dispatcher over the pool's endpoints and their slots.
    init(_ endpoints: [ResolvedEndpoint]) {
        schedule = PoolSchedule(endpoints.map { ($0.url, $0.slots) })
    }

    /// The endpoint the next run goes to, its slot taken; nil when every endpoint has failed this run (`excluding`).
    func acquire(excluding: Set<Int>) async -> Int? {
        while true {
            switch schedule.acquire(now: now, excluding: excluding) {
            case .use(let index):
                return index
            case .exhausted:
                return nil
            case .wait(let until):
                await waitForChange(until: until)
            }
        }
    }

    /// Gives the slot back with the run's verdict on the endpoint (see `PoolSchedule.release`).
    func release(_ index: Int, succeeded: Bool?) {
        schedule.release(index, succeeded: succeeded, now: now)
        wakeAll()
    }

    /// Suspends until a slot is released, or until `until` when an endpoint comes back from its backoff.
    private func waitForChange(until: Double?) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            waiters.append(continuation)
            if let until {
                let delay = max(0, until - now)
                Task { [weak self] in
                    try? await Task.sleep(for: .seconds(delay))
                    await self?.wakeAll()
                }
            }
        }
    }

    private func wakeAll() {
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume() }
    }

    private var now: Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
