@testable import CraftEval
import Foundation
import Testing

@Suite struct EvalRunTests {
    private static let suite = """
        {"defaults": {"backend": "replay", "model": "qwen"},
         "cases": [
           {"name": "cup", "mode": "tutorial", "inputs": {"idea": {"title": "Paper cup", "description": "Folded"}},
            "expect": {"contains": [{"path": "title", "text": "cup"}]}},
           {"name": "boat", "mode": "tutorial", "inputs": {"idea": "Paper boat"},
            "expect": {"contains": [{"path": "title", "text": "boat"}]}}
         ]}
        """

    /// An executor that titles every tutorial "Paper cup", so the boat case fails.
    private func executor(_ suite: EvalSuite) -> TestExecutor {
        #expect(suite.backend == "replay")
        return TestExecutor(model: suite.model ?? "none") { _, _ in
            EvalOutcome(answer: #"{"title": "Paper cup"}"#, schemaValid: true, latencyMs: 3)
        }
    }

    @Test func runsWritesReportsAndRerunsOnlyTheFailures() async throws {
        let scratch = try EvalScratch(["suite.json": Self.suite])
        let environment = ["XDG_CACHE_HOME": scratch.url("cache").path]
        let first = try await EvalRun.run(
            EvalInvocation(suiteURL: scratch.url("suite.json"), files: .init(json: scratch.url("last.json")), environment: environment),
            makeExecutor: { self.executor($0) }, thumbnail: { _ in nil }
        )
        #expect(first.runs.map(\.passed) == [true, false])
        #expect(first.exitStatus == .gateFailed)
        #expect(first.model == "qwen")
        #expect(FileManager.default.fileExists(atPath: scratch.url("cache/origami/eval").path))

        let again = try await EvalRun.run(
            EvalInvocation(suiteURL: scratch.url("suite.json"), onlyFailing: scratch.url("last.json"), environment: environment),
            makeExecutor: { self.executor($0) }, thumbnail: { _ in nil }
        )
        #expect(again.runs.map(\.caseName) == ["boat"])
        #expect(again.runs[0].cached)
    }

    @Test func aBadSuiteStopsBeforeAnyBackendIsMade() async throws {
        let scratch = try EvalScratch(["suite.json": #"{"cases": [{"name": "x", "mode": "dance"}]}"#])
        await #expect(throws: EvalError.self) {
            _ = try await EvalRun.run(EvalInvocation(suiteURL: scratch.url("suite.json")), makeExecutor: { _ in
                Issue.record("an executor was made for an invalid suite")
                return TestExecutor { _, _ in EvalOutcome(schemaValid: true, latencyMs: 0) }
            })
        }
    }
}
