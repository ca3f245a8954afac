public import Foundation

/// Where the reports of a run go (`--json`, `--junit`, `--markdown`, `--html`); nil writes none of that kind.
public struct EvalReportFiles: Sendable, Hashable {
    /// The JSON report.
    public var json: URL?
    /// The JUnit XML report.
    public var junit: URL?
    /// The Markdown summary.
    public var markdown: URL?
    /// The self-contained HTML page.
    public var html: URL?

    /// Creates a set of report destinations.
    public init(json: URL? = nil, junit: URL? = nil, markdown: URL? = nil, html: URL? = nil) {
        self.json = json
        self.junit = junit
        self.markdown = markdown
        self.html = html
    }
}

/// Writes a report to the files asked for, and appends the Markdown summary to `$GITHUB_STEP_SUMMARY` when that
/// variable is set (GitHub Actions shows it on the run's page).
public enum EvalReportWriter {
    /// Writes every report in `files`; `thumbnail` makes the HTML page's photo previews.
    public static func write(
        _ report: EvalReport, to files: EvalReportFiles, environment: [String: String],
        thumbnail: EvalHTMLReporter.Thumbnailer
    ) throws(EvalError) {
        if let url = files.json {
            let data: Data
            do {
                data = try report.jsonData()
            } catch {
                throw .cannotWrite(file: url.path, detail: "\(error)")
            }
            try save(data, to: url)
        }
        if let url = files.junit {
            try save(Data(EvalJUnitReporter.render(report).utf8), to: url)
        }
        let markdown = EvalMarkdownReporter.render(report)
        if let url = files.markdown {
            try save(Data(markdown.utf8), to: url)
        }
        if let url = files.html {
            try save(Data(EvalHTMLReporter.render(report, thumbnail: thumbnail).utf8), to: url)
        }
        if let summary = environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
            try append(Data((markdown + "\n").utf8), to: URL(fileURLWithPath: summary))
        }
    }

    private static func save(_ data: Data, to url: URL) throws(EvalError) {
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(file: url.path, detail: EvalSuite.reason(error))
        }
    }

    private static func append(_ data: Data, to url: URL) throws(EvalError) {
        do {
            if !FileManager.default.fileExists(atPath: url.path) {
                try data.write(to: url)
                return
            }
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: data)
        } catch {
            throw .cannotWrite(file: url.path, detail: EvalSuite.reason(error))
        }
    }
}
