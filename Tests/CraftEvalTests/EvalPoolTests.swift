@testable import CraftBackends
@testable import CraftCore
@testable import CraftEval
import CraftTesting
import Foundation
import Synchronization
import Testing

/// An executor over a pool of named endpoints: a closure decides, per endpoint, whether it answers or fails; it
/// counts the runs each endpoint holds at once.
final class PoolTestExecutor: EvalExecutor {
    struct State {
        var inFlight: [Int: Int] = [:]
        var mostInFlight: [Int: Int] = [:]
        var runs: [Int: Int] = [:]
        var started = 0
    }

    let identity = EvalIdentity(backend: "openai", model: "m", promptVersion: "p1")
    let endpoints: [ResolvedEndpoint]
    private let fails: @Sendable (Int) -> Bool
    /// The first this-many runs wait for each other before answering, so they all hold their slots at once.
    private let barrier: Int
    let state = Mutex(State())

    init(slots: [Int], barrier: Int = 0, fails: @escaping @Sendable (Int) -> Bool = { _ in false }) {
        self.barrier = barrier
        endpoints = slots.enumerated().map {
            ResolvedEndpoint(url: "http://e\($0.offset):8080", slots: $0.element, source: .setting)
        }
        self.fails = fails
    }

    func poolEndpoints() async -> [ResolvedEndpoint] { endpoints }

    func run(_ evalCase: EvalCase) async throws -> EvalOutcome {
        Issue.record("a pooled run must name its endpoint")
        return .failed(CancellationError(), latencyMs: 0)
    }

    func run(_ evalCase: EvalCase, endpoint: Int) async throws -> EvalOutcome {
        let order = state.withLock { state in
            state.started += 1
            state.inFlight[endpoint, default: 0] += 1
            state.runs[endpoint, default: 0] += 1
            state.mostInFlight[endpoint] = max(state.mostInFlight[endpoint] ?? 0, state.inFlight[endpoint]!)
            return state.started
        }
        defer { state.withLock { $0.inFlight[endpoint]! -= 1 } }
        while order <= barrier, state.withLock({ $0.started }) < barrier { try await Task.sleep(for: .milliseconds(1)) }
        try await Task.sleep(for: .milliseconds(20))
        if fails(endpoint) {
            throw PoolError.endpointFailed(
                backend: "openai", url: endpoints[endpoint].url,
                reason: "nothing answers at \(endpoints[endpoint].url) (connection refused)", exitStatus: .unavailable)
        }
        return EvalOutcome(answer: "{}", schemaValid: true, latencyMs: 20)
    }
}

/// The eval runner over a pool: runs spread by slots, a failing endpoint's runs moved to another and counted, and
/// every report naming the endpoint of each run and the endpoints that failed.
@Suite struct EvalPoolTests {
    private func suite(_ count: Int) -> EvalSuite {
        EvalSuite(name: "s", cases: (1...count).map {
            EvalCase(name: "case \($0)", mode: .term, inputs: .init(), expectations: .init(), timeoutSeconds: 30)
        })
    }

    @Test func runsSpreadOverTheEndpointsWithinTheirSlots() async throws {
        // The first three runs hold every slot at once: two on the first endpoint, one on the second.
        let executor = PoolTestExecutor(slots: [2, 1], barrier: 3)
        let report = try await EvalRunner(executor: executor).run(suite(12), options: .init(concurrency: 6))
        let most = executor.state.withLock(\.mostInFlight)
        #expect(most[0] == 2)
        #expect(most[1] == 1)
        #expect(report.runs.allSatisfy { $0.passed })
        #expect(Set(report.runs.compactMap(\.outcome.endpoint)) == ["http://e0:8080", "http://e1:8080"])
        #expect(report.endpoints?.map(\.answered).reduce(0, +) == 12)
    }

