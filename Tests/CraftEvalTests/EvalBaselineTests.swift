@testable import CraftEval
import Foundation
import Testing

/// `--baseline`: a run's figures beside a baseline report's; only a fall by more than the margin fails, and the goal
/// gates are shown as met or not met without deciding.
@Suite struct EvalBaselineTests {
    static let baseline = EvalReportSample.make(gates: EvalGates(
        maxFalseCompleteRate: 0.2, minCategoryBalancedAccuracy: 0.6, minCoachBalancedAccuracy: 0.7))

    /// The baseline's runs with the brainstorm's photo put in another category, as a new report.
    static func worseCategories() -> EvalReport {
        var runs = baseline.runs
        runs[0].outcome.analyses = runs[0].outcome.analyses?.map { .init(label: $0.label, category: "a finished craft piece") }
        runs[0].assertions = EvalAssertions.evaluate(runs[0].expectations, on: runs[0].outcome)
        return EvalReport(
            suite: baseline.suite, backend: baseline.backend, startedAt: baseline.startedAt, durationMs: 1,
            concurrency: 1, runs: runs, gates: baseline.gateBounds ?? .init())
    }

    @Test func figuresThatHoldPassEvenWhenTheGoalsAreNotMet() {
        #expect(!Self.baseline.goalsMet)
        let report = Self.baseline.compared(with: Self.baseline, file: "base.json", margin: 0.02)
        #expect(report.passed && report.exitStatus == .ok && report.gateError == nil)
        let comparison = try? #require(report.baseline)
        #expect(comparison?.figures.allSatisfy { !$0.regressed } == true)
        let coach = comparison?.figures.first { $0.name == "false-complete-rate" }
        #expect(coach?.goal == 0.2 && coach?.goalMet == false && coach?.baseline == 1 && coach?.now == 1)
    }

    @Test func aFigureFallingByMoreThanTheMarginExitsHundredNamingIt() throws {
        let report = Self.worseCategories().compared(with: Self.baseline, file: "base.json", margin: 0.02)
        #expect(report.exitStatus == .gateFailed)
        let fell = try #require(report.baseline?.figures.filter(\.regressed).map(\.name))
        #expect(fell == ["pass-rate", "category-balanced-accuracy", "category-accuracy"])
        let message = "\(try #require(report.gateError))"
        #expect(message.hasPrefix("eval figures fell below the baseline:\n"))
        #expect(message.contains("category-balanced-accuracy: 0, baseline 1 (fell) by more than the margin 0.02 (baseline base.json)"))
        // A margin wider than the fall lets it pass.
        #expect(Self.worseCategories().compared(with: Self.baseline, file: "base.json", margin: 1).passed)
    }

    @Test func aFigureTheBaselineMeasuredAndThisRunCannotIsAFall() {
        var runs = Self.baseline.runs
        runs.removeAll { $0.mode == .coach }
        let report = EvalReport(suite: "samples", backend: "replay", startedAt: Date(), durationMs: 1, concurrency: 1,
                                runs: runs, gates: .init()).compared(with: Self.baseline, file: "b.json", margin: 0.02)
        #expect(report.baseline?.figures.first { $0.name == "false-complete-rate" }?.regressed == true)
        #expect(!report.passed)
    }

    @Test func everyReportShowsGoalBaselineAndNowSideBySide() throws {
        let report = Self.worseCategories().compared(with: Self.baseline, file: "base.json", margin: 0.02)
        let table = EvalTableReporter.render(report, colour: false, width: nil)
        #expect(table.contains("against the baseline base.json (a figure may fall by 0.02; the goals do not decide)"))
        #expect(table.contains("figure"), "\(table)")
        let row = table.split(separator: "\n").first { $0.contains("category-balanced-accuracy") && $0.contains("FELL") }
        #expect(row.map { $0.contains(">= 0.6 (not met)") && $0.contains("  1  ") && $0.contains("  0  ") } == true)
        #expect(table.contains("gate min-category-balanced-accuracy: 0 < 0.6  goal not met"))
        let markdown = EvalMarkdownReporter.render(report)
        #expect(markdown.contains("❌ a figure fell below the baseline"))
        #expect(markdown.contains("| figure | goal | baseline | now | vs baseline |"))
        #expect(markdown.contains("| category-balanced-accuracy | &gt;= 0.6 (not met) | 1 | 0 | FELL |"))
        let html = EvalHTMLReporter.render(report) { _ in nil }
        #expect(html.contains("<tr class=\"bad\"><td>category-balanced-accuracy</td><td>&gt;= 0.6 (not met)</td><td>1</td><td>0</td>"))
        let junit = EvalJUnitReporter.render(report)
        #expect(junit.contains(#"<property name="baseline category-balanced-accuracy" value="goal &gt;= 0.6 (not met) · baseline 1 · now 0 · FELL"/>"#))
        let decoded = try JSONDecoder.iso8601.decode(EvalReport.self, from: report.jsonData())
        #expect(decoded.baseline == report.baseline && !decoded.passed)
    }
}
