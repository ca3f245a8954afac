@testable import CraftEval
import Foundation
import Testing

@Suite struct EvalMergeTests {
    private static let suite = EvalSuite(name: "s", cases: (1...5).map {
        EvalCase(name: "case \($0)", mode: .coach, inputs: .init(), expectations: .init(minIdeas: 0))
    })

    private static func shards(
        count: Int = 2, model: String = "m1"
    ) async throws -> [(file: String, report: EvalReport)] {
        let executor = TestExecutor(model: model) { _, _ in
            EvalOutcome(answer: "{}", ideaCount: 0, schemaValid: true, latencyMs: 1)
        }
        return try await EvalShardTests.shards(of: suite, count: count, executor: executor)
    }

    private static func refusal(_ reports: [(file: String, report: EvalReport)]) -> EvalError? {
        do {
            _ = try EvalReport.merge(reports)
            return nil
        } catch {
            return error
        }
    }

    @Test func refusesReportsOfAnotherSuiteNamingBothFiles() async throws {
        var reports = try await Self.shards()
        reports[1].report.suite = "other"
        let error = try #require(Self.refusal(reports))
        #expect(error.description.hasPrefix(
            "cannot merge shard1.json and shard2.json: they differ in suite (s vs other)"))
        #expect(error.exitStatus == .dataError)
    }

    @Test func refusesReportsOfAnotherPromptVersion() async throws {
        var reports = try await Self.shards()
        reports[1].report.promptVersion = "p2"
        #expect(Self.refusal(reports)?.description.contains("differ in prompt version (p1 vs p2)") == true)
    }

    @Test func refusesReportsOfAnotherModel() async throws {
        let reports = [try await Self.shards()[0], try await Self.shards(model: "m2")[1]]
        #expect(Self.refusal(reports)?.description.contains("differ in model (m1 vs m2)") == true)
    }

    @Test func refusesShardsOfDifferentSplits() async throws {
        let reports = [try await Self.shards(count: 2)[0], try await Self.shards(count: 3)[1]]
        #expect(Self.refusal(reports)?.description.contains("differ in shard count (2 vs 3)") == true)
    }

    @Test func refusesAMissingShardNamingIt() async throws {
        let reports = try await Self.shards(count: 3)
        let error = Self.refusal([reports[0], reports[2]])
        #expect(error?.description == "cannot merge: a shard is missing (shard 2/3); pass every shard's report")
        #expect(error?.exitStatus == .dataError)
    }

    @Test func refusesAShardGivenTwice() async throws {
        let reports = try await Self.shards()
        #expect(Self.refusal(reports + [reports[0]])?.description
            == "cannot merge: shard 1/2 appears in shard1.json and shard1.json; pass each shard's report once")
    }

    @Test func refusesARunThatAppearsInTwoShards() async throws {
        var reports = try await Self.shards()
        let moved = try #require(reports[0].report.runs.first)
        reports[1].report.runs.append(moved)
        #expect(Self.refusal(reports)?.description == "cannot merge: run \"\(moved.caseName)\" #1 appears in "
            + "shard1.json and shard2.json; pass each shard's report once")
    }

    @Test func refusesAMissingRunNamingIt() async throws {
        var reports = try await Self.shards()
        let dropped = reports[1].report.runs.removeLast()
        #expect(Self.refusal(reports)?.description
            == "cannot merge: a run is missing (\"\(dropped.caseName)\" #1); pass every shard's report")
    }

    @Test func refusesAReportThatIsNotAShard() async throws {
        let whole = try await EvalRunner(executor: TestExecutor { _, _ in
            EvalOutcome(answer: "{}", ideaCount: 0, schemaValid: true, latencyMs: 1)
        }).run(Self.suite, options: .init())
        let reports = try await Self.shards()
        #expect(Self.refusal([reports[0], ("whole.json", whole)])?.description.hasPrefix(
            "whole.json: not a shard's report") == true)
    }

    @Test func aShardReportSurvivesItsJSON() async throws {
        let report = try await Self.shards()[0].report
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let read = try decoder.decode(EvalReport.self, from: report.jsonData())
        #expect(read.shard == report.shard)
        #expect(read.plan == report.plan)
        #expect(read.promptVersion == "p1")
    }
}
