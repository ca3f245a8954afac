@testable import CraftBackends
import CraftTesting
import Foundation
import Testing

/// R6: the API key never leaves in an error message or a verbose log line, even when the server echoes it.
@Suite(.enabled(if: FaultServer.isAvailable, FaultServer.needs), .timeLimit(.minutes(10)))
struct OpenAISecretTests {
    static let fakeKey = "sk-test-" + UUID().uuidString.replacingOccurrences(of: "-", with: "")

    private func backend(mode: String, log: LogLines) throws -> OpenAILanguageModel {
        let server = try #require(FaultServer.shared)
        var environment = ProcessInfo.processInfo.environment
        environment["OPENAI_API_KEY"] = nil
        environment["ORIGAMI_API_KEY"] = Self.fakeKey
        let key = OpenAIConfiguration.apiKey(from: environment)
        #expect(key == Self.fakeKey)
        return OpenAILanguageModel(configuration: .init(
            baseURL: server.baseURL, model: FaultServer.model(mode), apiKey: key, flavor: .openAI,
            allowInsecureHTTP: false, loadingWait: 0, log: log.sink))
    }

    @Test func theKeyIsSentButAppearsInNoErrorOrLogWhenTheServerEchoesIt() async throws {
        let log = LogLines()
        let echoing = try backend(mode: "echo", log: log)
        let echoed = try await collect(echoing.stream(prompt("Hi"), request: GenerationRequest())).get()
        #expect(WireFixtures.text(echoed).contains("\"authorization\": true"))

        let refusing = try backend(mode: "401", log: log)
        let result = await collect(refusing.stream(prompt("Hi"), request: GenerationRequest()))
        guard case .failure(let error) = result else { Issue.record("401 must fail"); return }
        let message = "\(error)"
        #expect(message.contains("Incorrect API key provided: [redacted]"))
        #expect((error as? ModelError)?.exitStatus == .configuration)
        let lines = log.all
        #expect(lines.contains { $0.contains("[redacted]") })
        for text in [message, String(reflecting: error)] + lines {
            #expect(!text.contains(Self.fakeKey) && !text.contains(Self.fakeKey.dropFirst(8).prefix(12)))
        }
    }

    @Test func availabilityReasonsAreRedactedToo() async throws {
        let log = LogLines()
        let server = try FaultServer(mode: "401")
        defer { server.stop() }
        let model = OpenAILanguageModel(configuration: .init(
            baseURL: server.baseURL, model: "ok-model", apiKey: Self.fakeKey, flavor: .generic,
            log: log.sink))
        let availability = await model.availability()
        #expect(!"\(availability)".contains(Self.fakeKey))
    }

    @Test func theKeyComesFromTheEnvironmentOriginFirst() {
        #expect(OpenAIConfiguration.apiKey(from: ["OPENAI_API_KEY": "a-key", "ORIGAMI_API_KEY": " b-key\n"]) == "b-key")
        #expect(OpenAIConfiguration.apiKey(from: ["OPENAI_API_KEY": "a-key"]) == "a-key")
        #expect(OpenAIConfiguration.apiKey(from: ["ORIGAMI_API_KEY": ""]) == nil)
    }
}
