@testable import CraftBackends
@testable import CraftEval
import Foundation
import Testing

/// `origami eval` through the built binary: the shipped suite replayed offline from its cassette, as CI runs it,
/// with every report written and read back.
@Suite struct EvalEndToEndTests {
    static let suite = OrigamiProcess.packageRoot.appendingPathComponent("Tests/Evals/samples.json")
    static let cassette = OrigamiProcess.packageRoot.appendingPathComponent("Tests/Evals/samples.cassette.jsonl")
    static let baseline = OrigamiProcess.packageRoot.appendingPathComponent("Tests/Evals/samples.baseline.json")
    /// Whether the recording and its baseline report are there (scripts/record-evals writes both).
    static let recorded = FileManager.default.fileExists(atPath: cassette.path)
        && FileManager.default.fileExists(atPath: baseline.path)
    /// The shipped suite's runs: 4 brainstorms of 3 photos, a tutorial, 12 coach checks, a term.
    static let runCount = 18
    /// Whether `scripts/setup` installed the engine and its model where origami looks by default.
    static let engineInstalled: Bool = {
        let environment = ProcessInfo.processInfo.environment
        let data = environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/share")
        let root = data.appendingPathComponent("origami")
        return FileManager.default.isExecutableFile(
            atPath: root.appendingPathComponent("engine/\(EngineSetup.engineVersion)/bin/llama-server").path)
            && FileManager.default.fileExists(
                atPath: root.appendingPathComponent("models/\(EngineSetup.primaryModel.fileName)").path)
    }()

    let origami: OrigamiProcess

    init() throws {
        origami = try OrigamiProcess()
    }

