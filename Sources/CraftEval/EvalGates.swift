import Foundation

/// The bounds a CI sets on a run's figures; a run that breaks one ends with exit status 100.
public struct EvalGates: Sendable, Hashable, Codable {
    /// The least pass rate allowed (0…1).
    public var minPassRate: Double?
    /// The highest false-complete rate allowed (0…1): coach steps called complete that are not.
    public var maxFalseCompleteRate: Double?
    /// The least category accuracy allowed (0…1).
    public var minCategoryAccuracy: Double?
    /// The least category balanced accuracy allowed (0…1): the mean recall of the three categories.
    public var minCategoryBalancedAccuracy: Double?
    /// The least balanced accuracy of the coach's acted-on verdict allowed (0…1): the mean of its true-positive and
    /// true-negative rates.
    public var minCoachBalancedAccuracy: Double?
    /// The highest instruction echo allowed (0…1): the share of the answers' 6-word sequences copied from origami's
    /// instructions and prompts.
    public var maxInstructionEcho: Double?
    /// The most repeated steps, materials, ideas or terms allowed over all final answers.
    public var maxRepeatedItems: Int?
    /// The most answers allowed to run to the token cap.
    public var maxCappedAnswers: Int?
    /// The least share of runs whose answer passed the schema and domain checks (0…1).
    public var minSchemaValidRate: Double?
    /// The most retries any one run may take (broken rules, loops, answers at the cap).
    public var maxRetriesPerRun: Int?

    /// Creates gates; nil leaves a figure unchecked.
    public init(
        minPassRate: Double? = nil, maxFalseCompleteRate: Double? = nil, minCategoryAccuracy: Double? = nil,
        minCategoryBalancedAccuracy: Double? = nil, minCoachBalancedAccuracy: Double? = nil,
        maxInstructionEcho: Double? = nil, maxRepeatedItems: Int? = nil, maxCappedAnswers: Int? = nil,
        minSchemaValidRate: Double? = nil, maxRetriesPerRun: Int? = nil
    ) {
        self.minPassRate = minPassRate
        self.maxFalseCompleteRate = maxFalseCompleteRate
        self.minCategoryAccuracy = minCategoryAccuracy
        self.minCategoryBalancedAccuracy = minCategoryBalancedAccuracy
        self.minCoachBalancedAccuracy = minCoachBalancedAccuracy
        self.maxInstructionEcho = maxInstructionEcho
        self.maxRepeatedItems = maxRepeatedItems
        self.maxCappedAnswers = maxCappedAnswers
        self.minSchemaValidRate = minSchemaValidRate
        self.maxRetriesPerRun = maxRetriesPerRun
    }

    /// Whether any gate is set.
    public var isEmpty: Bool { self == EvalGates() }

    /// These gates, each one not set taken from `defaults` (the suite file's), so the command line wins gate by gate.
    public func filling(from defaults: EvalGates) -> EvalGates {
        EvalGates(
            minPassRate: minPassRate ?? defaults.minPassRate,
            maxFalseCompleteRate: maxFalseCompleteRate ?? defaults.maxFalseCompleteRate,
            minCategoryAccuracy: minCategoryAccuracy ?? defaults.minCategoryAccuracy,
            minCategoryBalancedAccuracy: minCategoryBalancedAccuracy ?? defaults.minCategoryBalancedAccuracy,
            minCoachBalancedAccuracy: minCoachBalancedAccuracy ?? defaults.minCoachBalancedAccuracy,
            maxInstructionEcho: maxInstructionEcho ?? defaults.maxInstructionEcho,
            maxRepeatedItems: maxRepeatedItems ?? defaults.maxRepeatedItems,
            maxCappedAnswers: maxCappedAnswers ?? defaults.maxCappedAnswers,
            minSchemaValidRate: minSchemaValidRate ?? defaults.minSchemaValidRate,
            maxRetriesPerRun: maxRetriesPerRun ?? defaults.maxRetriesPerRun
        )
    }

