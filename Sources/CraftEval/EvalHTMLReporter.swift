import CraftCore
import CraftImages
public import Foundation

/// A small image to show in the HTML report: the photo scaled down, re-encoded, embedded as a data URI.
public struct EvalThumbnail: Sendable, Hashable {
    /// The media type of `data`, e.g. `image/jpeg`.
    public var mimeType: String
    /// The encoded image.
    public var data: Data

    /// Creates a thumbnail.
    public init(mimeType: String, data: Data) {
        self.mimeType = mimeType
        self.data = data
    }
}

/// The report as one self-contained HTML page: figures, the coach's confusion matrix, the gates, and a card per
/// run with the case's photos (embedded thumbnails), every assertion's verdict and the model's answer.
///
/// Nothing is fetched when the page is opened: styles are inline and images are data URIs, so the file can be
/// attached to a CI run as it is.
public enum EvalHTMLReporter {
    /// Makes the thumbnail of a photo, or nil when it cannot be read (the page then names the photo instead).
    public typealias Thumbnailer = @Sendable (EvalPhoto) -> EvalThumbnail?

    /// Thumbnails from origami's photo pipeline: upright, at most 280 pixels on the long side, JPEG quality 70.
    public static let standardThumbnailer: Thumbnailer = { photo in
        guard let picture = try? Photo.load(contentsOf: photo.url, options: PhotoOptions(maximumDimension: 280, jpegQuality: 70)) else {
            return nil
        }
        return EvalThumbnail(mimeType: "image/jpeg", data: picture.jpegData)
    }

    /// Renders `report`, asking `thumbnail` once per distinct photo.
    public static func render(_ report: EvalReport, thumbnail: Thumbnailer) -> String {
        var cache: [URL: EvalThumbnail?] = [:]
        let repeats = EvalFormat.repeatCounts(report)
        var body = header(report) + summary(report) + "<h2>Runs</h2>\n"
        for run in report.runs {
            let pictures = run.photos.map { photo -> String in
                if cache[photo.url] == nil { cache[photo.url] = .some(thumbnail(photo)) }
                let label = run.outcome.photoLabels[photo.path].map { " · \($0)" } ?? ""
                let caption = escape(photo.path + label)
                guard let image = cache[photo.url] ?? nil else {
                    return "<figure class=\"missing\"><div>no preview</div><figcaption>\(caption)</figcaption></figure>"
                }
                let uri = "data:\(image.mimeType);base64,\(image.data.base64EncodedString())"
                return "<figure><img src=\"\(uri)\" alt=\"\(caption)\"><figcaption>\(caption)</figcaption></figure>"
            }
            let verdicts = run.assertions.map { verdict in
                "<li class=\"\(verdict.passed ? "ok" : "bad")\"><span class=\"mark\">\(verdict.passed ? "✓" : "✗")</span>"
                    + "<b>\(escape(verdict.name))</b> \(escape(verdict.message))</li>"
            }
            let answer = run.outcome.answer.map { "<pre class=\"answer\">\(escape(EvalFormat.indentedJSON($0)))</pre>" }
                ?? "<p class=\"noanswer\">No answer.</p>"
            let asked = run.outcome.modelAsked != false
            let facts = [
                run.mode.rawValue, "run \(EvalFormat.iteration(run, of: repeats[run.caseName] ?? 1))",
                EvalFormat.duration(run.outcome.latencyMs) + (run.cached ? " (cached)" : ""),
            ] + (asked ? ["\(EvalFormat.count(run.outcome.totalTokens)) tokens"] : ["no model asked"])
                + EvalFormat.runFacts(run)
                + (asked ? EvalFormat.answeredBy(run).map { ["answered by \($0)"] } ?? [] : [])
                + (run.outcome.failedEndpoints ?? []).map { "\($0.url) failed: \($0.reason)" }
            let repairs = (run.outcome.repairs ?? []).map { "<li>\(escape($0))</li>" }.joined()
            let repairList = repairs.isEmpty
                ? "" : "<details><summary>Repairs</summary><ul class=\"repairs\">\(repairs)</ul></details>"
            body += """
                <section class="run \(run.passed ? "pass" : "fail")">
                <h3><span class="badge">\(run.passed ? "PASS" : "FAIL")</span> \(escape(run.caseName))</h3>
                <p class="facts">\(escape(facts.joined(separator: " · ")))</p>
                \(EvalFormat.coachEvidence(run).map { "<p class=\"evidence\">Evidence: \(escape($0))</p>" } ?? "")
                <div class="photos">\(pictures.joined())</div>
                <ul class="verdicts">\(verdicts.joined())</ul>
                \(repairList)
                \(asked ? "<details\(run.passed ? "" : " open")><summary>Model's answer</summary>\(answer)</details>" : "")
                </section>

                """
        }
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            + "<title>origami eval: \(escape(report.suite))</title><style>\(style)</style></head>\n<body>\n"
            + body + "</body></html>\n"
    }

    private static func header(_ report: EvalReport) -> String {
        let started = ISO8601DateFormatter().string(from: report.startedAt)
        let verdict = report.baseline.map { $0.passed ? "No figure fell below the baseline" : "A figure fell below the baseline" }
            ?? (report.passed ? "Gates passed" : "Gate failed")
        return """
            <header class="\(report.passed ? "pass" : "fail")"><h1>origami eval: \(escape(report.title))</h1>
            <p class="verdict">\(verdict) · \(escape(EvalFormat.headline(report.metrics)))</p>
            <p class="facts">backend \(escape(report.backend))\(report.model.map { " · model " + escape($0) } ?? "") · -j \(report.concurrency) · started \(started) · took \(EvalFormat.duration(report.durationMs))</p>
            </header>

            """
    }

