import Foundation

/// The report as JUnit XML, the format CI systems show test results in: one `testsuite` for the suite, one
/// `testcase` per case × repeat, a `failure` per failed run carrying every failed assertion's message, an
/// `error` for a run that ended in an error.
public enum EvalJUnitReporter {
    /// Renders `report` as a JUnit XML document.
    public static func render(_ report: EvalReport) -> String {
        let repeats = EvalFormat.repeatCounts(report)
        let failures = report.runs.count { !$0.passed && $0.outcome.error == nil }
        let errors = report.runs.count { $0.outcome.error != nil }
        let seconds = seconds(report.durationMs)
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += "<testsuites name=\"origami eval\" tests=\"\(report.runs.count)\" failures=\"\(failures)\" "
            + "errors=\"\(errors)\" time=\"\(seconds)\">\n"
        xml += "  <testsuite name=\"\(escape(report.suite))\" tests=\"\(report.runs.count)\" failures=\"\(failures)\" "
            + "errors=\"\(errors)\" skipped=\"0\" time=\"\(seconds)\" "
            + "timestamp=\"\(ISO8601DateFormatter().string(from: report.startedAt))\">\n"
        xml += "    <properties>\n"
        var properties = [("backend", report.backend), ("concurrency", String(report.concurrency))]
        if let model = report.model { properties.append(("model", model)) }
        if let shard = report.shard { properties.append(("shard", shard.description)) }
        properties += EvalFormat.balancedFigures(report.metrics).map { ($0.0.trimmingCharacters(in: .whitespaces), $0.1) }
        for table in EvalFormat.matrices(report.metrics) {
            let cells = table.rows.map { row in
                row.head + ": " + zip(table.columns, row.cells).map { "\($1) \($0)" }.joined(separator: ", ")
            }
            properties.append(("matrix " + table.title, cells.joined(separator: "; ") + " (" + table.note + ")"))
        }
        properties += EvalFormat.loopFigures(report.metrics)
        let goal = report.baseline == nil ? (" (ok)", " (FAILED)") : (" (goal met)", " (goal not met)")
        properties += report.gates.map { ("gate " + $0.name, $0.message + ($0.passed ? goal.0 : goal.1)) }
        if let baseline = report.baseline {
            properties.append(("baseline", baseline.file + ", margin " + EvalGateResult.format(baseline.margin)))
            properties += EvalFormat.baselineRows(baseline).map { row in
                ("baseline " + row[0], "goal \(row[1]) · baseline \(row[2]) · now \(row[3]) · \(row[4])")
            }
        }
        for (name, value) in properties {
            xml += "      <property name=\"\(escape(name))\" value=\"\(escape(value))\"/>\n"
        }
        xml += "    </properties>\n"
        for run in report.runs {
            let total = repeats[run.caseName] ?? 1
            let name = total > 1 ? "\(run.caseName) [\(run.iteration)/\(total)]" : run.caseName
            xml += "    <testcase classname=\"\(escape(report.suite + "." + run.mode.rawValue))\" "
                + "name=\"\(escape(name))\" time=\"\(Self.seconds(run.outcome.latencyMs))\">\n"
            let detail = run.failures.map { "\($0.name): \($0.message)" }.joined(separator: "\n")
            if let error = run.outcome.error {
                xml += "      <error message=\"\(escape(EvalFormat.oneLine(error.message)))\" type=\"exit \(error.exitStatus)\">"
                    + escape(detail) + "</error>\n"
            } else if let first = run.failures.first {
                xml += "      <failure message=\"\(escape(EvalFormat.oneLine("\(first.name): \(first.message)")))\" "
                    + "type=\"\(escape(first.name))\">" + escape(detail) + "</failure>\n"
            }
            if let answer = run.outcome.answer {
                xml += "      <system-out>" + escape(answer) + "</system-out>\n"
            }
            let facts = EvalFormat.runFacts(run) + (run.outcome.repairs ?? []).map { "repair: \($0)" }
                + (EvalFormat.coachEvidence(run).map { ["evidence: " + $0] } ?? [])
            if !facts.isEmpty {
                xml += "      <system-err>" + escape(facts.joined(separator: "\n")) + "</system-err>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    private static func seconds(_ milliseconds: Double) -> String {
        String(format: "%.3f", milliseconds / 1000)
    }

    /// Text safe inside an XML attribute or element: markup characters escaped, line breaks kept as character
    /// references, and characters XML 1.0 forbids (most control characters) replaced by U+FFFD.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default:
                let value = scalar.value
                let allowed = value >= 0x20 && !(0xD800...0xDFFF).contains(value) && value != 0xFFFE && value != 0xFFFF
                out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return out
    }
}
