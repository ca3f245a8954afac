import CraftCore
import CraftEval
import Foundation

/// `origami eval SUITE`: batch evaluations a CI can gate on. Parses the options, hands them to `EvalRun`, prints
/// the table and exits 100 when a gate fails.
enum EvalCommand: Command {
    static let spec = CommandSpec(
        name: "eval",
        abstract: "Run an evaluation suite and report its metrics.",
        discussion: """
            Each case runs on a fresh session and its answer is checked against the case's expectations. The \
            suite's backend, model and cassette apply unless the command line, environment or configuration file \
            names them. Exits 100 when a gate fails; with no gate, when any run fails. With --baseline, exits 100 \
            only when a figure falls below the baseline report's by more than the margin, and shows the gates as \
            goals met or not met. --shard I/N runs one part of the runs; --merge combines the parts' JSON reports \
            and checks the gates on the whole. --measurement-only asks no model: each coach case's verdict is the \
            one origami would act on if a model that cannot see called every step complete (the measured change \
            and a library step's shape decide), each photo's category is origami's own reading, and only those \
            figures and their gates are reported; the same on every run.
            """,
        arguments: [ArgumentSpec(
            name: "FILE", help: "The suite file, or with --merge the shards' reports.", isRepeating: true,
            completion: .file)],
        options: [
            OptionSpec(name: "jobs", short: "j", valueName: "N", help: "Run N cases at once (default: 1)."),
            OptionSpec(name: "repeat", valueName: "K", help: "Run every case K times (default: the suite's)."),
            OptionSpec(name: "filter", valueName: "PATTERN", help: "Only cases whose name matches (glob or text)."),
            OptionSpec(
                name: "only-failing", valueName: "REPORT", help: "Only the cases that failed in an earlier JSON report.",
                completion: .file),
            OptionSpec(name: "shard", valueName: "I/N", help: "Run part I of the runs split N ways, e.g. 2/3."),
            OptionSpec(name: "merge", help: "Merge shards' JSON reports (FILE...) into one."),
            OptionSpec(name: "no-cache", help: "Ask the model again even when a cached answer exists."),
            OptionSpec(
                name: "measurement-only",
                help: "Ask no model: coach verdicts are what origami's measurement backs, categories what it reads."),
            OptionSpec(name: "case-timeout", valueName: "SECONDS", help: "Fail a run that takes longer (default: 300)."),
            OptionSpec(name: "min-pass-rate", valueName: "RATE", help: "Gate: the least pass rate, e.g. 0.9 or 90%."),
            OptionSpec(
                name: "max-false-complete-rate", valueName: "RATE",
                help: "Gate: the most coach verdicts of complete for unfinished steps, FP/(FP+TN)."),
            OptionSpec(name: "min-category-accuracy", valueName: "RATE", help: "Gate: the least photo-category accuracy."),
            OptionSpec(
                name: "min-category-balanced-accuracy", valueName: "RATE",
                help: "Gate: the least mean recall of the three photo categories."),
            OptionSpec(
                name: "min-coach-balanced-accuracy", valueName: "RATE",
                help: "Gate: the least mean of the acted-on coach verdict's TPR and TNR."),
            OptionSpec(
                name: "baseline", valueName: "REPORT",
                help: "Fail only when a figure falls below this JSON report's.", completion: .file),
            OptionSpec(
                name: "baseline-margin", valueName: "RATE",
                help: "How far a figure may fall below the baseline's (default: 0.02)."),
            OptionSpec(name: "json-report", valueName: "FILE", help: "Write the full report as JSON.", completion: .file),
            OptionSpec(name: "junit", valueName: "FILE", help: "Write a JUnit XML report.", completion: .file),
            OptionSpec(
                name: "markdown", valueName: "FILE", help: "Write a Markdown summary (also to $GITHUB_STEP_SUMMARY).",
                completion: .file),
            OptionSpec(name: "html", valueName: "FILE", help: "Write one self-contained HTML page.", completion: .file),
        ])

