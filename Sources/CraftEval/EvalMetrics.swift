/// The pass rate of one assertion over every run that checked it.
public struct AssertionRate: Sendable, Hashable, Codable {
    /// The assertion's name.
    public var name: String
    /// Runs where it held.
    public var passed: Int
    /// Runs that checked it.
    public var total: Int
    /// `passed / total`.
    public var rate: Double { total == 0 ? 0 : Double(passed) / Double(total) }

    /// Creates a rate.
    public init(name: String, passed: Int, total: Int) {
        self.name = name
        self.passed = passed
        self.total = total
    }
}

/// The figures of a run of a suite, computed from its run results.
public struct EvalMetrics: Sendable, Hashable, Codable {
    /// Runs (cases × repeats).
    public var runs: Int
    /// Runs where every assertion held.
    public var passed: Int
    /// Runs that ended in an error.
    public var errors: Int
    /// Runs served from the cache.
    public var cachedRuns: Int
    /// `passed / runs`.
    public var passRate: Double
    /// Each assertion's pass rate, in the order assertions are checked.
    public var assertions: [AssertionRate]
    /// The coach cases' confusion matrix of `isCurrentStepComplete`.
    public var coach: ConfusionMatrix
    /// `coach.falseCompleteRate`, kept beside it for readers of the JSON.
    public var falseCompleteRate: Double?
    /// Photos whose category the model got right, over photos with an expected category; nil with none.
    public var categoryAccuracy: Double?
    /// Runs whose answer passed the schema and domain checks, over all runs.
    public var schemaValidRate: Double
    /// Answers asked for again over all runs: after a broken rule, a loop, or an answer at the token cap.
    public var retries: Int
    /// Runs sent again to another endpoint of a pool after one refused, failed or timed out; nil without a pool.
    public var endpointRetries: Int?
    /// The most retries one run took; nil in reports from before it was kept.
    public var mostRetries: Int?
    /// Answers that ran to the token cap over all runs, those asked for again included.
    public var cappedAnswers: Int?
    /// Answers cut while streaming because they had started repeating themselves, over all runs.
    public var loopsCut: Int?
    /// Repairs made to accepted answers before they were checked (a duplicate removed, a completion message
    /// dropped from an incomplete verdict …), over all runs.
    public var repairs: Int?
    /// Steps, materials, ideas or terms repeating an earlier one in the final answers, over all runs.
    public var repeatedItems: Int?
    /// The share of the answers' 6-word sequences copied from origami's instructions, prompts and schema
    /// descriptions, over all runs; nil when no answer had a sequence that long.
    public var instructionEcho: Double?
    /// Median run latency in milliseconds (nearest rank).
    public var latencyP50Ms: Double?
    /// 95th-percentile run latency in milliseconds (nearest rank).
    public var latencyP95Ms: Double?
    /// Prompt tokens over all runs, when the backend reported any.
    public var promptTokens: Int?
    /// Completion tokens over all runs, when the backend reported any.
    public var completionTokens: Int?
    /// The figures of runs on library tutorials and on model-written ones, apart; nil when no run had a tutorial.
    public var tutorialSources: [EvalSourceFigures]?

    /// Computes the figures of `results`.
    public init(_ results: [EvalRunResult]) {
        runs = results.count
        passed = results.count(where: \.passed)
        errors = results.count { $0.outcome.error != nil }
        cachedRuns = results.count(where: \.cached)
        passRate = runs == 0 ? 0 : Double(passed) / Double(runs)
        var order: [String] = []
        var counts: [String: (passed: Int, total: Int)] = [:]
        for verdict in results.flatMap(\.assertions) {
            if counts[verdict.name] == nil { order.append(verdict.name) }
            counts[verdict.name, default: (0, 0)].total += 1
            if verdict.passed { counts[verdict.name]!.passed += 1 }
        }
        assertions = order.map { AssertionRate(name: $0, passed: counts[$0]!.passed, total: counts[$0]!.total) }
        coach = ConfusionMatrix()
        for result in results where result.mode == .coach {
            if let expected = result.expectations.stepComplete { coach.add(expected: expected, actual: result.outcome.stepComplete) }
        }
        falseCompleteRate = coach.falseCompleteRate
        categoryAccuracy = counts["category"].map { Double($0.passed) / Double($0.total) }
        schemaValidRate = runs == 0 ? 0 : Double(results.count { $0.outcome.schemaValid }) / Double(runs)
        retries = results.reduce(0) { $0 + $1.outcome.retries }
        mostRetries = results.map(\.outcome.retries).max() ?? 0
        let moved = results.compactMap(\.outcome.failedEndpoints)
        endpointRetries = moved.isEmpty ? nil : moved.reduce(0) { $0 + $1.count }
        cappedAnswers = results.reduce(0) { $0 + ($1.outcome.cappedAnswers ?? 0) }
        loopsCut = results.reduce(0) { $0 + ($1.outcome.loopsCut ?? 0) }
        repairs = results.reduce(0) { $0 + ($1.outcome.repairs?.count ?? 0) }
        let figures = results.compactMap(\.figures)
        repeatedItems = figures.reduce(0) { $0 + $1.repeatedItems }
        let sequences = figures.reduce(0) { $0 + $1.sequences }
        let echoed = figures.reduce(0) { $0 + $1.echoedSequences }
        instructionEcho = sequences == 0 ? nil : Double(echoed) / Double(sequences)
        let latencies = results.map(\.outcome.latencyMs).sorted()
        latencyP50Ms = Self.percentile(latencies, 0.50)
        latencyP95Ms = Self.percentile(latencies, 0.95)
        promptTokens = Self.sum(results.map(\.outcome.promptTokens))
        completionTokens = Self.sum(results.map(\.outcome.completionTokens))
        let sources = EvalSourceFigures.of(results)
        tutorialSources = sources.isEmpty ? nil : sources
    }

    /// The nearest-rank percentile `p` (0…1) of sorted values; nil when there are none.
    static func percentile(_ sorted: [Double], _ p: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let rank = Int((p * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    private static func sum(_ values: [Int?]) -> Int? {
        let known = values.compactMap { $0 }
        return known.isEmpty ? nil : known.reduce(0, +)
    }
}
