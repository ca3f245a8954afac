@testable import CraftCore
@testable import CraftEval
import CraftTesting
import Foundation
import Testing

@Suite struct EvalShardTests {
    /// A suite of every mode with 0 to 3 photos and some repeats, so costs differ and tie.
    private static let cases: [EvalCase] = (1...23).map { number in
        let mode = EvalCase.Mode.allCases[number % 4]
        let photos = (0..<(number % 4)).map {
            EvalPhoto(path: "p\(number)-\($0).jpg", url: URL(fileURLWithPath: "/photos/p\(number)-\($0).jpg"))
        }
        return EvalCase(
            name: "case \(number)", mode: mode, inputs: .init(photos: photos), expectations: .init(minIdeas: 1),
            repeats: number % 5 == 0 ? 3 : 1)
    }

    @Test(arguments: 1...7)
    func everyRunIsInExactlyOneShard(count: Int) {
        let costs = EvalSharding.costs(of: Self.cases)
        let assigned = EvalSharding.assign(costs, count: count)
        #expect(assigned.count == costs.count)
        #expect(Set(assigned.keys) == Set(costs.keys))
        #expect(assigned.values.allSatisfy { (1...count).contains($0) })
        let loads = EvalSharding.loads(costs, count: count)
        #expect(loads.reduce(0, +) == costs.values.reduce(0, +))
        // Heaviest first to the lightest shard: no shard exceeds another by more than the heaviest run.
        #expect(loads.max()! - loads.min()! <= costs.values.max()!)
    }

    @Test(arguments: 1...7)
    func theSplitDoesNotDependOnTheOrderOfTheCases(count: Int) {
        let expected = EvalSharding.assign(EvalSharding.costs(of: Self.cases), count: count)
        var generator = SplitMix(seed: UInt64(count))
        for _ in 0..<5 {
            let shuffled = Self.cases.shuffled(using: &generator)
            #expect(EvalSharding.assign(EvalSharding.costs(of: shuffled), count: count) == expected)
        }
    }

    @Test func aBrainstormWithPhotosCostsMoreThanATerm() {
        #expect(EvalSharding.cost(mode: .brainstorm, photos: 3) == 12)
        #expect(EvalSharding.cost(mode: .brainstorm, photos: 1) > EvalSharding.cost(mode: .term, photos: 0))
        #expect(EvalSharding.cost(mode: .tutorial, photos: 0) == 3)
    }

    @Test(arguments: [("1/1", 1, 1), ("2/3", 2, 3), ("7/7", 7, 7)])
    func readsAShard(text: String, index: Int, count: Int) {
        #expect(EvalShard(parsing: text) == EvalShard(index: index, count: count))
        #expect(EvalShard(parsing: text)?.description == text)
    }

    @Test(arguments: ["0/3", "4/3", "1/0", "-1/2", "1", "1/2/3", "a/b", "/2", "1/", ""])
    func refusesAShardOutsideOneToN(text: String) {
        #expect(EvalShard(parsing: text) == nil)
    }

    @Test(arguments: 1...4)
    func shardsRunOnlyTheirPartAndTheirMergeIsTheWholeRun(count: Int) async throws {
        let executor = TestExecutor { evalCase, _ in
            EvalOutcome(
                answer: #"{"ideas": []}"#, ideaCount: evalCase.name.count % 3, schemaValid: true, latencyMs: 5,
                promptTokens: 10, completionTokens: 4)
        }
        let suite = EvalSuite(name: "s", cases: Self.cases, gates: EvalGates(minPassRate: 0.5))
        let whole = try await EvalRunner(executor: executor).run(suite, options: .init())
        var shards: [(file: String, report: EvalReport)] = []
        for index in 1...count {
            let report = try await EvalRunner(executor: executor).run(
                suite, options: .init(shard: EvalShard(index: index, count: count)))
            #expect(report.shard == EvalShard(index: index, count: count))
            #expect(report.title == "s (shard \(index)/\(count))")
            #expect(report.gates.isEmpty)
            shards.append(("shard\(index).json", report))
        }
        #expect(shards.map(\.report.runs.count).reduce(0, +) == whole.runs.count)
        let merged = try EvalReport.merge(shards.reversed())
        #expect(merged.withoutTimings == whole.withoutTimings)
        #expect(merged.metrics.coach == whole.metrics.coach)
        #expect(merged.gates == whole.gates)
        #expect(merged.exitStatus == whole.exitStatus)
    }

    @Test func mergeAppliesTheGatesGivenOverTheRecordedOnes() async throws {
        let executor = TestExecutor { _, _ in EvalOutcome(answer: "{}", ideaCount: 0, schemaValid: true, latencyMs: 1) }
        let suite = EvalSuite(name: "s", cases: Array(Self.cases.prefix(4)), gates: EvalGates(minPassRate: 0))
        let shards = try await Self.shards(of: suite, count: 2, executor: executor)
        #expect(try EvalReport.merge(shards).exitStatus == .ok)
        let strict = try EvalReport.merge(shards, gates: EvalGates(minPassRate: 1))
        #expect(strict.exitStatus == .gateFailed)
        #expect(strict.gates.map(\.name) == ["min-pass-rate"])
    }

    /// Reports of the suite's shards, each named `shardI.json`.
    static func shards(
        of suite: EvalSuite, count: Int, executor: some EvalExecutor, options: EvalRunOptions = .init()
    ) async throws -> [(file: String, report: EvalReport)] {
        var reports: [(file: String, report: EvalReport)] = []
        for index in 1...count {
            var options = options
            options.shard = EvalShard(index: index, count: count)
            let report = try await EvalRunner(executor: executor).run(suite, options: options)
            reports.append(("shard\(index).json", report))
        }
        return reports
    }
}

/// The image tests' generator, for shuffles that are the same on every run of the test.
extension SplitMix: RandomNumberGenerator {}