    /// Checks every set gate against `metrics`, in a fixed order.
    ///
    /// A gate whose figure cannot be measured (no coach case answered, no photo with an expected category) fails:
    /// a CI that asks for a bound wants it measured.
    public func evaluate(_ metrics: EvalMetrics) -> [EvalGateResult] {
        var results: [EvalGateResult] = []
        if let bound = minPassRate {
            results.append(.init(name: "min-pass-rate", value: metrics.passRate, bound: bound, atLeast: true, unmeasured: nil))
        }
        if let bound = maxFalseCompleteRate {
            results.append(.init(
                name: "max-false-complete-rate", value: metrics.falseCompleteRate, bound: bound, atLeast: false,
                unmeasured: "no coach run with an incomplete step was answered"
            ))
        }
        if let bound = minCategoryAccuracy {
            results.append(.init(
                name: "min-category-accuracy", value: metrics.categoryAccuracy, bound: bound, atLeast: true,
                unmeasured: "no case expects a photo category"
            ))
        }
        if let bound = minCategoryBalancedAccuracy {
            results.append(.init(
                name: "min-category-balanced-accuracy", value: metrics.categoryBalancedAccuracy, bound: bound,
                atLeast: true, unmeasured: "no case expects a photo category"
            ))
        }
        if let bound = minCoachBalancedAccuracy {
            results.append(.init(
                name: "min-coach-balanced-accuracy", value: metrics.coachBalancedAccuracy, bound: bound, atLeast: true,
                unmeasured: "the coach runs answered lack a complete step or an incomplete one"
            ))
        }
        if let bound = maxInstructionEcho {
            results.append(.init(
                name: "max-instruction-echo", value: metrics.instructionEcho, bound: bound, atLeast: false,
                unmeasured: "no answer has six words in a row"
            ))
        }
        if let bound = minSchemaValidRate {
            results.append(.init(
                name: "min-schema-valid-rate", value: Self.answered(metrics) == 0 ? nil : metrics.schemaValidRate,
                bound: bound, atLeast: true, unmeasured: "no run got an answer"
            ))
        }
        let counts: [(String, Int?, Int?)] = [
            ("max-repeated-items", maxRepeatedItems, metrics.repeatedItems),
            ("max-capped-answers", maxCappedAnswers, metrics.cappedAnswers),
            ("max-retries-per-run", maxRetriesPerRun, metrics.mostRetries),
        ]
        for case (let name, let bound?, let value) in counts {
            results.append(.init(
                name: name, value: value.map(Double.init), bound: Double(bound), atLeast: false,
                unmeasured: "the report does not count them"
            ))
        }
        return results
    }

    /// Runs that got an answer, valid or not (every run in reports from before unanswered runs were counted).
    private static func answered(_ metrics: EvalMetrics) -> Int {
        metrics.runs - (metrics.unanswered ?? 0)
    }

    /// Reads a rate written as `0.9`, `90%` or `90 %`; nil when it is not a number from 0 to 1 (or 0 % to 100 %).
    public static func parseRate(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let isPercent = trimmed.hasSuffix("%")
        let number = isPercent ? String(trimmed.dropLast()).trimmingCharacters(in: .whitespaces) : trimmed
        guard let value = Double(number), value.isFinite else { return nil }
        let rate = isPercent ? value / 100 : value
        return (0...1).contains(rate) ? rate : nil
    }
}

/// The verdict of one gate.
public struct EvalGateResult: Sendable, Hashable, Codable {
    /// The gate's name as its option is spelt without dashes, e.g. `min-pass-rate`.
    public var name: String
    /// The measured figure, or nil when it could not be measured.
    public var value: Double?
    /// The bound the gate sets.
    public var bound: Double
    /// Whether the figure is within the bound.
    public var passed: Bool
    /// The verdict in words, e.g. `min-pass-rate: 0.83 < 0.90`.
    public var message: String

    /// Compares `value` with `bound`: at least the bound when `atLeast`, else at most.
    init(name: String, value: Double?, bound: Double, atLeast: Bool, unmeasured: String?) {
        self.name = name
        self.value = value
        self.bound = bound
        guard let value else {
            passed = false
            message = "\(name): not measured (\(unmeasured ?? "no runs")), bound \(Self.format(bound))"
            return
        }
        passed = atLeast ? value >= bound : value <= bound
        let relation = passed ? (atLeast ? ">=" : "<=") : (atLeast ? "<" : ">")
        message = "\(name): \(Self.format(value)) \(relation) \(Self.format(bound))"
    }

    /// A rate with up to three decimals, without trailing zeros.
    static func format(_ rate: Double) -> String {
        var text = String(format: "%.3f", rate)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
