/// One run of one case: which repeat, whether it came from the cache, what the model produced and the verdicts.
public struct EvalRunResult: Sendable, Hashable, Codable {
    /// The case's name.
    public var caseName: String
    /// The case's mode.
    public var mode: EvalCase.Mode
    /// Which repeat this is, from 1.
    public var iteration: Int
    /// The photos the case sent, for reports that show them.
    public var photos: [EvalPhoto]
    /// What the case expected (the JSON report keeps it beside the outcome).
    public var expectations: EvalExpectations
    /// The outcome came from the cache rather than from the model.
    public var cached: Bool
    /// What the run produced.
    public var outcome: EvalOutcome
    /// Every assertion's verdict, `answered` first.
    public var assertions: [EvalAssertionResult]
    /// The answer's instruction echo and repeated items; nil without an answer.
    public var figures: EvalAnswerFigures?

    /// Creates a run result, reading its figures from the outcome's answer.
    public init(
        caseName: String, mode: EvalCase.Mode, iteration: Int, photos: [EvalPhoto] = [],
        expectations: EvalExpectations = .init(), cached: Bool = false, outcome: EvalOutcome,
        assertions: [EvalAssertionResult]
    ) {
        figures = EvalAnswerFigures(mode: mode, answer: outcome.answer)
        self.expectations = expectations
        self.caseName = caseName
        self.mode = mode
        self.iteration = iteration
        self.photos = photos
        self.cached = cached
        self.outcome = outcome
        self.assertions = assertions
    }

    /// The run passed when every assertion held.
    public var passed: Bool { assertions.allSatisfy(\.passed) }

    /// The verdicts that failed.
    public var failures: [EvalAssertionResult] { assertions.filter { !$0.passed } }
}
