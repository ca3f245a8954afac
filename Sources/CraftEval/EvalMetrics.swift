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
    /// The coach cases' confusion matrix of the verdict origami acted on (the one that moves the tutorial).
    public var coach: ConfusionMatrix
    /// `coach.falseCompleteRate`, kept beside it for readers of the JSON.
    public var falseCompleteRate: Double?
    /// `coach.balancedAccuracy`: the mean of the acted-on verdict's true-positive and true-negative rates.
    public var coachBalancedAccuracy: Double?
    /// The coach cases' confusion matrix of the model's own verdict, before origami set aside a complete verdict
    /// the model could not see to give; nil in reports from before it was kept.
    public var coachModel: ConfusionMatrix?
    /// `coachModel.balancedAccuracy`.
    public var coachModelBalancedAccuracy: Double?
    /// Photos whose category the model got right, over photos with an expected category; nil with none.
    public var categoryAccuracy: Double?
    /// The photo categories, truth against answer; nil in reports from before it was kept.
    public var categories: CategoryMatrix?
    /// `categories.balancedAccuracy`: the mean of each category's recall (a constant answer scores 1/3).
    public var categoryBalancedAccuracy: Double?
    /// Runs whose answer passed the schema and domain checks, over the runs that got an answer (valid or invalid);
    /// 0 when none did.
    public var schemaValidRate: Double
    /// Runs whose answers failed validation after their retries; nil in reports from before it was kept.
    public var invalidAnswers: Int?
    /// Runs that got no answer: a backend error, an unavailable backend, a timeout.
    public var unanswered: Int?
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
    /// True when no run asked a model (`--measurement-only`): the verdicts and categories are origami's
    /// measurement; nil otherwise.
    public var measurementOnly: Bool?

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
        (coach, coachModel) = Self.coachMatrices(results)
        falseCompleteRate = coach.falseCompleteRate
        coachBalancedAccuracy = coach.balancedAccuracy
        coachModelBalancedAccuracy = coachModel?.balancedAccuracy
        categoryAccuracy = counts["category"].map { Double($0.passed) / Double($0.total) }
        let categories = Self.categoryMatrix(results)
        self.categories = categories.total == 0 ? nil : categories
        categoryBalancedAccuracy = categories.balancedAccuracy
        let states = results.map(\.outcome.answerState)
        let valid = states.count(where: { $0 == .valid })
        invalidAnswers = states.count(where: { $0 == .invalid })
        unanswered = states.count(where: { $0 == .unanswered })
        let answered = valid + (invalidAnswers ?? 0)
        schemaValidRate = answered == 0 ? 0 : Double(valid) / Double(answered)
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
        let measured = !results.isEmpty && results.allSatisfy { $0.outcome.modelAsked == false }
        measurementOnly = measured ? true : nil
    }

    /// The coach runs' matrices: of the verdict acted on, and of the model's own (nil with no coach run that asked
    /// a model).
    static func coachMatrices(_ results: [EvalRunResult]) -> (ConfusionMatrix, ConfusionMatrix?) {
        var acted = ConfusionMatrix()
        var own = ConfusionMatrix()
        var any = false
        for result in results where result.mode == .coach {
            guard let expected = result.expectations.stepComplete else { continue }
            acted.add(expected: expected, actual: result.outcome.stepComplete)
            guard result.outcome.modelAsked != false else { continue }
            any = true
            own.add(expected: expected, actual: result.outcome.modelStepComplete ?? result.outcome.stepComplete)
        }
        return (acted, any ? own : nil)
    }

    /// Every photo with an expected category, against the category the model gave it.
    static func categoryMatrix(_ results: [EvalRunResult]) -> CategoryMatrix {
        var matrix = CategoryMatrix()
        for result in results {
            for (path, expected) in result.expectations.categories.sorted(by: { $0.key < $1.key }) {
                let label = result.outcome.photoLabels[path]
                let actual = result.outcome.analyses?.first { $0.label == label }?.category
                matrix.add(expected: expected, actual: actual)
            }
        }
        return matrix
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
