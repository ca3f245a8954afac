@testable import CraftBackends
import CraftTesting
import Testing

@Suite struct ChainTests {
    static let working = TestLanguageModel(name: "engine", answers: ["fine"])

    static func answer(from backend: any LanguageModel, rule: @Sendable (String) -> Bool = { _ in true }) async throws
        -> String
    {
        var text = ""
        for try await event in backend.stream(Transcript(), request: .init()) {
            if case .textDelta(let delta) = event { text += delta }
        }
        guard rule(text) else { throw ModelError.invalidOutput(violations: ["\(backend.name) said \(text)"]) }
        return text
    }

    @Test func anUnavailableBackendIsSkippedWithItsReason() async throws {
        let down = TestLanguageModel(name: "ollama", availability: .unavailable(reason: "run `ollama serve`")) { _, _ in
            []
        }
        let (value, report) = try await FallbackChain([down, Self.working]).run { try await Self.answer(from: $0) }
        #expect(value == "fine")
        #expect(
            report
                == FallbackReport(
                    answeredBy: "engine",
                    skipped: [.init(backend: "ollama", kind: .unavailable, detail: "run `ollama serve`")]
                ))
        #expect(down.calls.isEmpty)
    }

    @Test func aTransportErrorMovesToTheNextBackend() async throws {
        let refused = TestLanguageModel(name: "ollama") { _, _ in
            throw ModelError.unreachable(backend: "ollama", url: "http://127.0.0.1:11434", detail: "connection refused")
        }
        let (value, report) = try await FallbackChain([refused, Self.working]).run { try await Self.answer(from: $0) }
        #expect(value == "fine")
        #expect(report.skipped.map(\.kind) == [.unavailable])
        let timedOut = TestLanguageModel(name: "openai") { _, _ in
            throw ModelError.timeout(backend: "openai", seconds: 30, idle: true)
        }
        let (_, second) = try await FallbackChain([timedOut, Self.working]).run { try await Self.answer(from: $0) }
        #expect(second.skipped.map(\.kind) == [.transport])
        #expect(second.skipped.map(\.detail) == ["no data for 30 s; the server stalled (raise --timeout if the model is slow)"])
        #expect(second.answeredBy == "engine")
    }

    @Test func aResultBreakingADomainRuleMovesToTheNextBackend() async throws {
        let sloppy = TestLanguageModel(name: "ollama", answers: ["nonsense"])
        let (value, report) = try await FallbackChain([sloppy, Self.working]).run {
            try await Self.answer(from: $0) { $0 == "fine" }
        }
        #expect(value == "fine")
        #expect(
            report.skipped == [
                .init(
                    backend: "ollama", kind: .domainRule,
                    detail: "the model's answer is not valid:\n  - ollama said nonsense")
            ])
    }

    @Test func aTruncatedAnswerEndsTheRequestWithoutFallingBack() async throws {
        let cut = TestLanguageModel(name: "ollama") { _, _ in throw ModelError.truncated(maximumTokens: 64) }
        let next = TestLanguageModel(name: "engine", answers: ["fine"])
        await #expect(throws: ModelError.truncated(maximumTokens: 64)) {
            _ = try await FallbackChain([cut, next]).run { try await Self.answer(from: $0) }
        }
        #expect(next.calls.isEmpty)
    }

    @Test func whenEveryBackendFailsTheErrorListsEachWithTheLastExitStatus() async throws {
        let down = TestLanguageModel(name: "ollama", availability: .unavailable(reason: "not installed")) { _, _ in [] }
        let limited = TestLanguageModel(name: "openai") { _, _ in
            throw ModelError.rateLimited(backend: "openai", retryAfterSeconds: 60)
        }
        await #expect {
            _ = try await FallbackChain([down, limited]).run { try await Self.answer(from: $0) }
        } throws: { error in
            guard let error = error as? FallbackError else { return false }
            return error.exitStatus == .temporaryFailure
                && "\(error)".contains("ollama (unavailable): not installed")
                && "\(error)".contains("openai (transport): rate limited; try again in 60 seconds")
                && !"\(error)".contains("openai: ")
        }
    }

    @Test func aSingleBackendChainRethrowsItsOwnError() async {
        let down = TestLanguageModel(name: "engine", availability: .unavailable(reason: "run scripts/setup")) { _, _ in
            []
        }
        await #expect(throws: ModelError.unavailable(backend: "engine", reason: "run scripts/setup")) {
            _ = try await FallbackChain([down]).run { try await Self.answer(from: $0) }
        }
    }
}