    @Test func aFailingEndpointsRunsGoToAnotherAndAreCounted() async throws {
        let executor = PoolTestExecutor(slots: [1, 1, 1]) { $0 == 1 }
        let report = try await EvalRunner(executor: executor).run(suite(9), options: .init(concurrency: 3))
        #expect(report.runs.allSatisfy { $0.passed })
        #expect(report.runs.allSatisfy { $0.outcome.endpoint != "http://e1:8080" })
        let moved = report.runs.filter { !($0.outcome.failedEndpoints ?? []).isEmpty }
        #expect(!moved.isEmpty)
        #expect(moved.allSatisfy { $0.outcome.failedEndpoints?.map(\.url) == ["http://e1:8080"] })
        #expect(report.metrics.endpointRetries == moved.count)
        // Every run the failing endpoint took was moved, and counted once.
        #expect(executor.state.withLock { $0.runs[1] } == moved.count)
        #expect(report.failedEndpoints.map(\.url) == ["http://e1:8080"])
    }

    @Test func aRunThatEveryEndpointFailsFailsNamingThem() async throws {
        let executor = PoolTestExecutor(slots: [1, 1]) { _ in true }
        let report = try await EvalRunner(executor: executor).run(suite(1), options: .init(concurrency: 1))
        let run = try #require(report.runs.first)
        #expect(!run.passed)
        #expect(run.outcome.failedEndpoints?.map(\.url).sorted() == ["http://e0:8080", "http://e1:8080"])
        let message = try #require(run.outcome.error?.message)
        #expect(message.contains("http://e0:8080") && message.contains("http://e1:8080"))
        #expect(report.failedEndpoints.count == 2)
    }

    @Test func everyReportNamesTheEndpointOfEachRunAndTheFailedOnes() async throws {
        let executor = PoolTestExecutor(slots: [1, 1]) { $0 == 1 }
        let report = try await EvalRunner(executor: executor).run(suite(4), options: .init(concurrency: 2))
        let table = EvalTableReporter.render(report, colour: false, width: nil)
        let markdown = EvalMarkdownReporter.render(report)
        let html = EvalHTMLReporter.render(report) { _ in nil }
        for text in [table, markdown, html] {
            #expect(text.contains("http://e0:8080"))
            // Once, or more when the machine is so slow that its backoff passes before the last run.
            #expect(text.contains("FAILED "))
            #expect(text.contains("http://e1:8080"))
        }
        #expect(table.contains("ENDPOINT"))
        #expect(markdown.contains("| Endpoint |"))
        #expect(html.contains("answered by openai at http://e0:8080"))
        let json = String(decoding: try report.jsonData(), as: UTF8.self)
        #expect(json.contains("\"failedEndpoints\""))
        #expect(json.contains("\"endpoint\" : \"http://e0:8080\""))
    }

    @Test func aMergeOfShardsCountsTheEndpointsAgainFromTheRuns() async throws {
        let executor = PoolTestExecutor(slots: [1, 1]) { $0 == 1 }
        var reports: [(file: String, report: EvalReport)] = []
        for index in 1...2 {
            let options = EvalRunOptions(concurrency: 2, shard: EvalShard(index: index, count: 2))
            reports.append(("s\(index).json", try await EvalRunner(executor: executor).run(suite(4), options: options)))
        }
        let merged = try EvalReport.merge(reports)
        #expect(merged.endpoints?.map(\.answered).reduce(0, +) == 4)
        #expect(merged.failedEndpoints.map(\.url) == ["http://e1:8080"])
    }

    @Test func withoutAPoolTheReportsShowNoEndpoints() async throws {
        let executor = TestExecutor { _, _ in EvalOutcome(answer: "{}", schemaValid: true, latencyMs: 1) }
        let report = try await EvalRunner(executor: executor).run(suite(2), options: .init())
        #expect(report.endpoints == nil)
        #expect(!EvalTableReporter.render(report, colour: false, width: nil).contains("ENDPOINT"))
    }
}
