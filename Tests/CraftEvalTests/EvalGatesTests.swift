@testable import CraftEval
import Foundation
import Testing

@Suite struct EvalGatesTests {
    private func report(passing: Int, failing: Int, gates: EvalGates) -> EvalReport {
        let runs = (0..<(passing + failing)).map { index in
            let outcome = EvalOutcome(
                schemaValid: true, latencyMs: 10,
                error: index < passing ? nil : .init(message: "boom", exitStatus: 70)
            )
            return EvalRunResult(caseName: "case \(index)", mode: .tutorial, iteration: 1, outcome: outcome,
                                 assertions: EvalAssertions.evaluate(.init(), on: outcome))
        }
        return EvalReport(suite: "s", backend: "test", startedAt: Date(), durationMs: 1, concurrency: 1, runs: runs, gates: gates)
    }

    @Test func passingGatesExitZero() {
        let report = report(passing: 9, failing: 1, gates: EvalGates(minPassRate: 0.9))
        #expect(report.passed)
        #expect(report.exitStatus == .ok)
        #expect(report.gateError == nil)
        #expect(report.gates.map(\.message) == ["min-pass-rate: 0.9 >= 0.9"])
    }

    @Test func aFailedGateExitsHundredAndSaysWhy() {
        let report = report(passing: 8, failing: 2, gates: EvalGates(minPassRate: 0.9))
        #expect(report.exitStatus == .gateFailed)
        #expect(report.exitStatus.rawValue == 100)
        #expect(report.gateError?.exitStatus == .gateFailed)
        #expect("\(report.gateError!)" == "eval gate failed:\n  - min-pass-rate: 0.8 < 0.9")
        #expect(report.failingCases == ["case 8", "case 9"])
    }

    @Test func noGateMeansEveryCaseMustPass() {
        #expect(report(passing: 3, failing: 0, gates: EvalGates()).exitStatus == .ok)
        #expect(report(passing: 3, failing: 1, gates: EvalGates()).exitStatus == .gateFailed)
    }

    @Test func unmeasurableGatesFail() {
        let report = report(passing: 3, failing: 0, gates: EvalGates(maxFalseCompleteRate: 0.2, minCategoryAccuracy: 0.5))
        #expect(report.gates.map(\.passed) == [false, false])
        #expect(report.gates[0].message == "max-false-complete-rate: not measured (no coach run with an incomplete step was answered), bound 0.2")
    }

    @Test func falseCompleteGateIsAnUpperBound() {
        var metrics = report(passing: 1, failing: 0, gates: EvalGates()).metrics
        metrics.falseCompleteRate = 0.25
        #expect(EvalGates(maxFalseCompleteRate: 0.25).evaluate(metrics).map(\.passed) == [true])
        #expect(EvalGates(maxFalseCompleteRate: 0.2).evaluate(metrics).map(\.message) == ["max-false-complete-rate: 0.25 > 0.2"])
    }

    @Test(arguments: [("0.9", 0.9), ("90%", 0.9), ("90 %", 0.9), ("1", 1.0), ("0", 0.0), ("1.5", nil), ("-0.1", nil), ("ninety", nil), ("120%", nil)] as [(String, Double?)])
    func parsesRates(text: String, rate: Double?) {
        #expect(EvalGates.parseRate(text) == rate)
    }
}
