import CraftSchema
import Foundation

/// How every eval reporter writes numbers, so the terminal, Markdown and HTML reports agree.
enum EvalFormat {
    /// `850 ms` under a second, `12.3 s` above; `–` when unknown.
    static func duration(_ milliseconds: Double?) -> String {
        guard let milliseconds else { return "–" }
        if milliseconds < 1000 { return "\(Int(milliseconds.rounded())) ms" }
        return String(format: "%.1f s", milliseconds / 1000)
    }

    /// `83 %`, with one decimal below 10 % and above 99 % where the difference matters; `–` when unknown.
    static func percent(_ rate: Double?) -> String {
        guard let rate else { return "–" }
        let value = rate * 100
        if value == value.rounded() || (value >= 10 && value <= 99) { return "\(Int(value.rounded())) %" }
        return String(format: "%.1f %%", value)
    }

    /// A count, or `–` when unknown.
    static func count(_ value: Int?) -> String {
        value.map(String.init) ?? "–"
    }

    /// `2/3`: one run's place among its case's repeats.
    static func iteration(_ result: EvalRunResult, of total: Int) -> String {
        "\(result.iteration)/\(total)"
    }

    /// How many repeats each case had in the report.
    static func repeatCounts(_ report: EvalReport) -> [String: Int] {
        report.runs.reduce(into: [:]) { counts, run in counts[run.caseName] = max(counts[run.caseName] ?? 0, run.iteration) }
    }

    /// The one-line summary every reporter leads with: `18/20 runs passed (90 %)`.
    static func headline(_ metrics: EvalMetrics) -> String {
        "\(metrics.passed)/\(metrics.runs) runs passed (\(percent(metrics.passRate)))"
    }

    /// The figures as label–value pairs, in the order reports show them.
    static func figures(_ metrics: EvalMetrics) -> [(String, String)] {
        var rows = [("pass rate", "\(percent(metrics.passRate)) (\(metrics.passed)/\(metrics.runs))")]
        if metrics.measurementOnly == true {
            rows.append(("model", "none asked: origami's measurement alone"))
        } else {
            rows.append(("schema valid", percent(metrics.schemaValidRate)))
        }
        if let accuracy = metrics.categoryAccuracy {
            let category = metrics.assertions.first { $0.name == "category" }
            rows.append(("category accuracy", "\(percent(accuracy)) (\(category?.passed ?? 0)/\(category?.total ?? 0))"))
        }
        if metrics.coach.total + metrics.coach.unanswered > 0 {
            let negatives = metrics.coach.falsePositives + metrics.coach.trueNegatives
            rows.append(("false-complete rate", "\(percent(metrics.falseCompleteRate)) (\(metrics.coach.falsePositives)/\(negatives))"))
        }
        rows += balancedFigures(metrics)
        rows.append(("latency p50 / p95", "\(duration(metrics.latencyP50Ms)) / \(duration(metrics.latencyP95Ms))"))
        if metrics.measurementOnly != true {
            rows.append(("tokens in / out", "\(count(metrics.promptTokens)) / \(count(metrics.completionTokens))"))
            rows.append(("retries", String(metrics.retries)
                + (metrics.endpointRetries.map { " (and \($0) sent to another endpoint)" } ?? "")))
            rows += loopFigures(metrics)
        }
        rows += EvalSourceFigures.rows(metrics.tutorialSources ?? [])
        rows.append(("errors", String(metrics.errors)))
        rows.append(("cached runs", String(metrics.cachedRuns)))
        return rows
    }

    /// The figures of answers that looped, were repaired or echo the instructions, as label–value pairs.
    static func loopFigures(_ metrics: EvalMetrics) -> [(String, String)] {
        [
            ("answers at the token cap", count(metrics.cappedAnswers)),
            ("loops cut", count(metrics.loopsCut)),
            ("repairs", count(metrics.repairs)),
            ("repeated items", count(metrics.repeatedItems)),
            ("instruction echo", percent(metrics.instructionEcho)),
        ]
    }

    /// A run's retries, loops, repairs, cap and figures in words, the ones that happened: `1 loop cut`, `2 repairs`.
    static func runFacts(_ run: EvalRunResult) -> [String] {
        let outcome = run.outcome
        let counts: [(Int, String, String)] = [
            (outcome.retries, "retry", "retries"), (outcome.loopsCut ?? 0, "loop cut", "loops cut"),
            (outcome.cappedAnswers ?? 0, "at the token cap", "at the token cap"),
            (outcome.repairs?.count ?? 0, "repair", "repairs"),
            (run.figures?.repeatedItems ?? 0, "repeated item", "repeated items"),
            (outcome.failedEndpoints?.count ?? 0, "endpoint retry", "endpoint retries"),
        ]
        var facts = counts.filter { $0.0 > 0 }.map { "\($0.0) \($0.0 == 1 ? $0.1 : $0.2)" }
        if let echo = run.figures?.instructionEcho, echo > 0 { facts.append("instruction echo \(percent(echo))") }
        return facts
    }

    /// Who answered a run: the backend, and the endpoint of a pool (`openai at http://gpu-a:8080`).
    static func answeredBy(_ run: EvalRunResult) -> String? {
        guard let backend = run.outcome.backend else { return run.outcome.endpoint }
        return backend + (run.outcome.endpoint.map { " at \($0)" } ?? "")
    }

    /// The pool's endpoints as label–value pairs (URL, what it did), failed ones marked; empty without a pool.
    static func endpointRows(_ report: EvalReport) -> [(String, String)] {
        (report.endpoints ?? []).map { ($0.url, $0.line) }
    }

    /// The first failed assertion's message, or the empty string for a passing run.
    static func firstFailure(_ result: EvalRunResult) -> String {
        guard let failure = result.failures.first else { return "" }
        let more = result.failures.count > 1 ? " (+\(result.failures.count - 1) more)" : ""
        return oneLine("\(failure.name): \(failure.message)") + more
    }

    /// Text on one line: line breaks and runs of spaces become one space.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// JSON text re-indented two spaces per level, keeping the model's key order; other text as it is.
    ///
    /// "JSON" is what origami's own parser accepts (no trailing commas, no repeated keys), so an answer the session
    /// would refuse is shown as the model wrote it.
    static func indentedJSON(_ text: String) -> String {
        (try? GeneratedContent(json: text))?.prettyJSONString ?? text
    }
}
