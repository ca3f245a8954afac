@testable import CraftBackends
import CraftTesting
import Foundation
import Testing

@Suite(.enabled(if: FaultServer.isAvailable, FaultServer.needs), .timeLimit(.minutes(10)))
struct OllamaLanguageModelTests {
    private func model(_ name: String, baseURL: URL? = nil) throws -> OllamaLanguageModel {
        let server = try #require(FaultServer.shared)
        return OllamaLanguageModel(configuration: .init(baseURL: baseURL ?? server.baseURL, model: name))
    }

    @Test func aPulledModelIsAvailableWithOrWithoutItsTag() async throws {
        #expect(try await model("qwen2.5:latest").availability() == .available)
        #expect(try await model("qwen2.5").availability() == .available)
    }

    @Test func aModelNotPulledSaysToPullIt() async throws {
        guard case .unavailable(let reason) = try await model("llama3.2").availability() else {
            Issue.record("must be unavailable"); return
        }
        #expect(reason.contains("run `ollama pull llama3.2`"))
    }

    @Test func aStoppedServerSaysToStartIt() async throws {
        let closed = URL(string: "http://127.0.0.1:\(FaultServer.closedPort())")!
        guard case .unavailable(let reason) = try await model("qwen2.5", baseURL: closed).availability() else {
            Issue.record("must be unavailable"); return
        }
        #expect(reason.contains("ollama serve") && reason.contains("connection refused"))
    }

    @Test func capabilitiesComeFromShow() async throws {
        let capabilities = try await model("llava:7b").capabilities()
        #expect(capabilities == Capabilities(vision: true, nativeJSONSchema: true, tools: true, reasoning: false,
                                             contextSize: 4096, visionSource: "/api/show"))
    }

    @Test func aModelWhoseShowListsNoVisionIsBlind() async throws {
        let capabilities = try await model("qwen2.5:latest").capabilities()
        #expect(!capabilities.vision && capabilities.tools && capabilities.visionSource == "/api/show")
    }

    @Test func thePersonsVisionSettingWinsOverShow() async throws {
        let server = try #require(FaultServer.shared)
        let told = OllamaLanguageModel(configuration: .init(
            baseURL: server.baseURL, model: "llava:7b", vision: false, visionSource: "the vision setting, flag --vision"))
        let capabilities = try await told.capabilities()
        #expect(!capabilities.vision && capabilities.visionSource == "the vision setting, flag --vision")
    }

    @Test func imagesReachTheServerAsBase64() async throws {
        let photo = OpenAIRequestBuilderTests.photo
        let events = try await collect(model(FaultServer.model("echo"))
            .stream(prompt("Look", attachments: [photo, photo]), request: .init())).get()
        let summary = try JSONSerialization.jsonObject(with: Data(WireFixtures.text(events).utf8)) as? [String: Any]
        #expect(summary?["images"] as? Int == 2 && summary?["roles"] as? [String] == ["system", "user"])
    }

    @Test(arguments: [
        (nil as String?, nil as String?, "http://127.0.0.1:11434"),
        ("http://gpu-box:8080/", "ignored:1", "http://gpu-box:8080/"),
        (nil, "0.0.0.0", "http://127.0.0.1:11434"),
        (nil, "myhost:9999", "http://myhost:9999"),
        (nil, "https://ollama.example.com/", "https://ollama.example.com:443"),
        (nil, "http://[::1]:11434", "http://[::1]:11434"),
    ])
    func theBaseURLComesFromTheFlagThenOLLAMAHOST(flag: String?, host: String?, expected: String) {
        let environment = host.map { ["OLLAMA_HOST": $0] } ?? [:]
        #expect(OllamaConfiguration.baseURL(flag: flag, environment: environment)?.absoluteString == expected)
    }

    @Test func numContextIsReadFromModelfileParameters() {
        #expect(OllamaLanguageModel.numContext(in: "stop \"<|im_end|>\"\nnum_ctx 16384\ntemperature 0.7") == 16384)
        #expect(OllamaLanguageModel.numContext(in: "temperature 0.7") == nil)
    }
}
