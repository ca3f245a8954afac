public import CraftBackends
import CraftSchema
public import Foundation
import Synchronization

/// Runs one case once; the seam between the eval runner and origami's flows (and a test double in tests).
public protocol EvalExecutor: Sendable {
    /// What answers: backend, model and prompt version. It is part of the cache key and named in the report.
    var identity: EvalIdentity { get }

    /// Runs `evalCase` once on a fresh session. Throwing is allowed: the runner records the error as a failed run.
    func run(_ evalCase: EvalCase) async throws -> EvalOutcome

    /// Throws when no case could possibly be answered (no backend available), so the run stops with that error
    /// (exit 69) instead of failing every case the same way.
    func preflight() async throws

    /// The endpoints of the pool the runs may be spread over, with their slots; empty without a pool.
    func poolEndpoints() async -> [ResolvedEndpoint]

    /// What the model is sent for `photo`, as a fingerprint for the cache key: an executor that sends a description
    /// in the photo's place covers the description, so a change to it is a cache miss.
    func photoFingerprint(_ photo: EvalPhoto) -> String

    /// Runs `evalCase` once on endpoint `endpoint` of the pool. Throws `PoolError.endpointFailed` when that endpoint
    /// refused, failed or timed out, so the runner sends the run to another.
    func run(_ evalCase: EvalCase, endpoint: Int) async throws -> EvalOutcome
}

extension EvalExecutor {
    /// Executors that cannot know in advance check nothing.
    public func preflight() async throws {}

    /// Executors without a pool have no endpoints to spread runs over.
    public func poolEndpoints() async -> [ResolvedEndpoint] { [] }

    /// The SHA-256 of the photo file's bytes, or a marker naming the path when it cannot be read.
    public func photoFingerprint(_ photo: EvalPhoto) -> String { EvalCache.digest(of: photo) }

    /// Executors without a pool run the case as they always do.
    public func run(_ evalCase: EvalCase, endpoint: Int) async throws -> EvalOutcome { try await run(evalCase) }
}

/// What answers an eval: a cached outcome is reused only when all of it matches.
public struct EvalIdentity: Sendable, Hashable, Codable {
    /// The backend, or a fallback chain's names joined by commas.
    public var backend: String
    /// The model, when one is named.
    public var model: String?
    /// The version of origami's prompts and schemas: a change makes every cached outcome stale.
    public var promptVersion: String

    /// Creates an identity.
    public init(backend: String, model: String?, promptVersion: String) {
        self.backend = backend
        self.model = model
        self.promptVersion = promptVersion
    }
}

/// How to run a suite: which cases, how many at once, how often, for how long, with which cache and gates.
public struct EvalRunOptions: Sendable {
    /// Cases run at once (`-j N`), at least 1.
    public var concurrency: Int
    /// Repeats of every case (`--repeat K`), overriding the suite.
    public var repeats: Int?
    /// Only cases whose name matches (`--filter`): a glob with `*` and `?`, or else a substring; case ignored.
    public var filter: String?
    /// Only these cases (`--only-failing`: the failing cases of an earlier report).
    public var onlyCases: Set<String>?
    /// The time one run may take (`--timeout`), overriding the suite.
    public var timeoutSeconds: Double?
    /// Where outcomes are cached; nil runs every case afresh (`--no-cache`).
    public var cache: EvalCache?
    /// The bounds that decide the exit status; those not set here come from the suite file's `gates`.
    public var gates: EvalGates
    /// Only this part of the selected runs (`--shard I/N`); nil runs them all.
    public var shard: EvalShard?

    /// Creates options.
    public init(
        concurrency: Int = 1, repeats: Int? = nil, filter: String? = nil, onlyCases: Set<String>? = nil,
        timeoutSeconds: Double? = nil, cache: EvalCache? = nil, gates: EvalGates = .init(), shard: EvalShard? = nil
    ) {
        self.concurrency = max(1, concurrency)
        self.repeats = repeats
        self.filter = filter
        self.onlyCases = onlyCases
        self.timeoutSeconds = timeoutSeconds
        self.cache = cache
        self.gates = gates
        self.shard = shard
    }
}

/// Runs a suite's cases on an executor: at most `concurrency` at once, each repeat as its own run, each run
/// bounded by its timeout, outcomes reused from the cache when nothing that shapes them changed. A run that
/// errors or times out is a failed run carrying its error; the suite always runs to the end.
public struct EvalRunner: Sendable {
    /// Called after each run with the result, the number of runs finished and the total (for progress lines).
    public typealias Progress = @Sendable (EvalRunResult, Int, Int) -> Void

