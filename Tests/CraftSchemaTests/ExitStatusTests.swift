@testable import CraftBackends
import Testing

@Suite struct ExitStatusTests {
    @Test func modelErrorsMapToDesignExitCodes() {
        #expect(ModelError.loading(backend: "engine").exitStatus.rawValue == 75)
        #expect(ModelError.unreachable(backend: "ollama", url: "http://127.0.0.1:11434", detail: "refused").exitStatus.rawValue == 69)
        #expect(ModelError.invalidOutput(violations: ["ideas: expected at least 3 items, got 2"]).exitStatus.rawValue == 65)
    }

    @Test func rateLimitSaysWhenToComeBackInRelativeTime() {
        #expect("\(ModelError.rateLimited(backend: "openai", retryAfterSeconds: 240))".contains("try again in 4 minutes"))
        #expect("\(ModelError.rateLimited(backend: "openai", retryAfterSeconds: nil))".contains("try again later"))
    }
}