    private static func summary(_ report: EvalReport) -> String {
        let figures = EvalFormat.figures(report.metrics)
            .map { "<tr><th>\(escape($0.0))</th><td>\(escape($0.1))</td></tr>" }.joined()
        var html = "<div class=\"summary\"><table class=\"figures\"><caption>Figures</caption>\(figures)</table>\n"
        for table in EvalFormat.matrices(report.metrics) {
            let heads = table.columns.map { "<th>\(escape($0))</th>" }.joined()
            let rows = table.rows.map { row in
                "<tr><th>\(escape(row.head))</th>" + row.cells.map { "<td\(tone($0))>\(escape($0))</td>" }.joined() + "</tr>"
            }
            html += "<table class=\"matrix\"><caption>\(escape(table.title))</caption><tr><td></td>\(heads)</tr>"
                + rows.joined() + "<tr><td colspan=\"\(table.columns.count + 1)\">\(escape(table.note))</td></tr></table>\n"
        }
        if let baseline = report.baseline {
            let heads = EvalFormat.baselineColumns.map { "<th>\(escape($0))</th>" }.joined()
            let rows = zip(baseline.figures, EvalFormat.baselineRows(baseline)).map { figure, cells in
                "<tr class=\"\(figure.regressed ? "bad" : "ok")\">" + cells.map { "<td>\(escape($0))</td>" }.joined() + "</tr>"
            }
            html += "<table class=\"baseline\"><caption>Against the baseline \(escape(baseline.file)) (margin "
                + "\(EvalGateResult.format(baseline.margin)); goals shown, not deciding)</caption><tr>\(heads)</tr>"
                + rows.joined() + "</table>\n"
        }
        if let endpoints = report.endpoints {
            let rows = endpoints.map { endpoint in
                "<tr class=\"\(endpoint.failures > 0 ? "bad" : "ok")\"><th>\(escape(endpoint.url))</th>"
                    + "<td>\(escape(endpoint.line))</td></tr>"
            }
            html += "<table class=\"endpoints\"><caption>Endpoints</caption>\(rows.joined())</table>\n"
        }
        let goals = report.baseline == nil ? "" : " (goals)"
        let gates = report.gates.map { gate in
            let met = report.baseline == nil ? "" : gate.passed ? " · goal met" : " · goal not met"
            return "<li class=\"\(gate.passed ? "ok" : "bad")\">\(escape(gate.message + met))</li>"
        }
        html += "<div class=\"gates\"><h2>Gates\(goals)</h2><ul>\(gates.joined())</ul></div></div>\n"
        return html
    }

    /// A coach matrix cell's class: right verdicts good, a missed completion poor, a false completion worst.
    private static func tone(_ cell: String) -> String {
        switch cell.prefix(2) {
        case "TP", "TN": " class=\"good\""
        case "FN": " class=\"poor\""
        case "FP": " class=\"worst\""
        default: ""
        }
    }

    /// Text safe in HTML content and attribute values.
    static func escape(_ text: String) -> String {
        HTML.escape(text)
    }

    private static let style = """
        body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:16px;color:#222;background:#fafaf7}
        header{border-left:8px solid;padding:4px 16px;margin-bottom:16px}header.pass{border-color:#2a8a3e}header.fail{border-color:#c62828}
        h1{margin:8px 0}.verdict{font-size:18px;font-weight:600}.facts{color:#555;margin:4px 0}
        .summary{display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start}
        table{border-collapse:collapse;background:#fff}caption{font-weight:600;text-align:left;padding:4px 0}
        th,td{border:1px solid #ddd;padding:4px 10px;text-align:left}
        .matrix td.good{background:#e3f4e6}.matrix td.poor{background:#fff3d6}.matrix td.worst{background:#fde0e0;font-weight:700}
        .gates ul,.verdicts{list-style:none;padding:0;margin:4px 0}.gates h2{font-size:16px;margin:4px 0}
        li.ok{color:#1f6b30}li.bad,tr.bad{color:#b71c1c}.mark{display:inline-block;width:1.2em;font-weight:700}
        section.run{background:#fff;border:1px solid #ddd;border-left:6px solid;border-radius:4px;padding:8px 16px;margin:12px 0}
        section.pass{border-left-color:#2a8a3e}section.fail{border-left-color:#c62828}
        h3{margin:6px 0}.badge{font-size:12px;color:#fff;padding:2px 6px;border-radius:3px;vertical-align:middle}
        .pass .badge{background:#2a8a3e}.fail .badge{background:#c62828}
        .photos{display:flex;flex-wrap:wrap;gap:8px}figure{margin:0;width:140px}
        figure img{width:140px;height:105px;object-fit:cover;border-radius:3px;border:1px solid #ccc}
        figure.missing div{width:140px;height:105px;background:#eee;display:flex;align-items:center;justify-content:center;color:#777}
        figcaption{font-size:11px;color:#555;word-break:break-all}
        pre.answer{background:#f4f4f0;padding:8px;overflow-x:auto;font-size:12px;white-space:pre-wrap;max-height:420px}
        """
}
