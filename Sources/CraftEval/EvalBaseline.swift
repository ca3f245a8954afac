/// One figure of a run set beside a baseline report's and the goal the suite sets for it.
public struct EvalBaselineFigure: Sendable, Hashable, Codable {
    /// The figure's name, e.g. `category-balanced-accuracy`.
    public var name: String
    /// Whether a higher value is better (rates of success), else a lower one (the false-complete rate).
    public var higherIsBetter: Bool
    /// The goal: the bound of the gate on this figure, when one is set.
    public var goal: Double?
    /// Whether the figure meets its goal; nil without a goal.
    public var goalMet: Bool?
    /// The baseline report's value; nil when it did not measure it.
    public var baseline: Double?
    /// This run's value; nil when it could not be measured.
    public var now: Double?
    /// Whether the figure fell from the baseline's by more than the margin (or is no longer measured).
    public var regressed: Bool

    /// The verdict in words, e.g. `coach-balanced-accuracy: 0.5 < baseline 0.7 - 0.02`.
    public var message: String {
        let now = now.map(EvalGateResult.format) ?? "not measured"
        let baseline = baseline.map(EvalGateResult.format) ?? "not measured"
        return "\(name): \(now), baseline \(baseline)" + (regressed ? " (fell)" : "")
    }
}

/// A run's figures compared with a baseline report's (`origami eval --baseline REPORT.json`): CI fails when a figure
/// falls from the baseline's by more than `margin`, whether or not the goals are met, so it catches a regression
/// without pretending the default model reaches goals it does not.
public struct EvalBaselineComparison: Sendable, Hashable, Codable {
    /// The baseline report's path as given.
    public var file: String
    /// How far a figure may fall below the baseline's before the comparison fails (a rate, 0…1).
    public var margin: Double
    /// Every figure compared, in a fixed order.
    public var figures: [EvalBaselineFigure]

    /// The default margin: one coach verdict in twelve moves a rate by 0.083, so 0.02 lets no verdict slip.
    public static let defaultMargin = 0.02

    /// Whether no figure fell.
    public var passed: Bool { !figures.contains(where: \.regressed) }

    /// Compares `metrics` (with the goal gates `goals` and their verdicts `gates`) with `baseline`'s.
    public init(
        _ metrics: EvalMetrics, goals: [EvalGateResult], baseline: EvalReport, file: String,
        margin: Double = defaultMargin
    ) {
        self.file = file
        self.margin = margin
        let old = baseline.metrics
        let compared: [(String, Bool, Double?, Double?)] = [
            ("pass-rate", true, metrics.passRate, old.passRate),
            ("category-balanced-accuracy", true, metrics.categoryBalancedAccuracy, old.categoryBalancedAccuracy),
            ("category-accuracy", true, metrics.categoryAccuracy, old.categoryAccuracy),
            ("coach-balanced-accuracy", true, metrics.coachBalancedAccuracy, old.coachBalancedAccuracy),
            ("coach-model-balanced-accuracy", true, metrics.coachModelBalancedAccuracy, old.coachModelBalancedAccuracy),
            ("false-complete-rate", false, metrics.falseCompleteRate, old.falseCompleteRate),
            ("schema-valid-rate", true, metrics.schemaValidRate, old.schemaValidRate),
        ]
        figures = compared.map { name, higher, now, before in
            let gate = goals.first { $0.name.hasSuffix("-" + name) }
            let regressed: Bool
            switch (now, before) {
            case (nil, _?): regressed = true
            case (let now?, let before?): regressed = higher ? now < before - margin - 1e-9 : now > before + margin + 1e-9
            default: regressed = false
            }
            return EvalBaselineFigure(
                name: name, higherIsBetter: higher, goal: gate?.bound, goalMet: gate?.passed, baseline: before,
                now: now, regressed: regressed)
        }
    }

    /// The figures that fell, in words, for the command's error.
    public var failures: [String] {
        figures.filter(\.regressed).map {
            $0.message + " by more than the margin \(EvalGateResult.format(margin)) (baseline \(file))"
        }
    }
}
