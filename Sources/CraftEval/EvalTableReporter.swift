/// The report as a table for a terminal: one row per run, then the figures, the coach's confusion matrix and
/// the gates.
///
/// On a terminal (`width` given) long cells are cut to fit and `colour` marks pass and fail; in a log (no width)
/// every message is written out in full so a CI log says everything.
public enum EvalTableReporter {
    /// Renders `report`; `width` is the terminal's column count, nil when the output is not a terminal.
    public static func render(_ report: EvalReport, colour: Bool, width: Int?) -> String {
        let repeats = EvalFormat.repeatCounts(report)
        let pooled = report.endpoints != nil
        let header = ["CASE", "MODE", "RUN", "RESULT", "LATENCY", "TOKENS"] + (pooled ? ["ENDPOINT"] : [])
            + ["FIRST FAILURE"]
        let rows = report.runs.map { run in
            [
                run.caseName, run.mode.rawValue, EvalFormat.iteration(run, of: repeats[run.caseName] ?? 1),
                run.passed ? "pass" : "FAIL", EvalFormat.duration(run.outcome.latencyMs) + (run.cached ? "*" : ""),
                EvalFormat.count(run.outcome.totalTokens),
            ] + (pooled ? [endpointCell(run)] : []) + [EvalFormat.firstFailure(run)]
        }
        var widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        if let width {
            widths[0] = min(widths[0], 32)
            let fixed = widths.dropLast().reduce(0, +) + 2 * (widths.count - 1)
            widths[widths.count - 1] = max(16, min(widths.last!, width - fixed))
        }
        var lines = [line(header, widths: widths, cut: width != nil, colour: false, bold: colour)]
        for row in rows {
            lines.append(line(row, widths: widths, cut: width != nil, colour: colour, bold: false))
        }
        if report.runs.contains(where: \.cached) { lines.append("* from the cache") }
        lines.append("")
        lines.append(report.title + ": " + EvalFormat.headline(report.metrics) + " on " + report.backend
            + (report.model.map { " (\($0))" } ?? ""))
        let figures = EvalFormat.figures(report.metrics)
        let labelWidth = figures.map(\.0.count).max() ?? 0
        for (label, value) in figures {
            lines.append("  " + pad(label, labelWidth) + "  " + value)
        }
        let endpoints = EvalFormat.endpointRows(report)
        if !endpoints.isEmpty {
            lines.append("")
            lines.append("endpoints")
            let urlWidth = endpoints.map(\.0.count).max() ?? 0
            lines += endpoints.map { "  " + pad($0.0, urlWidth) + "  " + $0.1 }
        }
        let matrix = report.metrics.coach
        if matrix.total + matrix.unanswered > 0 {
            lines.append("")
            lines.append("coach isCurrentStepComplete   model: complete   model: not complete")
            lines.append("  truth: complete             TP \(pad(String(matrix.truePositives), 14))FN \(matrix.falseNegatives)")
            lines.append("  truth: not complete         FP \(pad(String(matrix.falsePositives), 14))TN \(matrix.trueNegatives)")
            if matrix.unanswered > 0 { lines.append("  unanswered (errors): \(matrix.unanswered)") }
        }
        lines.append("")
        for gate in report.gates {
            let verdict = gate.passed ? paint("ok", .green, colour) : paint("FAILED", .red, colour)
            lines.append("gate \(gate.message)  \(verdict)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The endpoint that answered a run, with `(+N)` for the endpoints that failed it first.
    private static func endpointCell(_ run: EvalRunResult) -> String {
        let moved = run.outcome.failedEndpoints?.count ?? 0
        return (run.outcome.endpoint ?? "-") + (moved > 0 ? " (after \(moved) failed)" : "")
    }

    private enum Tint: String {
        case red = "31", green = "32", bold = "1"
    }

    private static func paint(_ text: String, _ tint: Tint, _ enabled: Bool) -> String {
        enabled ? "\u{1B}[\(tint.rawValue)m\(text)\u{1B}[0m" : text
    }

    private static func line(_ cells: [String], widths: [Int], cut: Bool, colour: Bool, bold: Bool) -> String {
        var parts: [String] = []
        for (index, cell) in cells.enumerated() {
            var text = cut ? shorten(cell, widths[index]) : cell
            let isLast = index == cells.count - 1
            if !isLast { text = pad(text, widths[index]) }
            if colour, index == 3 { text = paint(text, cell == "pass" ? .green : .red, true) }
            parts.append(text)
        }
        let joined = parts.joined(separator: "  ")
        let trimmed = String(joined.reversed().drop { $0 == " " }.reversed())
        return bold ? paint(trimmed, .bold, true) : trimmed
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private static func shorten(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(width - 1, 0))) + "…"
    }
}
