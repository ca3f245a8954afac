import CraftSchema
import Synchronization

/// Several servers of one backend kind (repeated `--base-url`, a list in the configuration or the suite), used as one
/// backend.
///
/// The ordinary commands ask the first healthy endpoint: a request that an endpoint refuses, fails or times out
/// before any answer arrives goes to the next one, and the failed endpoint is set aside with backoff for the rest of
/// the process (`PoolSchedule`). The eval runner instead spreads its runs over `members` itself (see `PoolDispatcher`).
public struct EndpointPool: LanguageModel {
    /// The backend's name (`openai`, `ollama`), as its members are named.
    public let name: String
    /// The endpoints, in the order they were given.
    public let endpoints: [PoolEndpoint]
    /// One backend per endpoint, in the same order.
    public let members: [any LanguageModel]
    private let health: PoolHealth

    /// Creates a pool; `members[i]` talks to `endpoints[i]`, and there is at least one. `now` is the clock the
    /// backoff is measured on, in seconds (tests hand in one that stands still).
    public init(
        name: String, endpoints: [PoolEndpoint], members: [any LanguageModel],
        now: (@Sendable () -> Double)? = nil
    ) {
        precondition(!members.isEmpty && members.count == endpoints.count, "a pool needs one backend per endpoint")
        self.name = name
        self.endpoints = endpoints
        self.members = members
        health = PoolHealth(endpoints.map { ($0.url, $0.slots ?? 1) }, now: now ?? PoolHealth.liveClock())
    }

    /// Available when any endpoint is; otherwise every endpoint's reason, each with its URL.
    public func availability() async -> Availability {
        var reasons: [String] = []
        for index in health.preference() {
            switch await members[index].availability() {
            case .available:
                return .available
            case .unavailable(let reason):
                reasons.append("\(endpoints[index].url): \(reason)")
            }
        }
        return .unavailable(reason: "no endpoint of the pool is available: " + reasons.joined(separator: "; "))
    }

    /// The capabilities of the first endpoint that says.
    public func capabilities() async throws -> Capabilities {
        var failures: [EndpointFailure] = []
        var lastError: (any Error)?
        for index in health.preference() {
            do {
                return try await members[index].capabilities()
            } catch where PoolPolicy.isEndpointFault(error) {
                health.record(index, succeeded: false)
                let reason = Availability.reason(error, of: name)
                failures.append(EndpointFailure(url: endpoints[index].url, reason: reason))
                lastError = error
            }
        }
        throw PoolError.noEndpointAnswered(
            backend: name, failures: failures, exitStatus: FallbackPolicy.exitStatus(of: lastError))
    }

    /// Streams the answer of the first healthy endpoint; one that fails before sending anything is set aside and the
    /// next one is asked. A failure after the answer began is the request's, as with one endpoint.
    public func stream(_ transcript: Transcript, request: GenerationRequest)
        -> AsyncThrowingStream<ModelEvent, any Error>
    {
        let pool = self
        return AsyncThrowingStream { continuation in
            let task = Task {
                var failures: [EndpointFailure] = []
                var lastError: (any Error)?
                for index in pool.health.preference() {
                    var started = false
                    do {
                        for try await event in pool.members[index].stream(transcript, request: request) {
                            started = true
                            continuation.yield(event)
                        }
                        pool.health.record(index, succeeded: true)
                        continuation.finish()
                        return
                    } catch {
                        guard !started, PoolPolicy.isEndpointFault(error), !Task.isCancelled else {
                            continuation.finish(throwing: error)
                            return
                        }
                        pool.health.record(index, succeeded: false)
                        let reason = Availability.reason(error, of: pool.name)
                        failures.append(EndpointFailure(url: pool.endpoints[index].url, reason: reason))
                        lastError = error
                    }
                }
                continuation.finish(throwing: PoolError.noEndpointAnswered(
                    backend: pool.name, failures: failures, exitStatus: FallbackPolicy.exitStatus(of: lastError)))
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Warms the first healthy endpoint, the one the next request goes to.
    public func prewarm(_ transcript: Transcript) async throws {
        guard let first = health.preference().first else { return }
        try await members[first].prewarm(transcript)
    }

    /// Each endpoint with its number of slots and where that came from: the person's `#slots=N`, the server's
    /// `/props` (`total_slots`, llama-server), else 1.
    public func resolvedEndpoints() async -> [ResolvedEndpoint] {
        var resolved: [ResolvedEndpoint] = []
        for (endpoint, member) in zip(endpoints, members) {
            if let slots = endpoint.slots {
                resolved.append(ResolvedEndpoint(url: endpoint.url, slots: slots, source: .setting))
            } else if let reporting = member as? any SlotReporting, let slots = await reporting.serverSlots() {
                resolved.append(ResolvedEndpoint(url: endpoint.url, slots: slots, source: .server))
            } else {
                resolved.append(ResolvedEndpoint(url: endpoint.url, slots: 1, source: .default))
            }
        }
        return resolved
    }
}

/// An endpoint with the number of requests it takes at once, decided.
public struct ResolvedEndpoint: Sendable, Hashable, Codable {
    /// Where the number of slots came from.
    public enum Source: String, Sendable, Hashable, Codable {
        /// `URL#slots=N` or `{"slots": N}`.
        case setting
        /// The server's `/props` (`total_slots`).
        case server = "/props"
        /// Nothing said: one slot.
        case `default`
    }

    /// The base URL.
    public var url: String
    /// Requests it takes at once.
    public var slots: Int
    /// Where `slots` came from.
    public var source: Source

    /// Creates a resolved endpoint.
    public init(url: String, slots: Int, source: Source) {
        self.url = url
        self.slots = slots
        self.source = source
    }
}

/// A backend whose server can say how many requests it serves at once.
public protocol SlotReporting: LanguageModel {
    /// The server's number of slots, nil when it does not say or cannot be reached.
    func serverSlots() async -> Int?
}

/// The pool's health across the requests of one process, guarded by a mutex.
final class PoolHealth: Sendable {
    private let schedule: Mutex<PoolSchedule>
    private let clock: @Sendable () -> Double

    init(_ endpoints: [(url: String, capacity: Int)], now: @escaping @Sendable () -> Double) {
        schedule = Mutex(PoolSchedule(endpoints))
        clock = now
    }

    /// Seconds since it was made, on the monotonic clock.
    static func liveClock() -> @Sendable () -> Double {
        let start = ContinuousClock.now
        return {
            let elapsed = ContinuousClock.now - start
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
    }

    private var now: Double { clock() }

    func preference() -> [Int] {
        let now = now
        return schedule.withLock { $0.preference(now: now) }
    }

    func record(_ index: Int, succeeded: Bool) {
        let now = now
        schedule.withLock { $0.record(index, succeeded: succeeded, now: now) }
    }
}
