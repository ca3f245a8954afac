@testable import CraftBackends
import CraftTesting
import Testing

/// The pool's decisions, as a plain value: balancing, backoff, failover order. No I/O, no waiting.
@Suite struct PoolScheduleTests {
    private func schedule(_ capacities: [Int]) -> PoolSchedule {
        PoolSchedule(capacities.enumerated().map { ("http://e\($0.offset)", $0.element) })
    }

    @Test func runsGoToTheLeastBusyEndpointByShareOfItsSlots() {
        var pool = schedule([2, 2, 1])
        var taken: [Int] = []
        for _ in 0..<5 {
            guard case .use(let index) = pool.acquire(now: 0) else { Issue.record("expected a slot"); return }
            taken.append(index)
        }
        // One each first (share 0 → 1/2, 1/2, 1/1), then the two-slot endpoints fill up.
        #expect(taken == [0, 1, 2, 0, 1])
        #expect(pool.slots.map(\.busy) == [2, 2, 1])
    }

    @Test func aFullPoolWaitsForARelease() {
        var pool = schedule([1, 1])
        _ = pool.acquire(now: 0)
        _ = pool.acquire(now: 0)
        #expect(pool.acquire(now: 0) == .wait(until: nil))
        pool.release(1, succeeded: true, now: 1)
        #expect(pool.acquire(now: 1) == .use(1))
    }

    @Test func aFailedEndpointIsSetAsideWithDoublingBackoff() {
        #expect((1...8).map { PoolSchedule.backoff(failures: $0) } == [1, 2, 4, 8, 16, 32, 60, 60])
        var pool = schedule([1, 1])
        #expect(pool.acquire(now: 0) == .use(0))
        pool.release(0, succeeded: false, now: 10)
        #expect(!pool.isHealthy(0, now: 10.5))
        // While endpoint 0 rests, runs go to endpoint 1 even though 0 has a free slot and comes first.
        #expect(pool.acquire(now: 10.5) == .use(1))
        pool.release(1, succeeded: true, now: 10.6)
        #expect(pool.acquire(now: 10.7) == .use(1))
        // Back after 1 s; a second failure in a row doubles the pause.
        #expect(pool.acquire(now: 11) == .use(0))
        pool.release(0, succeeded: false, now: 11)
        #expect(pool.slots[0].setAsideUntil == 13)
    }

    @Test func aSetAsideEndpointComesBackAfterItsBackoffAndASuccessClearsIt() {
        var pool = schedule([1])
        _ = pool.acquire(now: 0)
        pool.release(0, succeeded: false, now: 0)
        #expect(pool.acquire(now: 0.5) == .wait(until: 1))
        #expect(pool.acquire(now: 1) == .use(0))
        pool.release(0, succeeded: true, now: 2)
        #expect(pool.slots[0].failures == 0)
        #expect(pool.slots[0].setAsideUntil == nil)
    }

    @Test func aRunThatFailedOnEveryEndpointIsExhausted() {
        var pool = schedule([1, 1])
        #expect(pool.acquire(now: 0, excluding: [0]) == .use(1))
        pool.release(1, succeeded: false, now: 0)
        #expect(pool.acquire(now: 100, excluding: [0, 1]) == .exhausted)
    }

    @Test func aRunWaitsForTheEndpointsItHasNotTriedToComeBack() {
        var pool = schedule([1, 1])
        _ = pool.acquire(now: 0)
        _ = pool.acquire(now: 0)
        pool.release(0, succeeded: false, now: 0)
        pool.release(1, succeeded: false, now: 0)
        pool.release(1, succeeded: false, now: 0)
        // Endpoint 0 failed this run; endpoint 1 rests until 2 s (its second failure): wait for it, not for 0.
        #expect(pool.acquire(now: 0.5, excluding: [0]) == .wait(until: 2))
    }

    @Test func aReleaseWithoutVerdictKeepsTheRecord() {
        var pool = schedule([1])
        _ = pool.acquire(now: 0)
        pool.release(0, succeeded: false, now: 0)
        _ = pool.acquire(now: 5)
        pool.release(0, succeeded: nil, now: 5)
        #expect(pool.slots[0].failures == 1)
        #expect(pool.slots[0].busy == 0)
    }

    @Test func theCommandsTryHealthyEndpointsInOrderThenTheSoonestBack() {
        var pool = schedule([1, 1, 1, 1])
        pool.record(0, succeeded: false, now: 0)
        pool.record(2, succeeded: false, now: 0)
        pool.record(2, succeeded: false, now: 0)
        pool.record(0, succeeded: false, now: 0.5)
        // 0 rests until 2.5 (second failure at 0.5), 2 until 2.
        #expect(pool.preference(now: 1) == [1, 3, 2, 0])
        #expect(pool.preference(now: 3) == [0, 1, 2, 3])
    }
}
