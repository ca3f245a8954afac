@testable import CraftBackends
import CraftTesting
import Foundation
import Testing

// The limit catches a hang; it is generous because on 2 cores the test process's two concurrency threads can both
// be held by end-to-end tests that wait on child processes, and these async tests then wait too (a fresh-clone CI
// run saw them pass 60 s that way).
@Suite(.enabled(if: FaultServer.isAvailable, FaultServer.needs), .timeLimit(.minutes(10)))
struct OpenAILanguageModelTests {
    private func model(_ name: String, flavor: OpenAIConfiguration.Flavor, server: FaultServer? = nil,
                       path: String = "") throws -> OpenAILanguageModel {
        let server = try #require(server ?? FaultServer.shared)
        let base = URL(string: server.baseURL.absoluteString + path)!
        return OpenAILanguageModel(configuration: .init(baseURL: base, model: name, flavor: flavor))
    }

    @Test func llamaServerCapabilitiesComeFromProps() async throws {
        let capabilities = try await model("any", flavor: .llamaServer).capabilities()
        #expect(capabilities == Capabilities(
            vision: false, nativeJSONSchema: true, tools: true, contextSize: 4096, visionSource: "/props"))
    }

    @Test func genericCapabilitiesReadTheContextFromTheModelListWhenTheServerHasNoProps() async throws {
        let vllm = try FaultServer(mode: "vllm")
        defer { vllm.stop() }
        let capabilities = try await model("ok-model", flavor: .generic, server: vllm).capabilities()
        #expect(capabilities.contextSize == 8192 && !capabilities.vision)
        #expect(capabilities.visionSource == "the server does not say; set vision yes if the model sees")
    }

    @Test func aLlamaServerBehindTheGenericFlavorSaysInPropsWhetherItSees() async throws {
        let seeing = try FaultServer(mode: "vision")
        defer { seeing.stop() }
        #expect(try await model("any", flavor: .generic, server: seeing).capabilities()
            == Capabilities(vision: true, nativeJSONSchema: true, tools: true, contextSize: 4096, visionSource: "/props"))
        #expect(try await model("any", flavor: .generic).capabilities().vision == false)
        // The person's setting wins over what the server says.
        let told = OpenAILanguageModel(
            configuration: .init(baseURL: seeing.baseURL, model: "any", flavor: .generic, vision: false))
        #expect(try await told.capabilities().vision == false)
    }

    @Test func lmStudioSaysByTheModelsTypeWhetherItSees() async throws {
        let studio = try FaultServer(mode: "lmstudio")
        defer { studio.stop() }
        let seeing = try await model("qwen2-vl-7b-instruct", flavor: .generic, server: studio).capabilities()
        #expect(seeing.vision && seeing.visionSource == "LM Studio's model type" && seeing.contextSize == 32768)
        #expect(try await model("meta-llama-3.1-8b-instruct", flavor: .generic, server: studio).capabilities().vision
            == false)
    }

    @Test func openAIModelsSeeByTheirFamilyNotAlways() async throws {
        for name in ["gpt-4o-mini", "gpt-4.1", "gpt-5", "o3", "o4-mini", "chatgpt-4o-latest"] {
            #expect(OpenAILanguageModel.seesImages(model: name), "\(name)")
        }
        for name in ["gpt-3.5-turbo", "gpt-4", "o1-mini", "o3-mini", "text-embedding-3-small", "davinci-002"] {
            #expect(!OpenAILanguageModel.seesImages(model: name), "\(name)")
        }
    }

    @Test func aServedModelIsAvailableAndAnotherIsNot() async throws {
        #expect(try await model("ok-model", flavor: .generic, path: "/v1/").availability() == .available)
        guard case .unavailable(let reason) = try await model("gpt-9", flavor: .generic).availability() else {
            Issue.record("must be unavailable"); return
        }
        #expect(reason.contains("does not serve model gpt-9") && reason.contains("ok-model"))
    }

    @Test func aLlamaServerBehindTheGenericFlavorAnswersToAnyModelName() async throws {
        let llama = try FaultServer(mode: "llamacpp")
        defer { llama.stop() }
        #expect(try await model("whatever", flavor: .generic, server: llama).availability() == .available)
    }

    @Test func aLoadingLlamaServerIsUnavailableWithTheReason() async throws {
        let loading = try FaultServer(mode: "loading")
        defer { loading.stop() }
        guard case .unavailable(let reason) = try await model("m", flavor: .llamaServer, server: loading).availability()
        else { Issue.record("must be unavailable"); return }
        #expect(reason.contains("still loading"))
        #expect(try await model("m", flavor: .llamaServer).availability() == .available)
    }

    @Test func imagesReachTheServerAsDataURIs() async throws {
        let photo = OpenAIRequestBuilderTests.photo
        let events = try await collect(model(FaultServer.model("echo"), flavor: .generic)
            .stream(prompt("Look", attachments: [photo]), request: .init())).get()
        let summary = try JSONSerialization.jsonObject(with: Data(WireFixtures.text(events).utf8)) as? [String: Any]
        #expect(summary?["image_urls"] as? [String] == ["data:image/jpeg;base64,/9j/4A=="])
    }

    @Test func aRefusalStreamIsTheRefusalError() async throws {
        let result = await collect(try model(FaultServer.model("refusal"), flavor: .openAI, path: "/v1")
            .stream(prompt("Hi"), request: .init()))
        guard case .failure(let error) = result, case .refusal(_, let message)? = error as? ModelError else {
            Issue.record("must be a refusal: \(result)"); return
        }
        #expect(message == "I'm sorry, I can't help with that.")
    }
}