    static func run(_ context: CommandContext) async throws {
        let line = context.line
        let gates = EvalGates(
            minPassRate: try rate(line, "min-pass-rate"), maxFalseCompleteRate: try rate(line, "max-false-complete-rate"),
            minCategoryAccuracy: try rate(line, "min-category-accuracy"),
            minCategoryBalancedAccuracy: try rate(line, "min-category-balanced-accuracy"),
            minCoachBalancedAccuracy: try rate(line, "min-coach-balanced-accuracy"))
        let baseline = line.value("baseline").map(context.resolve)
        let margin = try rate(line, "baseline-margin") ?? EvalBaselineComparison.defaultMargin
        let files = EvalReportFiles(
            json: line.value("json-report").map(context.resolve), junit: line.value("junit").map(context.resolve),
            markdown: line.value("markdown").map(context.resolve), html: line.value("html").map(context.resolve))
        if line.has("merge") {
            guard !line.arguments.isEmpty else { throw UsageError(problem: .missingArgument("FILE"), path: line.path) }
            let conflicts = [("shard", "shards' reports"), ("measurement-only", "reports and measures nothing")]
            for (option, what) in conflicts where line.has(option) {
                throw UsageError(problem: .other("--merge combines \(what); drop --\(option)"), path: line.path)
            }
            let report = try EvalRun.merge(
                line.arguments.map(context.resolve), gates: gates, files: files, environment: context.environment,
                baseline: baseline, baselineMargin: margin)
            return try finish(report, context: context)
        }
        guard let suitePath = line.arguments.first else {
            throw UsageError(problem: .missingArgument("FILE"), path: line.path)
        }
        guard line.arguments.count == 1 else {
            throw UsageError(problem: .unexpectedArgument(line.arguments[1]), path: line.path)
        }
        var options = EvalRunOptions(
            concurrency: try line.integer("jobs") ?? 1, repeats: try line.integer("repeat"), filter: line.value("filter"),
            gates: gates, shard: try shard(line))
        options.timeoutSeconds = try line.integer("case-timeout").map(Double.init)
        var invocation = EvalInvocation(
            suiteURL: context.resolve(suitePath), options: options, onlyFailing: line.value("only-failing").map(context.resolve),
            useCache: !line.has("no-cache"), files: files, environment: context.environment)
        invocation.baseline = baseline
        invocation.measurementOnly = line.has("measurement-only")
        invocation.baselineMargin = margin
        let console = context.console
        let report = try await EvalRun.run(invocation, makeExecutor: { suite in
            try EvalFlowExecutor.live(configuration: try configuration(for: suite, context: context))
        }, progress: { run, done, total in console.evalProgress(run, done: done, total: total) })
        try finish(report, context: context)
    }

    /// Prints the table and the result event, and ends with the gate's failure when one failed.
    private static func finish(_ report: EvalReport, context: CommandContext) throws {
        context.console.evalResult(report)
        if let failure = report.gateError { throw failure }
    }

    /// The configuration with the suite's backend, model and cassette filling what nothing else set.
    private static func configuration(for suite: EvalSuite, context: CommandContext) throws -> Configuration {
        let flags = suite.filling(GlobalOptions.configurationFlags(context.line), over: try? context.configuration())
        return try Configuration.load(flags: flags, environment: context.environment)
    }

    /// `--shard I/N`; a usage error naming the value unless 1 ≤ I ≤ N.
    private static func shard(_ line: ParsedCommandLine) throws -> EvalShard? {
        guard let text = line.value("shard") else { return nil }
        guard let shard = EvalShard(parsing: text) else {
            throw UsageError(
                problem: .invalidValue(option: "--shard", value: text, expected: "I/N with 1 ≤ I ≤ N, e.g. 2/3"),
                path: line.path)
        }
        return shard
    }

    /// A gate's rate from `0.9` or `90%`; a usage error otherwise.
    private static func rate(_ line: ParsedCommandLine, _ name: String) throws -> Double? {
        guard let text = line.value(name) else { return nil }
        guard let rate = EvalGates.parseRate(text) else {
            throw UsageError(
                problem: .invalidValue(option: "--" + name, value: text, expected: "a rate from 0 to 1, or 0% to 100%"),
                path: line.path)
        }
        return rate
    }
}
