public import CraftBackends

/// What one endpoint of a pool did in a run of a suite: the runs it answered, the times it refused, failed or timed
/// out, computed from the runs so a merge of shards counts them again from its runs.
public struct EvalEndpointSummary: Sendable, Hashable, Codable {
    /// The endpoint's base URL.
    public var url: String
    /// The requests it took at once.
    public var slots: Int
    /// Where `slots` came from: `setting`, `/props` or `default`.
    public var slotsSource: ResolvedEndpoint.Source
    /// Runs it answered.
    public var answered: Int
    /// Times it refused, failed or timed out, each a run sent to another endpoint.
    public var failures: Int
    /// The last failure in words, when it had one.
    public var lastFailure: String?

    /// Creates a summary.
    public init(
        url: String, slots: Int, slotsSource: ResolvedEndpoint.Source, answered: Int = 0, failures: Int = 0,
        lastFailure: String? = nil
    ) {
        self.url = url
        self.slots = slots
        self.slotsSource = slotsSource
        self.answered = answered
        self.failures = failures
        self.lastFailure = lastFailure
    }

    /// Every endpoint of `pool`, in its order, with what `runs` say it did.
    public static func summarize(_ runs: [EvalRunResult], pool: [ResolvedEndpoint]) -> [EvalEndpointSummary] {
        pool.map { endpoint in
            var summary = EvalEndpointSummary(url: endpoint.url, slots: endpoint.slots, slotsSource: endpoint.source)
            for run in runs {
                if run.outcome.endpoint == endpoint.url { summary.answered += 1 }
                for failure in run.outcome.failedEndpoints ?? [] where failure.url == endpoint.url {
                    summary.failures += 1
                    summary.lastFailure = failure.reason
                }
            }
            return summary
        }
    }

    /// The pool this summary came from, for a merge to count again.
    public var endpoint: ResolvedEndpoint { ResolvedEndpoint(url: url, slots: slots, source: slotsSource) }

    /// One line for the table and the Markdown report: `12 runs, 2 slots (/props); failed 1 time: …`.
    public var line: String {
        "\(answered) run\(answered == 1 ? "" : "s") answered, \(slots) slot\(slots == 1 ? "" : "s") "
            + "(\(slotsSource.rawValue))"
            + (failures == 0 ? "" : "; FAILED \(failures) time\(failures == 1 ? "" : "s")"
                + (lastFailure.map { ", last: " + EvalFormat.oneLine($0) } ?? ""))
    }
}