    @Test(.enabled(if: recorded, "needs the suite's cassette and baseline report (scripts/record-evals)"))
    func theShippedSuiteReplaysOfflineAgainstItsBaselineWithEveryReport() async throws {
        // The suite's own defaults name the replay backend and its cassette; its gates are goals the default model
        // may not reach, so CI holds the replay to the committed baseline instead and shows the goals beside it.
        let outcome = try await origami.run([
            "eval", Self.suite.path, "--no-cache", "-j", "2", "--baseline", Self.baseline.path,
            "--json-report", "r.json", "--junit", "r.xml", "--markdown", "r.md", "--html", "r.html",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.hasPrefix("CASE "))
        #expect(outcome.stdout.contains("Coach: the model's own verdict"))
        #expect(outcome.stdout.contains("against the baseline \(Self.baseline.path)"))
        #expect(outcome.stdout.contains("category-balanced-accuracy"))
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: origami.file("r.json"))) as? [String: Any])
        let runs = try #require(report["runs"] as? [[String: Any]])
        #expect(runs.count == Self.runCount)
        let errors = runs.compactMap { ($0["outcome"] as? [String: Any])?["error"] as? [String: Any] }
        let misses = errors.compactMap { $0["message"] as? String }.filter { $0.contains("no recording for request") }
        #expect(misses.isEmpty, "the cassette lacks a request of the suite: \(misses)")
        let coach = try #require((report["metrics"] as? [String: Any])?["coach"] as? [String: Any])
        let counted = ["truePositives", "falsePositives", "trueNegatives", "falseNegatives", "unanswered"]
            .compactMap { coach[$0] as? Int }
        #expect(counted.reduce(0, +) == 12)
        let html = try String(contentsOf: origami.file("r.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "data:image/jpeg;base64,").count - 1 == 24)
        #expect(try String(contentsOf: origami.file("r.xml"), encoding: .utf8).contains("<testcase "))
    }

    @Test(.enabled(if: recorded, "needs the suite's cassette and baseline report (scripts/record-evals)"))
    func withoutABaselineTheGoalsDecideAndAFallBelowABaselineExitsHundred() async throws {
        let goals = try await origami.run(["eval", Self.suite.path, "--no-cache", "-j", "2", "--json-report", "g.json"])
        let report = try EvalReport.load(contentsOf: origami.file("g.json"))
        #expect(goals.status == (report.goalsMet ? 0 : 100), "\(goals.stderr)")
        // A baseline one coach verdict better than the recording: the replay falls below it.
        var better = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: Self.baseline)) as? [String: Any])
        var metrics = try #require(better["metrics"] as? [String: Any])
        let accuracy = try #require(metrics["coachBalancedAccuracy"] as? Double)
        metrics["coachBalancedAccuracy"] = accuracy + 1.0 / 12
        better["metrics"] = metrics
        try JSONSerialization.data(withJSONObject: better).write(to: origami.file("better.json"))
        let fell = try await origami.run(["eval", Self.suite.path, "--no-cache", "-j", "2", "--baseline", "better.json"])
        #expect(fell.status == 100)
        #expect(fell.stderr.contains("error: eval figures fell below the baseline:\n  - coach-balanced-accuracy: "))
    }

    /// The shipped suite written into the test's directory with its relative paths made absolute, and its first case
    /// expecting an idea no recorded answer has, so that case fails whatever the recording says.
    func suiteWithAFailingCase() throws -> URL {
        let folder = Self.suite.deletingLastPathComponent()
        func absolute(_ value: Any) -> Any {
            switch value {
            case let text as String where text.hasPrefix("../") || text.hasSuffix(".jsonl"):
                return folder.appendingPathComponent(text).standardizedFileURL.path
            case let list as [Any]: return list.map(absolute)
            case let object as [String: Any]: return object.mapValues(absolute)
            default: return value
            }
        }
        var suite = try #require(
            absolute(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.suite))) as? [String: Any])
        var cases = try #require(suite["cases"] as? [[String: Any]])
        var expect = try #require(cases[0]["expect"] as? [String: Any])
        expect["contains"] = [["path": "ideas[*].title", "text": "an idea no recording holds"]]
        cases[0]["expect"] = expect
        suite["cases"] = cases
        let file = origami.file("failing.json")
        try JSONSerialization.data(withJSONObject: suite).write(to: file)
        return file
    }

    @Test(.enabled(if: recorded, "needs the suite's cassette and baseline report (scripts/record-evals)"))
    func aFailedGateExitsHundredAndOnlyFailingRerunsTheFailures() async throws {
        let suite = try suiteWithAFailingCase()
        let first = try await origami.run([
            "eval", suite.path, "--backend", "replay", "--cassette", Self.cassette.path, "--min-pass-rate", "1",
            "--json-report", "r.json",
        ])
        // The recording's own failures (a blind model's verdict the baseline holds as it came) fail again, beside
        // the case made to fail here.
        let broken = "brainstorm warm paper, sunset print, crimson crane"
        let alreadyFailing = try EvalReport.load(contentsOf: Self.baseline).failingCases
        #expect(!alreadyFailing.contains(broken))
        let failing = try EvalReport.load(contentsOf: origami.file("r.json")).failingCases
        #expect(failing == alreadyFailing.union([broken]))
        #expect(first.status == 100)
        #expect(first.stderr.contains("error: eval gate failed:\n  - min-pass-rate: "))
        let again = try await origami.run([
            "eval", suite.path, "--backend", "replay", "--cassette", Self.cassette.path, "--only-failing", "r.json",
            "--min-pass-rate", "1", "--json-report", "again.json",
        ])
        let rerun = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: origami.file("again.json"))) as? [String: Any])
        let names = Set(((rerun["runs"] as? [[String: Any]]) ?? []).compactMap { $0["caseName"] as? String })
        #expect(names == failing)
        #expect(again.status == 100)
    }

    @Test(.enabled(if: recorded, "needs the suite's cassette and baseline report (scripts/record-evals)"))
    func twoShardsMergeIntoTheReportOfTheWholeRun() async throws {
        let whole = try await origami.run(["eval", Self.suite.path, "--no-cache", "-j", "2", "--json-report", "whole.json"])
        for index in 1...2 {
            let shard = try await origami.run([
                "eval", Self.suite.path, "--no-cache", "-j", "2", "--shard", "\(index)/2",
                "--json-report", "s\(index).json",
            ])
            // A shard's gates wait for the merge, so a shard ends 0 whatever its part's figures.
            #expect(shard.status == 0, "\(shard.stderr)")
            #expect(shard.stdout.contains("samples (shard \(index)/2): "))
        }
        let merge = try await origami.run([
            "eval", "--merge", "s2.json", "s1.json", "--json-report", "merged.json", "--junit", "merged.xml",
            "--markdown", "merged.md", "--html", "merged.html",
        ])
        #expect(merge.status == whole.status, "\(merge.stderr)")
        let merged = try EvalReport.load(contentsOf: origami.file("merged.json")).withoutTimings
        let expected = try EvalReport.load(contentsOf: origami.file("whole.json")).withoutTimings
        #expect(merged.runs.count == Self.runCount)
        #expect(merged.runs == expected.runs)
        #expect(merged.metrics == expected.metrics)
        #expect(merged.metrics.coach == expected.metrics.coach)
        #expect(merged.gates == expected.gates)
        #expect(merged == expected)
        for file in ["merged.xml", "merged.md", "merged.html"] {
            #expect(FileManager.default.fileExists(atPath: origami.file(file).path), "\(file) not written")
        }
        let twice = try await origami.run(["eval", "--merge", "s1.json", "s1.json"])
        #expect(twice.status == 65)
        #expect(twice.stderr.contains("shard 1/2 appears in "))
        let missing = try await origami.run(["eval", "--merge", "s1.json"])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("a shard is missing (shard 2/2)"))
    }

    @Test func aMeasurementOnlyRunAsksNoModelAndDecidesTheSampleCupAsTheTutorialShould() async throws {
        // No backend is configured at all: with a model asked, the run would stop for want of one.
        let outcome = try await origami.run([
            "eval", Self.suite.path, "--measurement-only", "--backend", "ollama", "--base-url", "http://127.0.0.1:9",
            "--json-report", "m.json",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("runs passed (100 %) on measurement only"))
        #expect(outcome.stdout.contains("Coach: the verdict origami's measurement backs"))
        #expect(!outcome.stdout.contains("Coach: the model's own verdict"))
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: origami.file("m.json"))) as? [String: Any])
        let metrics = try #require(report["metrics"] as? [String: Any])
        #expect(metrics["measurementOnly"] as? Bool == true)
        // Each step's done photo of the sample cup moves the tutorial on, and each wrong or unfinished one does not.
        let coach = try #require(metrics["coach"] as? [String: Any])
        #expect(coach["truePositives"] as? Int == 6)
        #expect(coach["trueNegatives"] as? Int == 6)
        #expect((report["runs"] as? [[String: Any]])?.count == 16, "the tutorial and term cases need a model")
        let merged = try await origami.run(["eval", "--merge", "m.json", "--measurement-only"])
        #expect(merged.status == 64)
        #expect(merged.stderr.contains("drop --measurement-only"))
    }

    @Test(arguments: ["0/2", "3/2", "two/3", "1"])
    func aShardOutsideOneToNIsAUsageError(shard: String) async throws {
        let outcome = try await origami.run(["eval", Self.suite.path, "--shard", shard])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("option '--shard': '\(shard)' is not valid; expected I/N with 1 ≤ I ≤ N"))
    }

    @Test func aSuiteWithATypoNamesTheKeyAndExits78() async throws {
        try origami.write(#"{"cases": [{"name": "a", "mode": "tutorial", "inputs": {"idea": "Cup"}, "expect": {"minIdea": 3}}]}"#, to: "s.json")
        let outcome = try await origami.run(["eval", "s.json", "--backend", "replay", "--cassette", "none.jsonl"])
        #expect(outcome.status == 78)
        #expect(outcome.stderr.contains("s.json: cases[0].expect.minIdea: unknown key; expected one of schemaValid, minIdeas"))
    }

    /// A slice of the suite live on the installed engine, so a change that breaks the real model's answers shows
    /// even when the cassette still replays.
    @Test(
        .enabled(if: engineInstalled, "needs scripts/setup's engine and model"),
        .timeLimit(.minutes(30)))
    func aLiveSliceOnTheEngineAnswers() async throws {
        // The real home, to find the installed engine and model; the engine's log stays in the scratch directory,
        // so starting this engine does not move the log of one already running for the person.
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        // The shipped suite's case, in a suite of its own: the shipped suite's gates need the whole suite to be
        // measured.
        try FileManager.default.copyItem(
            at: OrigamiProcess.packageRoot.appendingPathComponent("SamplePhotos"), to: origami.file("SamplePhotos"))
        try origami.write("""
            {"name": "live", "manifest": "SamplePhotos/manifest.json", "cases": [{"name": "coach step 1 done",
             "mode": "coach", "inputs": {"photos": ["SamplePhotos/progress/cup-step1-done.jpg"]},
             "expect": {"schemaValid": true, "stepComplete": "manifest"}}]}
            """, to: "live-suite.json")
        let environment = ["HOME": home, "XDG_CACHE_HOME": origami.directory.appendingPathComponent("cache").path]
        // The engine this starts is stopped afterwards, not left to its idle watchdog (ten minutes of a server on
        // a machine the other suites share).
        try await origami.finally(["engine", "stop"], environment: environment) {
            let outcome = try await origami.run([
                "eval", "live-suite.json", "--backend", "engine", "--no-cache",
                "--case-timeout", "1500", "--timeout", "900", "--min-pass-rate", "0", "--json-report", "live.json",
            ], environment: environment)
            #expect(outcome.status == 0, "\(outcome.stderr)")
        }
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: origami.file("live.json"))) as? [String: Any])
        let runs = try #require(report["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let answered = (runs.first?["assertions"] as? [[String: Any]])?.first { $0["name"] as? String == "answered" }
        #expect(answered?["passed"] as? Bool == true, "\(answered ?? [:])")
    }
}
