import CraftBackends
import Foundation

extension EvalReport {
    /// Combines the reports of every shard of one run into the report the whole run would have written.
    ///
    /// Every figure is computed again from the runs (a rate averaged over shards would weigh a small shard like
    /// a large one) and the gates are checked on the whole; `gates` set here win over the bounds the shards
    /// recorded, gate by gate. Refuses reports that are not shards, that ran a different suite, backend, model,
    /// prompt version, gates or selection, and a set with a shard or run twice or one missing.
    public static func merge(_ reports: [(file: String, report: EvalReport)], gates: EvalGates = .init())
        throws(EvalError) -> EvalReport {
        guard let (firstFile, first) = reports.first else {
            throw .missingFromMerge(what: "every report is", missing: ["no REPORT.json given"])
        }
        guard let firstShard = first.shard, let plan = first.plan else { throw .notAShard(file: firstFile) }
        var shardFiles: [Int: [String]] = [:]
        for (file, report) in reports {
            guard let shard = report.shard, let otherPlan = report.plan else { throw .notAShard(file: file) }
            for (field, value, otherValue) in [
                ("suite", first.suite, report.suite),
                ("prompt version", first.promptVersion ?? "none", report.promptVersion ?? "none"),
                ("backend", first.backend, report.backend),
                ("model", first.model ?? "none", report.model ?? "none"),
                ("shard count", String(firstShard.count), String(shard.count)),
                ("gates", describe(first.gateBounds), describe(report.gateBounds)),
            ] where value != otherValue {
                throw .mismatchedReports(
                    file: firstFile, other: file, field: field, value: value, otherValue: otherValue)
            }
            if otherPlan != plan {
                let difference = Set(plan).symmetricDifference(otherPlan).sorted().first.map { "\($0)" }
                throw .mismatchedReports(
                    file: firstFile, other: file, field: "the runs selected (--filter, --repeat, --only-failing)",
                    value: "\(plan.count) runs", otherValue: "\(otherPlan.count) runs"
                        + (difference.map { ", e.g. \($0) in only one" } ?? ", in another order"))
            }
            shardFiles[shard.index, default: []].append(file)
        }
        if let (index, files) = shardFiles.sorted(by: { $0.key < $1.key }).first(where: { $0.value.count > 1 }) {
            throw .duplicateInMerge(what: "shard \(index)/\(firstShard.count)", files: files)
        }
        let missingShards = (1...firstShard.count).filter { shardFiles[$0] == nil }
        guard missingShards.isEmpty else {
            throw .missingFromMerge(
                what: missingShards.count == 1 ? "a shard is" : "\(missingShards.count) shards are",
                missing: missingShards.map { "shard \($0)/\(firstShard.count)" })
        }
        var byKey: [EvalRunKey: (file: String, run: EvalRunResult)] = [:]
        for (file, report) in reports {
            for run in report.runs {
                let key = EvalRunKey(caseName: run.caseName, iteration: run.iteration)
                if let earlier = byKey[key] {
                    throw .duplicateInMerge(what: "run \(key)", files: [earlier.file, file])
                }
                byKey[key] = (file, run)
            }
        }
        let missingRuns = plan.filter { byKey[$0] == nil }
        guard missingRuns.isEmpty else {
            throw .missingFromMerge(
                what: missingRuns.count == 1 ? "a run is" : "\(missingRuns.count) runs are",
                missing: missingRuns.map(\.description))
        }
        let all = reports.map(\.report)
        return EvalReport(
            suite: first.suite, suiteFile: first.suiteFile, backend: first.backend, model: first.model,
            startedAt: all.map(\.startedAt).min()!,
            // The shards ran side by side, so the whole took as long as the slowest.
            durationMs: all.map(\.durationMs).max()!, concurrency: first.concurrency,
            runs: plan.map { byKey[$0]!.run },
            gates: gates.filling(from: first.gateBounds ?? EvalGates()), promptVersion: first.promptVersion,
            pool: mergedPool(all)
        )
    }

    /// The report without what differs between two runs of the same answers: start, duration, concurrency and
    /// latencies. Two such reports are equal when the runs, verdicts and figures are, e.g. a merge and a whole run.
    public var withoutTimings: EvalReport {
        var report = self
        report.startedAt = Date(timeIntervalSince1970: 0)
        report.durationMs = 0
        report.concurrency = 1
        report.metrics.latencyP50Ms = nil
        report.metrics.latencyP95Ms = nil
        for index in report.runs.indices { report.runs[index].outcome.latencyMs = 0 }
        return report
    }

    /// Every endpoint any shard used, in the order first seen; nil when no shard used a pool.
    private static func mergedPool(_ reports: [EvalReport]) -> [ResolvedEndpoint]? {
        let all = reports.compactMap(\.endpoints).flatMap { $0 }
        guard !all.isEmpty else { return nil }
        var seen: Set<String> = []
        return all.filter { seen.insert($0.url).inserted }.map(\.endpoint)
    }

    private static func describe(_ gates: EvalGates?) -> String {
        guard let gates else { return "none recorded" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(gates)).map { String(decoding: $0, as: UTF8.self) } ?? "\(gates)"
    }
}
