
/// The report as GitHub-flavoured Markdown, for a pull request comment or a job summary
/// (`$GITHUB_STEP_SUMMARY`): the headline, the figures, the coach's confusion matrix, the gates, and a table of
/// the runs with their failures.
public enum EvalMarkdownReporter {
    /// Renders `report` as Markdown.
    public static func render(_ report: EvalReport) -> String {
        let verdict = report.baseline.map { $0.passed ? "✅ no figure fell below the baseline" : "❌ a figure fell below the baseline" }
            ?? (report.passed ? "✅ gates passed" : "❌ gate failed")
        var lines = [
            "## origami eval: \(cell(report.title))",
            "",
            "\(verdict) · \(EvalFormat.headline(report.metrics)) · backend `\(report.backend)`"
                + (report.model.map { " · model `\($0)`" } ?? "") + " · -j \(report.concurrency)",
            "",
            "| Figure | Value |",
            "| --- | --- |",
        ]
        lines += EvalFormat.figures(report.metrics).map { "| \($0.0) | \($0.1) |" }
        for table in EvalFormat.matrices(report.metrics) {
            lines += [
                "", "**\(cell(table.title))** (\(cell(table.note)))", "",
                "| | " + table.columns.map(cell).joined(separator: " | ") + " |",
                "| --- |" + String(repeating: " ---: |", count: table.columns.count),
            ]
            lines += table.rows.map { "| **\(cell($0.head))** | " + $0.cells.map(cell).joined(separator: " | ") + " |" }
        }
        if let baseline = report.baseline {
            lines += [
                "", "**Against the baseline** `\(baseline.file)` (a figure may fall by "
                    + "\(EvalGateResult.format(baseline.margin)); the goals are shown, they do not decide)", "",
                "| " + EvalFormat.baselineColumns.joined(separator: " | ") + " |", "| --- | ---: | ---: | ---: | --- |",
            ]
            lines += EvalFormat.baselineRows(baseline).map { "| " + $0.map(cell).joined(separator: " | ") + " |" }
        }
        let endpoints = EvalFormat.endpointRows(report)
        if !endpoints.isEmpty {
            lines += ["", "| Endpoint | Runs and failures |", "| --- | --- |"]
            lines += endpoints.map { "| \(cell($0.0)) | \(cell($0.1)) |" }
        }
        if !report.gates.isEmpty {
            lines += ["", "| Gate | Result |", "| --- | --- |"]
            let marks = report.baseline == nil ? ("✅", "❌") : ("goal met", "goal not met")
            lines += report.gates.map { "| \(cell($0.message)) | \($0.passed ? marks.0 : marks.1) |" }
        }
        let repeats = EvalFormat.repeatCounts(report)
        let pooled = report.endpoints != nil
        lines += [
            "", "| Case | Mode | Run | Result | Latency | " + (pooled ? "Endpoint | " : "") + "Failures |",
            "| --- | --- | --- | --- | ---: | " + (pooled ? "--- | " : "") + "--- |",
        ]
        for run in report.runs {
            let failures = (run.failures.map { "**\($0.name)**: \(cell($0.message))" }
                + (EvalFormat.coachEvidence(run).map { ["*evidence*: " + cell($0)] } ?? [])).joined(separator: "<br>")
            let moved = (run.outcome.failedEndpoints ?? []).map { "<br>after \(cell($0.url)) failed" }.joined()
            let endpoint = pooled ? "| \(cell(run.outcome.endpoint ?? "-"))\(moved) " : ""
            lines.append(
                "| \(cell(run.caseName)) | \(run.mode.rawValue) | \(EvalFormat.iteration(run, of: repeats[run.caseName] ?? 1)) "
                    + "| \(run.passed ? "✅" : "❌") | \(EvalFormat.duration(run.outcome.latencyMs))\(run.cached ? " (cached)" : "") "
                    + endpoint + "| \(failures) |"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text safe in a table cell: pipes escaped, line breaks as `<br>`, HTML's markup characters escaped.
    static func cell(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "|": out += "\\|"
            case "\n": out += "<br>"
            case "\r": break
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case _ where character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control }): break
            default: out.append(character)
            }
        }
        return out
    }
}
