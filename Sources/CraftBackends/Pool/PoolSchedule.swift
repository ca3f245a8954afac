/// The pool's decisions as a plain value: which endpoint takes the next run, how long a failed one is set aside.
///
/// Times are seconds on any monotonic clock, handed in by the caller, so every rule is tested without I/O or
/// waiting. An endpoint that fails is set aside for `backoff(failures:)` (1 s, doubling, at most 60 s); once that
/// passes it may take one run again, and a success clears its record.
public struct PoolSchedule: Sendable, Hashable {
    /// One endpoint's state.
    public struct Slot: Sendable, Hashable {
        /// The endpoint's base URL.
        public var url: String
        /// The requests it takes at once.
        public var capacity: Int
        /// Runs it holds now.
        public var busy = 0
        /// Failures since its last success.
        public var failures = 0
        /// When it may take a run again after a failure; nil when it is not set aside.
        public var setAsideUntil: Double?
    }

    /// What the caller does next.
    public enum Decision: Sendable, Hashable {
        /// Send the run to this endpoint (its slot is now taken).
        case use(Int)
        /// Every endpoint the run may use is full or set aside: wait until a slot is released, or until this time
        /// when an endpoint comes back from its backoff first.
        case wait(until: Double?)
        /// Every endpoint has failed this run: give up on it.
        case exhausted
    }

    /// The endpoints, in the order they were given.
    public private(set) var slots: [Slot]

    /// The first pause after a failure, in seconds.
    public static let firstBackoff = 1.0
    /// The longest pause.
    public static let longestBackoff = 60.0

    /// Creates a schedule over endpoints with their capacities (each at least 1).
    public init(_ endpoints: [(url: String, capacity: Int)]) {
        slots = endpoints.map { Slot(url: $0.url, capacity: max(1, $0.capacity)) }
    }

    /// How long an endpoint is set aside after `failures` failures in a row.
    public static func backoff(failures: Int) -> Double {
        guard failures > 0 else { return 0 }
        return min(longestBackoff, firstBackoff * Double(1 << min(failures - 1, 16)))
    }

    /// Whether an endpoint may take a run at `now` (not set aside, or its backoff over).
    public func isHealthy(_ index: Int, now: Double) -> Bool {
        slots[index].setAsideUntil.map { $0 <= now } ?? true
    }

    /// The endpoint for the next run: the least busy healthy one (busy / capacity, then fewer busy, then the
    /// order given) among those that have not failed this run (`excluding`).
    public mutating func acquire(now: Double, excluding: Set<Int> = []) -> Decision {
        let candidates = slots.indices.filter { !excluding.contains($0) }
        guard !candidates.isEmpty else { return .exhausted }
        let open = candidates.filter { isHealthy($0, now: now) && slots[$0].busy < slots[$0].capacity }
        if let best = open.min(by: { lessBusy($0, $1) }) {
            slots[best].busy += 1
            return .use(best)
        }
        let returning = candidates.compactMap { slots[$0].setAsideUntil }.filter { $0 > now }.min()
        return .wait(until: returning)
    }

    /// Gives a slot back: a success clears the endpoint's failures, a failure sets it aside for its backoff, and nil
    /// (the run failed for a reason of its own) leaves its record as it was.
    public mutating func release(_ index: Int, succeeded: Bool?, now: Double) {
        slots[index].busy = max(0, slots[index].busy - 1)
        if let succeeded { record(index, succeeded: succeeded, now: now) }
    }

    /// Notes how a request to an endpoint went, without a slot (the ordinary commands, one request at a time).
    public mutating func record(_ index: Int, succeeded: Bool, now: Double) {
        if succeeded {
            slots[index].failures = 0
            slots[index].setAsideUntil = nil
        } else {
            slots[index].failures += 1
            slots[index].setAsideUntil = now + Self.backoff(failures: slots[index].failures)
        }
    }

    /// The order the ordinary commands try endpoints in: the healthy ones as given (the first healthy endpoint
    /// answers), then those set aside, the soonest back first, in case they have recovered.
    public func preference(now: Double) -> [Int] {
        let healthy = slots.indices.filter { isHealthy($0, now: now) }
        let resting = slots.indices.filter { !isHealthy($0, now: now) }
            .sorted { (slots[$0].setAsideUntil ?? 0, $0) < (slots[$1].setAsideUntil ?? 0, $1) }
        return healthy + resting
    }

    private func lessBusy(_ a: Int, _ b: Int) -> Bool {
        let left = slots[a], right = slots[b]
        let leftShare = Double(left.busy) / Double(left.capacity)
        let rightShare = Double(right.busy) / Double(right.capacity)
        if leftShare != rightShare { return leftShare < rightShare }
        if left.busy != right.busy { return left.busy < right.busy }
        return a < b
    }
}
