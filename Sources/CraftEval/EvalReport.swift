public import CraftBackends
public import CraftSchema
public import Foundation

/// Everything a run of a suite found: the runs with their outcomes and verdicts, the figures, the gates.
///
/// It is what `--json` writes (field names are stable; `formatVersion` changes when they do) and what
/// `--only-failing` reads back.
public struct EvalReport: Sendable, Hashable, Codable {
    /// The version of this report's field layout.
    public var formatVersion: Int
    /// The suite's name.
    public var suite: String
    /// The suite file's path, when it was read from one.
    public var suiteFile: String?
    /// The backend the cases ran on.
    public var backend: String
    /// The model, when one was named.
    public var model: String?
    /// When the run started.
    public var startedAt: Date
    /// How long the whole run took, in milliseconds.
    public var durationMs: Double
    /// How many cases ran at once.
    public var concurrency: Int
    /// Every run (case × repeat), in suite order.
    public var runs: [EvalRunResult]
    /// The figures computed from the runs.
    public var metrics: EvalMetrics
    /// The gates' verdicts; none for a shard, whose gates are checked when the shards are merged.
    public var gates: [EvalGateResult]
    /// The bounds the gates were checked against (or, for a shard, will be when merged); nil in older reports.
    public var gateBounds: EvalGates?
    /// The version of origami's prompts and schemas that answered; nil in older reports.
    public var promptVersion: String?
    /// Which part of the suite's runs this report holds (`--shard`); nil for a whole run or a merge.
    public var shard: EvalShard?
    /// For a shard, every run of the whole selection in suite order, so a merge can tell a missing run from one
    /// that was never asked for and put the runs back in order; nil otherwise.
    public var plan: [EvalRunKey]?
    /// Each endpoint of the pool the runs were spread over, with the runs it answered and its failures; nil without
    /// a pool.
    public var endpoints: [EvalEndpointSummary]?
    /// The figures beside a baseline report's (`--baseline`); when set, it alone decides the exit status and the
    /// gates are shown as goals met or not met.
    public var baseline: EvalBaselineComparison?

    /// Creates a report, computing the metrics and checking `gates`.
    ///
    /// With no gate set, the run is held to a pass rate of 1: every case must pass, as in other eval tools.
    public init(
        suite: String, suiteFile: String? = nil, backend: String, model: String? = nil, startedAt: Date,
        durationMs: Double, concurrency: Int, runs: [EvalRunResult], gates: EvalGates, promptVersion: String? = nil,
        shard: EvalShard? = nil, plan: [EvalRunKey]? = nil, pool: [ResolvedEndpoint]? = nil
    ) {
        formatVersion = 1
        self.suite = suite
        self.suiteFile = suiteFile
        self.backend = backend
        self.model = model
        self.startedAt = startedAt
        self.durationMs = durationMs
        self.concurrency = concurrency
        self.runs = runs
        metrics = EvalMetrics(runs)
        let bounds = gates.isEmpty ? EvalGates(minPassRate: 1) : gates
        // A shard's figures cover part of the suite, so holding them to the suite's bounds would fail or pass it
        // by chance; the merge checks the whole.
        self.gates = shard == nil ? bounds.evaluate(metrics) : []
        gateBounds = bounds
        self.promptVersion = promptVersion
        self.shard = shard
        self.plan = plan
        endpoints = pool.map { EvalEndpointSummary.summarize(runs, pool: $0) }
    }

    /// The endpoints that refused, failed or timed out at least once.
    public var failedEndpoints: [EvalEndpointSummary] {
        (endpoints ?? []).filter { $0.failures > 0 }
    }

    /// The suite's name, with the shard when this report holds one (`samples (shard 1/3)`).
    public var title: String {
        suite + (shard.map { " (shard \($0))" } ?? "")
    }

    /// Whether every gate held, or with a baseline, whether no figure fell below it.
    public var passed: Bool { baseline?.passed ?? goalsMet }

    /// Whether every goal gate held.
    public var goalsMet: Bool { gates.allSatisfy(\.passed) }

    /// This report compared with `baseline` (read from `file`); a shard's part of the figures is not compared.
    public func compared(with baseline: EvalReport, file: String, margin: Double) -> EvalReport {
        guard shard == nil else { return self }
        var report = self
        report.baseline = EvalBaselineComparison(metrics, goals: gates, baseline: baseline, file: file, margin: margin)
        return report
    }

    /// `.ok` when every gate held, `.gateFailed` (100) otherwise.
    public var exitStatus: ExitStatus { passed ? .ok : .gateFailed }

    /// The error to end the command with when a gate failed, or nil.
    public var gateError: EvalError? {
        if let baseline { return baseline.passed ? nil : .fellBelowBaseline(baseline.failures) }
        return passed ? nil : .gatesFailed(gates.filter { !$0.passed }.map(\.message))
    }

    /// The names of the cases with at least one failed run.
    public var failingCases: Set<String> {
        Set(runs.filter { !$0.passed }.map(\.caseName))
    }

    /// The report as JSON: pretty-printed, keys sorted, dates in ISO 8601.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// Reads a report written by `jsonData()`, for `--only-failing` and `--merge`.
    public static func load(contentsOf url: URL, role: String = "earlier report") throws(EvalError) -> EvalReport {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .missingFile(file: url.path, role: role, detail: EvalSuite.reason(error))
        }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode(EvalReport.self, from: data)
        } catch {
            throw .invalidValue(
                file: url.path, path: "(top level)",
                problem: "not a report written by `origami eval --json-report`; pass the file --json-report wrote"
            )
        }
    }
}
