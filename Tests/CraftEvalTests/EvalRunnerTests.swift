@testable import CraftBackends
@testable import CraftCore
@testable import CraftEval
import Foundation
import Synchronization
import Testing

/// An executor whose answers a closure gives; it counts calls and the most runs it saw at once.
final class TestExecutor: EvalExecutor {
    struct State {
        var calls: [String] = []
        var inFlight = 0
        var mostInFlight = 0
    }

    let identity: EvalIdentity
    private let answer: @Sendable (EvalCase, Int) async throws -> EvalOutcome
    let state = Mutex(State())

    init(model: String = "m1", answer: @escaping @Sendable (EvalCase, Int) async throws -> EvalOutcome) {
        identity = EvalIdentity(backend: "test", model: model, promptVersion: "p1")
        self.answer = answer
    }

    func run(_ evalCase: EvalCase) async throws -> EvalOutcome {
        let index = state.withLock { state in
            state.calls.append(evalCase.name)
            state.inFlight += 1
            state.mostInFlight = max(state.mostInFlight, state.inFlight)
            return state.calls.count - 1
        }
        defer { state.withLock { $0.inFlight -= 1 } }
        return try await answer(evalCase, index)
    }

    var calls: [String] { state.withLock(\.calls) }
}

@Suite struct EvalRunnerTests {
    private static let ideas = EvalOutcome(answer: #"{"ideas": []}"#, ideaCount: 3, schemaValid: true, latencyMs: 5)

    private func suite(_ count: Int, repeats: Int = 1, timeout: Double = 30) -> EvalSuite {
        EvalSuite(name: "s", cases: (1...count).map {
            EvalCase(name: "case \($0)", mode: .tutorial, inputs: .init(idea: BrainstormIdea(title: "idea \($0)", description: "")),
                     expectations: .init(minIdeas: 3), repeats: repeats, timeoutSeconds: timeout)
        })
    }

    @Test func runsAtMostConcurrencyAtOnce() async throws {
        let executor = TestExecutor { _, _ in
            try await Task.sleep(for: .milliseconds(30))
            return Self.ideas
        }
        let report = try await EvalRunner(executor: executor).run(suite(6), options: .init(concurrency: 2))
        #expect(report.runs.map(\.caseName) == (1...6).map { "case \($0)" })
        #expect(executor.state.withLock(\.mostInFlight) == 2)
        #expect(report.concurrency == 2)
    }

    @Test func oneAtATimeWithoutConcurrency() async throws {
        let executor = TestExecutor { _, _ in
            try await Task.sleep(for: .milliseconds(5))
            return Self.ideas
        }
        _ = try await EvalRunner(executor: executor).run(suite(4), options: .init())
        #expect(executor.state.withLock(\.mostInFlight) == 1)
    }

    @Test func repeatsAreSeparateRunsInOrder() async throws {
        let executor = TestExecutor { _, _ in Self.ideas }
        let report = try await EvalRunner(executor: executor).run(suite(2, repeats: 2), options: .init(concurrency: 3))
        #expect(report.runs.map { "\($0.caseName)#\($0.iteration)" } == ["case 1#1", "case 1#2", "case 2#1", "case 2#2"])
        let overridden = try await EvalRunner(executor: executor).run(suite(1, repeats: 2), options: .init(repeats: 3))
        #expect(overridden.runs.count == 3)
    }

    @Test func anErroringCaseFailsAloneAndTheRunGoesOn() async throws {
        let executor = TestExecutor { evalCase, _ in
            if evalCase.name == "case 2" { throw ModelError.unreachable(backend: "test", url: "http://127.0.0.1:9", detail: "refused") }
            return Self.ideas
        }
        let report = try await EvalRunner(executor: executor).run(suite(3), options: .init(concurrency: 2))
        #expect(report.runs.map(\.passed) == [true, false, true])
        #expect(report.runs[1].outcome.error?.exitStatus == 69)
        #expect(report.runs[1].failures.first?.message.contains("nothing answers at http://127.0.0.1:9") == true)
        #expect(report.exitStatus == .gateFailed)
    }

    @Test func aSlowCaseTimesOut() async throws {
        let executor = TestExecutor { evalCase, _ in
            if evalCase.name == "case 1" { try await Task.sleep(for: .seconds(60)) }
            return Self.ideas
        }
        let report = try await EvalRunner(executor: executor).run(suite(2, timeout: 0.05), options: .init())
        let error = try #require(report.runs[0].outcome.error)
        #expect(error.exitStatus == 75)
        #expect(error.message.contains("no complete answer within 0.05 s"))
        #expect(report.runs[1].passed)
    }

    @Test func cacheServesAnUnchangedCaseWithoutAskingAgain() async throws {
        let scratch = try EvalScratch(["p.jpg": "photo bytes"])
        let cache = EvalCache(folder: scratch.url("cache"))
        let executor = TestExecutor { _, _ in Self.ideas }
        let runner = EvalRunner(executor: executor)
        let first = try await runner.run(suite(2), options: .init(cache: cache))
        #expect(first.runs.map(\.cached) == [false, false])
        #expect(executor.calls.count == 2)

        var edited = suite(2)
        edited.cases[0].expectations.minIdeas = 4
        let second = try await runner.run(edited, options: .init(cache: cache))
        #expect(second.runs.map(\.cached) == [true, true])
        #expect(second.metrics.cachedRuns == 2)
        #expect(executor.calls.count == 2)
        #expect(second.runs[0].passed == false)

        _ = try await runner.run(suite(2), options: .init(cache: nil))
        #expect(executor.calls.count == 4)

        let otherModel = TestExecutor(model: "m2") { _, _ in Self.ideas }
        let third = try await EvalRunner(executor: otherModel).run(suite(2), options: .init(cache: cache))
        #expect(third.runs.map(\.cached) == [false, false])
    }

    @Test func cacheKeyFollowsPhotoContentsAndRepeats() throws {
        let scratch = try EvalScratch(["a.jpg": "one", "b.jpg": "two"])
        let cache = EvalCache(folder: scratch.url("cache"))
        let identity = EvalIdentity(backend: "test", model: nil, promptVersion: "p1")
        func key(_ photo: String, iteration: Int = 1) -> String {
            let evalCase = EvalCase(name: "c", mode: .brainstorm,
                                    inputs: .init(photos: [EvalPhoto(path: photo, url: scratch.url(photo))]))
            return cache.key(for: evalCase, iteration: iteration, identity: identity)
        }
        #expect(key("a.jpg") == key("a.jpg"))
        #expect(key("a.jpg") != key("b.jpg"))
        #expect(key("a.jpg") != key("a.jpg", iteration: 2))
        let stale = key("b.jpg")
        #expect(stale.count == 64)
        try scratch.write("b.jpg", "two, edited")
        #expect(key("b.jpg") != stale)
    }

    @Test func erroredRunsAreNotCached() async throws {
        let scratch = try EvalScratch()
        let cache = EvalCache(folder: scratch.url("cache"))
        let executor = TestExecutor { _, index in
            if index == 0 { throw ModelError.loading(backend: "test") }
            return Self.ideas
        }
        _ = try await EvalRunner(executor: executor).run(suite(1), options: .init(cache: cache))
        let second = try await EvalRunner(executor: executor).run(suite(1), options: .init(cache: cache))
        #expect(second.runs[0].cached == false)
        #expect(second.runs[0].passed)
    }

    @Test func filterAndOnlyFailingSelectCases() throws {
        let cases = suite(12)
        #expect(try EvalRunner.select(cases, .init(filter: "CASE 1")).map(\.name) == ["case 1", "case 10", "case 11", "case 12"])
        #expect(try EvalRunner.select(cases, .init(filter: "case ?")).count == 9)
        #expect(try EvalRunner.select(cases, .init(filter: "*2")).map(\.name) == ["case 2", "case 12"])
        #expect(try EvalRunner.select(cases, .init(onlyCases: ["case 3", "gone"])).map(\.name) == ["case 3"])
        #expect(throws: EvalError.self) { try EvalRunner.select(cases, .init(filter: "coach")) }
        do {
            _ = try EvalRunner.select(cases, .init(onlyCases: []))
        } catch {
            #expect(error.exitStatus == .configuration)
            #expect("\(error)".contains("the earlier report has no failing case"))
        }
    }

    @Test func cacheFolderFollowsXDG() {
        #expect(EvalCache.defaultFolder(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]).path == "/x/cache/origami/eval")
        #expect(EvalCache.defaultFolder(environment: ["XDG_CACHE_HOME": "", "HOME": "/home/u"]).path == "/home/u/.cache/origami/eval")
    }
}