    private let executor: any EvalExecutor
    private let now: @Sendable () -> Date

    /// Creates a runner over `executor`; `now` is the clock the report's start time comes from.
    public init(executor: any EvalExecutor, now: @escaping @Sendable () -> Date = Date.init) {
        self.executor = executor
        self.now = now
    }

    /// The cases of `suite` that `options` selects, in suite order.
    public static func select(_ suite: EvalSuite, _ options: EvalRunOptions) throws(EvalError) -> [EvalCase] {
        var cases = suite.cases
        if let filter = options.filter {
            cases = cases.filter { EvalNameFilter.matches($0.name, pattern: filter) }
        }
        if let only = options.onlyCases {
            cases = cases.filter { only.contains($0.name) }
        }
        guard !cases.isEmpty else {
            let file = suite.url?.path ?? suite.name
            let reason = options.onlyCases?.isEmpty == true
                ? "the earlier report has no failing case"
                : "no case name matches" + (options.filter.map { " \"\($0)\"" } ?? "") + (options.onlyCases == nil ? "" : " among the earlier failures")
            throw .noCases(file: file, reason: reason)
        }
        return cases
    }

    /// Runs the selected cases and builds the report.
    public func run(_ suite: EvalSuite, options: EvalRunOptions, progress: Progress? = nil) async throws(EvalError) -> EvalReport {
        let cases = try Self.select(suite, options)
        let planned = cases.flatMap { evalCase in
            (1...(options.repeats ?? evalCase.repeats)).map { Job(evalCase: evalCase, iteration: $0) }
        }
        let jobs = options.shard.map { Self.part(planned, $0) } ?? planned
        let started = now()
        let clock = ContinuousClock()
        let start = clock.now
        var results = [EvalRunResult?](repeating: nil, count: jobs.count)
        let finished = FinishedCounter()
        let endpoints = await executor.poolEndpoints()
        let pool = endpoints.count > 1 ? (endpoints, PoolDispatcher(endpoints)) : nil
        await withTaskGroup(of: (Int, EvalRunResult).self) { group in
            var next = 0
            func launch() {
                let index = next
                let job = jobs[index]
                next += 1
                group.addTask {
                    let result = await self.perform(job, options: options, pool: pool)
                    progress?(result, finished.increment(), jobs.count)
                    return (index, result)
                }
            }
            while next < min(options.concurrency, jobs.count) { launch() }
            while let (index, result) = await group.next() {
                results[index] = result
                if next < jobs.count { launch() }
            }
        }
        let elapsed = start.duration(to: clock.now)
        let identity = executor.identity
        return EvalReport(
            suite: suite.name, suiteFile: suite.url?.path, backend: identity.backend, model: identity.model,
            startedAt: started, durationMs: Self.milliseconds(elapsed), concurrency: options.concurrency,
            runs: results.map { $0! }, gates: options.gates.filling(from: suite.gates),
            promptVersion: identity.promptVersion, shard: options.shard,
            plan: options.shard == nil ? nil : planned.map(\.key), pool: pool?.0
        )
    }

    /// The jobs `shard` holds, in suite order.
    private static func part(_ jobs: [Job], _ shard: EvalShard) -> [Job] {
        let costs = Dictionary(uniqueKeysWithValues: jobs.map {
            ($0.key, EvalSharding.cost(mode: $0.evalCase.mode, photos: $0.evalCase.inputs.photos.count))
        })
        let assigned = EvalSharding.assign(costs, count: shard.count)
        return jobs.filter { assigned[$0.key] == shard.index }
    }

    private struct Job: Sendable {
        var evalCase: EvalCase
        var iteration: Int

        var key: EvalRunKey { EvalRunKey(caseName: evalCase.name, iteration: iteration) }
    }

