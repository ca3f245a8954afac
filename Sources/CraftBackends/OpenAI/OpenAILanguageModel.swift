import CraftSchema
import Foundation

/// A backend speaking the OpenAI chat-completions API: OpenAI itself, llama.cpp's llama-server, vLLM, LM Studio.
///
/// Answers stream as server-sent events from `/v1/chat/completions`; photos travel as `image_url` data URIs; a
/// response format becomes `response_format: json_schema`. The on-box engine wraps this client with the
/// `.llamaServer` flavor.
public struct OpenAILanguageModel: LanguageModel {
    /// Where and how to reach the server.
    public let configuration: OpenAIConfiguration

    /// Creates a client; nothing is sent until the first call.
    public init(configuration: OpenAIConfiguration) {
        self.configuration = configuration
    }

    /// The configured name, `openai` unless the caller chose another.
    public var name: String { configuration.name }

    /// Available when the server answers and serves the model (llama-server: when `/health` says ok).
    public func availability() async -> Availability {
        let endpoint = configuration.endpoint.probing
        do {
            if configuration.flavor == .llamaServer {
                _ = try await endpoint.data("/health")
                return .available
            }
            let models = try await modelList(endpoint)
            // llama-server serves its one model under any name it is asked for.
            let anyName = models.contains { $0.ownedBy == "llamacpp" }
            guard anyName || models.contains(where: { $0.id == configuration.model }) else {
                let served = models.prefix(8).map(\.id).joined(separator: ", ")
                return .unavailable(reason: "the server does not serve model \(configuration.model)"
                    + (served.isEmpty ? "" : " (it serves: \(served))"))
            }
            return .available
        } catch let error as ModelError {
            return .unavailable(because: error, of: name)
        } catch {
            return .unavailable(reason: configuration.redactor.redact("\(error)"))
        }
    }

    /// What the model can do, from what the server says, the person's `vision` setting winning: llama-server reports
    /// vision (a projector loaded) and its context in `/props`, which is asked behind `--backend openai` too, since a
    /// generic OpenAI-compatible address may well be one; vLLM reports its context in `/v1/models`. A server that
    /// says nothing about vision is taken to be blind, and an OpenAI model to see when its name is one of the
    /// families that take images.
    public func capabilities() async throws -> Capabilities {
        try await serverCapabilities().overriding(vision: configuration.vision, source: configuration.visionSource)
    }

    /// What the server says, before the person's setting.
    private func serverCapabilities() async throws -> Capabilities {
        let endpoint = configuration.endpoint.probing
        switch configuration.flavor {
        case .llamaServer:
            let props = try await endpoint.decode(OpenAIWire.Props.self, from: "/props")
            var capabilities = Self.capabilities(from: props)
            if capabilities.contextSize == nil {
                capabilities.contextSize = try? await modelList(endpoint).first?.meta?.nCtxTrain
            }
            return capabilities
        case .openAI:
            return Capabilities(vision: Self.seesImages(model: configuration.model), nativeJSONSchema: true,
                                tools: true, reasoning: true, contextSize: nil, visionSource: "the model's name")
        case .generic:
            // A server that answers /props with its modalities is a llama-server; others answer 404 there.
            if let props = try? await endpoint.decode(OpenAIWire.Props.self, from: "/props"),
                props.modalities?.vision != nil
            {
                return Self.capabilities(from: props)
            }
            // LM Studio says in its own API whether a model is a vision-language one ("vlm").
            let name = configuration.model.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(
                CharacterSet(charactersIn: "/"))) ?? configuration.model
            if let studio = try? await endpoint.decode(OpenAIWire.LMStudioModel.self, from: "/api/v0/models/" + name),
                let type = studio.type
            {
                return Capabilities(vision: type == "vlm", nativeJSONSchema: true, tools: true,
                                    contextSize: studio.maxContextLength, visionSource: "LM Studio's model type")
            }
            let entry = try await modelList(endpoint).first { $0.id == configuration.model }
            return Capabilities(
                vision: false, nativeJSONSchema: true, tools: true,
                contextSize: entry?.maxModelLen ?? entry?.meta?.nCtxTrain,
                visionSource: "the server does not say; set vision yes if the model sees")
        }
    }

    /// A llama-server's capabilities from its `/props`: vision when a projector is loaded, its context size.
    private static func capabilities(from props: OpenAIWire.Props) -> Capabilities {
        Capabilities(vision: props.modalities?.vision ?? false, nativeJSONSchema: true, tools: true,
                     contextSize: props.defaultGenerationSettings?.nCtx, visionSource: "/props")
    }

    /// Whether an OpenAI model of this name takes images: the GPT-4o, GPT-4.1 and GPT-5 families, o1 (not o1-mini),
    /// o3 and o4-mini do; GPT-3.5, plain GPT-4 and the text-only models do not.
    static func seesImages(model: String) -> Bool {
        let name = model.lowercased()
        if name.hasPrefix("o1-mini") || name.hasPrefix("o3-mini") { return false }
        let families = ["gpt-4o", "chatgpt-4o", "gpt-4.1", "gpt-4-turbo", "gpt-5", "o1", "o3", "o4"]
        return families.contains { name.hasPrefix($0) }
    }

    /// Streams the answer from `/v1/chat/completions`.
    public func stream(_ transcript: Transcript, request: GenerationRequest)
        -> AsyncThrowingStream<ModelEvent, any Error>
    {
        let configuration = configuration
        let body = OpenAIRequestBuilder(model: configuration.model, flavor: configuration.flavor)
            .body(for: transcript, request: request)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await Self.run(body: body, configuration: configuration, into: continuation)
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Loads the model and evaluates the transcript so the next request starts warm: llama-server caches the
    /// prompt, so a one-token answer to the same prefix is enough.
    public func prewarm(_ transcript: Transcript) async throws {
        guard configuration.flavor == .llamaServer else { return }
        let request = GenerationRequest(options: .init(maximumResponseTokens: 1))
        for try await _ in stream(transcript, request: request) {}
    }

    private static func run(
        body: GeneratedContent, configuration: OpenAIConfiguration,
        into continuation: AsyncThrowingStream<ModelEvent, any Error>.Continuation
    ) async throws {
        let endpoint = configuration.endpoint
        let response = try await endpoint.open("/v1/chat/completions", body: body, accepting: ["text/event-stream"])
        try await response.relayEvents(
            through: OpenAIStreamDecoder(classifier: endpoint.classifier), backend: configuration.name,
            into: continuation)
    }

    private func modelList(_ endpoint: HTTPEndpoint) async throws -> [OpenAIWire.ModelEntry] {
        try await endpoint.decode(OpenAIWire.ModelList.self, from: "/v1/models").data
    }
}
