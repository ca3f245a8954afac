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
        for table in EvalFormat.matrices(report.metrics) {
            lines.append("")
            lines += grid([[table.title] + table.columns] + table.rows.map { ["  " + $0.head] + $0.cells })
            lines.append("  " + table.note)
        }
        let evidence = report.runs.compactMap { run in EvalFormat.coachEvidence(run).map { (run.caseName, $0) } }
        if !evidence.isEmpty {
            lines.append("")
            lines.append("coach evidence")
            lines += evidence.map { "  \($0.0): \($0.1)" }
        }
        lines.append("")
        if let baseline = report.baseline {
            lines.append("against the baseline \(baseline.file) (a figure may fall by "
                + "\(EvalGateResult.format(baseline.margin)); the goals do not decide)")
            lines += grid([EvalFormat.baselineColumns] + EvalFormat.baselineRows(baseline)).map { "  " + $0 }
            lines.append("")
        }
        for gate in report.gates {
            let verdict = report.baseline == nil
                ? (gate.passed ? paint("ok", .green, colour) : paint("FAILED", .red, colour))
                : (gate.passed ? "goal met" : "goal not met")
            lines.append("gate \(gate.message)  \(verdict)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Rows of cells in aligned columns, two spaces apart.
    private static func grid(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            let cells = row.enumerated().map { $0.offset == row.count - 1 ? $0.element : pad($0.element, widths[$0.offset]) }
            return cells.joined(separator: "  ")
        }
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
