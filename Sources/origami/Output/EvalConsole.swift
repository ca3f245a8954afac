import CraftEval
import CraftSchema

extension Console {
    /// One finished run on stderr: `[3/16] pass coach step 2 done #1 812 ms`, with the first failure when it failed.
    func evalProgress(_ run: EvalRunResult, done: Int, total: Int) {
        let verdict = run.passed ? err.green("pass") : err.red("FAIL")
        let why = run.failures.first.map {
            " · \($0.name): " + $0.message.split(whereSeparator: \.isNewline).joined(separator: " ")
        }
        message("[\(done)/\(total)] \(verdict) \(run.caseName) #\(run.iteration)" + err.dim(
            " \(Int(run.outcome.latencyMs.rounded())) ms\(run.cached ? ", cached" : "")"
                + (why.map { String($0.prefix(160)) } ?? "")))
    }

    /// The report's table on stdout and its `result` event.
    func evalResult(_ report: EvalReport) {
        let width = terminal.stdoutIsTTY ? terminal.width : nil
        result(EvalTableReporter.render(report, colour: out.enabled, width: width))
        event("result", [
            ("command", .string("eval")), ("suite", .string(report.suite)),
            ("runs", GeneratedContent(report.metrics.runs)), ("passed", GeneratedContent(report.metrics.passed)),
            ("passRate", GeneratedContent(report.metrics.passRate)),
            ("gatesPassed", .bool(report.goalsMet)),
            ("baselineHeld", report.baseline.map { .bool($0.passed) } ?? .null),
        ])
    }
}