    /// One run: from the cache when it holds the outcome, else from the executor within the timeout (through the
    /// pool's dispatcher when there is one).
    private func perform(
        _ job: Job, options: EvalRunOptions, pool: ([ResolvedEndpoint], PoolDispatcher)?
    ) async -> EvalRunResult {
        let evalCase = job.evalCase
        let key = options.cache.map {
            $0.key(
                for: evalCase, iteration: job.iteration, identity: executor.identity,
                photos: evalCase.inputs.photos.map(executor.photoFingerprint))
        }
        var outcome: EvalOutcome
        var cached = false
        if let cache = options.cache, let key, let hit = cache.load(key) {
            outcome = hit
            cached = true
        } else {
            let timeout = options.timeoutSeconds ?? evalCase.timeoutSeconds
            if let (endpoints, dispatcher) = pool {
                outcome = await pooled(evalCase, timeout: timeout, endpoints: endpoints, dispatcher: dispatcher)
            } else {
                outcome = await attempt(evalCase, timeout: timeout)
            }
            if let cache = options.cache, let key, outcome.error == nil { cache.store(outcome, key: key) }
        }
        if outcome.backend == nil { outcome.backend = executor.identity.backend }
        return EvalRunResult(
            caseName: evalCase.name, mode: evalCase.mode, iteration: job.iteration, photos: evalCase.inputs.photos,
            expectations: evalCase.expectations, cached: cached, outcome: outcome,
            assertions: EvalAssertions.evaluate(evalCase.expectations, on: outcome)
        )
    }

    /// Runs the executor, racing it against the timeout; an error or the timeout becomes a failed outcome.
    private func attempt(_ evalCase: EvalCase, timeout: Double) async -> EvalOutcome {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            return try await race(evalCase, timeout: timeout, endpoint: nil)
        } catch {
            return .failed(error, latencyMs: Self.milliseconds(start.duration(to: clock.now)), backend: executor.identity.backend)
        }
    }

    /// Runs the case on the least busy healthy endpoint; when that endpoint refuses, fails or times out, it is set
    /// aside and the run goes to another, each such move kept in the outcome's `failedEndpoints`.
    private func pooled(
        _ evalCase: EvalCase, timeout: Double, endpoints: [ResolvedEndpoint], dispatcher: PoolDispatcher
    ) async -> EvalOutcome {
        let clock = ContinuousClock()
        let start = clock.now
        var failures: [EndpointFailure] = []
        var tried: Set<Int> = []
        var lastStatus = ExitStatus.unavailable
        while let index = await dispatcher.acquire(excluding: tried) {
            do {
                var outcome = try await race(evalCase, timeout: timeout, endpoint: index)
                await dispatcher.release(index, succeeded: true)
                outcome.endpoint = endpoints[index].url
                outcome.failedEndpoints = failures
                return outcome
            } catch PoolError.endpointFailed(_, _, let reason, let status) {
                await dispatcher.release(index, succeeded: false)
                failures.append(EndpointFailure(url: endpoints[index].url, reason: reason))
                tried.insert(index)
                lastStatus = status
            } catch {
                // The run's own failure (its timeout): the endpoint keeps its record.
                await dispatcher.release(index, succeeded: nil)
                var outcome = EvalOutcome.failed(
                    error, latencyMs: Self.milliseconds(start.duration(to: clock.now)),
                    backend: executor.identity.backend)
                outcome.endpoint = endpoints[index].url
                outcome.failedEndpoints = failures
                return outcome
            }
        }
        let error = PoolError.noEndpointAnswered(
            backend: executor.identity.backend, failures: failures, exitStatus: lastStatus)
        var outcome = EvalOutcome.failed(
            error, latencyMs: Self.milliseconds(start.duration(to: clock.now)), backend: executor.identity.backend)
        outcome.failedEndpoints = failures
        return outcome
    }

    /// The executor's answer, or the timeout's error when the run takes longer than `timeout` seconds.
    private func race(_ evalCase: EvalCase, timeout: Double, endpoint: Int?) async throws -> EvalOutcome {
        let executor = self.executor
        return try await withThrowingTaskGroup(of: EvalOutcome.self) { group in
            group.addTask {
                if let endpoint { return try await executor.run(evalCase, endpoint: endpoint) }
                return try await executor.run(evalCase)
            }
            group.addTask {
                try await Task.sleep(for: .milliseconds(Int64(timeout * 1000)))
                throw ModelError.timeout(backend: executor.identity.backend, seconds: timeout, idle: false)
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}

/// Counts finished runs across the runner's concurrent tasks.
private final class FinishedCounter: Sendable {
    private let count = Mutex(0)

    /// Adds one and returns the new count.
    func increment() -> Int {
        count.withLock { value in
            value += 1
            return value
        }
    }
}
