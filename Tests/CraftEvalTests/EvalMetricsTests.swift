@testable import CraftEval
import Testing

@Suite struct EvalMetricsTests {
    /// A coach run whose truth is `expected` and whose model said `said` (nil: it errored).
    private func coachRun(_ expected: Bool, said: Bool?, latency: Double = 100) -> EvalRunResult {
        let expectations = EvalExpectations(stepComplete: expected)
        let outcome = EvalOutcome(
            stepComplete: said, schemaValid: said != nil, latencyMs: latency, promptTokens: 50, completionTokens: 10,
            error: said == nil ? .init(message: "timeout", exitStatus: 75) : nil
        )
        return EvalRunResult(
            caseName: "coach \(expected) \(String(describing: said))", mode: .coach, iteration: 1,
            expectations: expectations, outcome: outcome, assertions: EvalAssertions.evaluate(expectations, on: outcome)
        )
    }

    @Test func confusionMatrixMatchesAHandCount() {
        // Truth → model: T→T, T→T, T→F, F→T, F→F, F→F, F→F, T→(error).
        let runs = [
            coachRun(true, said: true), coachRun(true, said: true), coachRun(true, said: false),
            coachRun(false, said: true), coachRun(false, said: false), coachRun(false, said: false),
            coachRun(false, said: false), coachRun(true, said: nil),
        ]
        let metrics = EvalMetrics(runs)
        #expect(metrics.coach == ConfusionMatrix(truePositives: 2, falsePositives: 1, trueNegatives: 3, falseNegatives: 1, unanswered: 1))
        #expect(metrics.falseCompleteRate == 0.25)  // FP / (FP + TN) = 1 / 4
        #expect(metrics.passed == 5)
        #expect(metrics.passRate == 5.0 / 8.0)
        #expect(metrics.errors == 1)
        // The errored run got no answer: it is unanswered, not invalid, and the valid rate is of answered runs.
        #expect(metrics.schemaValidRate == 1)
        #expect(metrics.invalidAnswers == 0 && metrics.unanswered == 1)
        #expect(metrics.coach.truePositiveRate == 2.0 / 3.0)
        #expect(metrics.coach.trueNegativeRate == 3.0 / 4.0)
        #expect(metrics.coachBalancedAccuracy == (2.0 / 3.0 + 3.0 / 4.0) / 2)
        #expect(metrics.promptTokens == 400)
        #expect(metrics.completionTokens == 80)
        #expect(metrics.assertions.map(\.name) == ["answered", "stepComplete"])
        #expect(metrics.assertions[1] == AssertionRate(name: "stepComplete", passed: 5, total: 8))
    }

    @Test func falseCompleteRateIsUndefinedWithoutIncompleteSteps() {
        #expect(EvalMetrics([coachRun(true, said: true)]).falseCompleteRate == nil)
        #expect(ConfusionMatrix(falsePositives: 0, trueNegatives: 2).falseCompleteRate == 0)
    }

    @Test func categoryAccuracyCountsPhotos() {
        let expectations = EvalExpectations(categories: ["a.jpg": "craft supplies", "b.jpg": "craft supplies", "c.jpg": "a finished craft piece"])
        let outcome = EvalOutcome(
            photoLabels: ["a.jpg": "Photo_a", "b.jpg": "Photo_b", "c.jpg": "Photo_c"],
            analyses: [.init(label: "Photo_a", category: "craft supplies"), .init(label: "Photo_b", category: "inspiration for the craft"),
                       .init(label: "Photo_c", category: "a finished craft piece")],
            schemaValid: true, latencyMs: 1
        )
        let run = EvalRunResult(caseName: "b", mode: .brainstorm, iteration: 1, expectations: expectations, outcome: outcome,
                                assertions: EvalAssertions.evaluate(expectations, on: outcome))
        #expect(EvalMetrics([run]).categoryAccuracy == 2.0 / 3.0)
        #expect(EvalMetrics([coachRun(true, said: true)]).categoryAccuracy == nil)
    }

    @Test func latencyPercentilesUseNearestRank() {
        let runs = (1...20).map { coachRun(true, said: true, latency: Double($0 * 10)) }
        let metrics = EvalMetrics(runs.shuffled())
        #expect(metrics.latencyP50Ms == 100)
        #expect(metrics.latencyP95Ms == 190)
        #expect(EvalMetrics.percentile([5], 0.95) == 5)
        #expect(EvalMetrics.percentile([], 0.5) == nil)
    }
}
