public import Foundation

/// What `origami eval` was asked to do, as plain values the command builds from its arguments.
public struct EvalInvocation: Sendable {
    /// The suite file.
    public var suiteURL: URL
    /// Concurrency, repeats, filter, timeout and gates (its `cache` and `onlyCases` are filled in by `EvalRun`).
    public var options: EvalRunOptions
    /// An earlier JSON report whose failing cases are the only ones to run (`--only-failing`).
    public var onlyFailing: URL?
    /// Whether outcomes may come from and go to the cache (false with `--no-cache`).
    public var useCache: Bool
    /// The report files to write.
    public var files: EvalReportFiles
    /// The environment: `XDG_CACHE_HOME`, `HOME`, `GITHUB_STEP_SUMMARY`.
    public var environment: [String: String]
    /// A JSON report whose figures this run must not fall below (`--baseline`); its comparison then decides.
    public var baseline: URL?
    /// How far a figure may fall below the baseline's (`--baseline-margin`).
    public var baselineMargin: Double = EvalBaselineComparison.defaultMargin
    /// Whether no model is asked (`--measurement-only`): the suite's coach and category cases are decided by
    /// origami's measurement alone (`EvalMeasurementExecutor`), afresh every time (nothing is cached).
    public var measurementOnly = false

    /// Creates an invocation.
    public init(
        suiteURL: URL, options: EvalRunOptions = .init(), onlyFailing: URL? = nil, useCache: Bool = true,
        files: EvalReportFiles = .init(), environment: [String: String] = [:]
    ) {
        self.suiteURL = suiteURL
        self.options = options
        self.onlyFailing = onlyFailing
        self.useCache = useCache
        self.files = files
        self.environment = environment
    }
}

/// The one entry point of `origami eval`: load the suite, pick the cases, run them, write the reports.
///
/// The command only parses its arguments, makes the executor (backends from the configuration, with the suite's
/// backend, model and cassette as defaults), prints `EvalTableReporter.render` and exits with the report's
/// `exitStatus` (100 when a gate failed).
public enum EvalRun {
    /// Makes the executor for a loaded suite; the suite's `backend`, `model` and `cassette` are its defaults.
    public typealias ExecutorFactory = (EvalSuite) async throws -> any EvalExecutor

    /// Runs `invocation`; throws `EvalError` for a suite, report or file problem (65, 66, 73, 78) and rethrows
    /// what `makeExecutor` throws (e.g. 69 for an unavailable backend). A failed gate is not thrown: the
    /// returned report's `exitStatus` says it.
    public static func run(
        _ invocation: EvalInvocation, makeExecutor: ExecutorFactory, progress: EvalRunner.Progress? = nil,
        thumbnail: EvalHTMLReporter.Thumbnailer = EvalHTMLReporter.standardThumbnailer
    ) async throws -> EvalReport {
        var suite = try EvalSuite.load(contentsOf: invocation.suiteURL)
        var options = invocation.options
        if invocation.measurementOnly {
            suite = try suite.measurementOnly()
            options.gates = options.gates.measured
        }
        if let earlier = invocation.onlyFailing {
            options.onlyCases = try EvalReport.load(contentsOf: earlier).failingCases
        }
        let cached = invocation.useCache && !invocation.measurementOnly
        options.cache = cached ? EvalCache(folder: EvalCache.defaultFolder(environment: invocation.environment)) : nil
        _ = try EvalRunner.select(suite, options)
        let executor = invocation.measurementOnly ? EvalMeasurementExecutor() : try await makeExecutor(suite)
        try await executor.preflight()
        var report = try await EvalRunner(executor: executor).run(suite, options: options, progress: progress)
        if let baseline = invocation.baseline {
            report = report.compared(
                with: try EvalReport.load(contentsOf: baseline, role: "baseline report"), file: baseline.path,
                margin: invocation.baselineMargin)
        }
        try EvalReportWriter.write(report, to: invocation.files, environment: invocation.environment, thumbnail: thumbnail)
        return report
    }

    /// `--merge`: reads the shards' JSON reports, merges them and writes every report asked for. A failed gate
    /// is not thrown: the returned report's `exitStatus` says it.
    public static func merge(
        _ reports: [URL], gates: EvalGates = .init(), files: EvalReportFiles = .init(),
        environment: [String: String] = [:], baseline: URL? = nil,
        baselineMargin: Double = EvalBaselineComparison.defaultMargin,
        thumbnail: EvalHTMLReporter.Thumbnailer = EvalHTMLReporter.standardThumbnailer
    ) throws(EvalError) -> EvalReport {
        var loaded: [(file: String, report: EvalReport)] = []
        for url in reports {
            loaded.append((url.path, try EvalReport.load(contentsOf: url)))
        }
        var report = try EvalReport.merge(loaded, gates: gates)
        if let baseline {
            report = report.compared(
                with: try EvalReport.load(contentsOf: baseline, role: "baseline report"), file: baseline.path,
                margin: baselineMargin)
        }
        try EvalReportWriter.write(report, to: files, environment: environment, thumbnail: thumbnail)
        return report
    }
}
