import CraftSchema
import Foundation

/// A backend speaking Ollama's native API: `/api/chat` streaming NDJSON, photos as base64 `images`, the response
/// schema in `format`.
///
/// Availability tells a stopped server (`/api/version` does not answer) from a model that is not pulled
/// (`/api/tags` does not list it); capabilities come from `/api/show`.
public struct OllamaLanguageModel: LanguageModel {
    /// Where and how to reach the server.
    public let configuration: OllamaConfiguration

    /// Creates a client; nothing is sent until the first call.
    public init(configuration: OllamaConfiguration) {
        self.configuration = configuration
    }

    /// The configured name, `ollama` unless the caller chose another.
    public var name: String { configuration.name }

    /// Available when the server answers and has the model pulled.
    public func availability() async -> Availability {
        let endpoint = configuration.endpoint.probing
        do {
            _ = try await endpoint.data("/api/version")
        } catch {
            if case .unreachable(_, let url, let detail)? = error as? ModelError {
                return .unavailable(reason: "nothing answers at \(url) (\(detail)); start it with `ollama serve`"
                    + " or pass --base-url")
            }
            return .unavailable(because: error, of: name)
        }
        do {
            let tags = try await endpoint.decode(OllamaWire.Tags.self, from: "/api/tags")
            guard tags.models.contains(where: { Self.matches($0, configuration.model) }) else {
                return .unavailable(
                    reason: "model \(configuration.model) is not pulled; run `ollama pull \(configuration.model)`")
            }
            return .available
        } catch {
            return .unavailable(because: error, of: name)
        }
    }

    /// What the model can do, from `/api/show`: its capabilities list and its context length.
    public func capabilities() async throws -> Capabilities {
        let body = GeneratedContent.object([("model", .string(configuration.model))])
        let show = try await configuration.endpoint.probing.decode(OllamaWire.Show.self, from: "/api/show", body: body)
        let listed = Set(show.capabilities ?? [])
        let trained = show.modelInfo?.first { $0.key.hasSuffix(".context_length") }?.value.value
        let configured = configuration.contextSize ?? Self.numContext(in: show.parameters)
        return Capabilities(
            vision: listed.contains("vision"),
            nativeJSONSchema: true,
            tools: listed.contains("tools"),
            reasoning: listed.contains("thinking"),
            contextSize: configured ?? trained.map { min($0, Self.ollamaDefaultContext) },
            visionSource: "/api/show"
        ).overriding(vision: configuration.vision, source: configuration.visionSource)
    }

    /// Streams the answer from `/api/chat`.
    public func stream(_ transcript: Transcript, request: GenerationRequest)
        -> AsyncThrowingStream<ModelEvent, any Error>
    {
        let model = self
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await model.run(transcript, request: request, into: continuation)
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Loads the model into memory (an empty chat request), so the first real answer does not wait for it.
    public func prewarm(_ transcript: Transcript) async throws {
        var body: [(String, GeneratedContent?)] = [("model", .string(configuration.model)), ("messages", .array([]))]
        body.append(("keep_alive", configuration.keepAlive.map(GeneratedContent.string)))
        _ = try await configuration.endpoint.data("/api/chat", body: .object(body))
    }

    private func run(
        _ transcript: Transcript, request: GenerationRequest,
        into continuation: AsyncThrowingStream<ModelEvent, any Error>.Continuation
    ) async throws {
        let endpoint = configuration.endpoint
        // Whether to send `think` needs the model's capabilities; only ask when it matters.
        let thinking = request.options.reasoning != nil ? ((try? await capabilities())?.reasoning ?? false) : false
        let body = OllamaRequestBuilder(model: configuration.model, keepAlive: configuration.keepAlive,
                                        contextSize: configuration.contextSize)
            .body(for: transcript, request: request, thinking: thinking)
        let response = try await endpoint.open("/api/chat", body: body,
                                               accepting: ["application/x-ndjson", "application/json"])
        var splitter = NDJSONSplitter()
        var decoder = OllamaStreamDecoder(classifier: endpoint.classifier)
        do {
            for try await chunk in response.body {
                for line in try splitter.feed(chunk) {
                    for event in try decoder.decode(line) { continuation.yield(event) }
                }
                if decoder.isDone { break }
            }
            try Task.checkCancellation()
            for event in try decoder.finish(leftover: decoder.isDone ? nil : splitter.finish()) {
                continuation.yield(event)
            }
        } catch let error as LineSplitterError {
            throw ModelError.serverError(backend: name, status: response.status, message: "\(error)")
        }
    }

    /// Ollama's context window when neither the request nor the model file sets `num_ctx`.
    static let ollamaDefaultContext = 4096

    /// Whether a pulled model is the one asked for (`qwen2.5` is `qwen2.5:latest`).
    static func matches(_ entry: OllamaWire.TagEntry, _ wanted: String) -> Bool {
        let names = [entry.name, entry.model].compactMap { $0 }
        return names.contains(wanted) || (!wanted.contains(":") && names.contains(wanted + ":latest"))
    }

    /// The `num_ctx` line of a Modelfile parameter block.
    static func numContext(in parameters: String?) -> Int? {
        for line in parameters?.split(separator: "\n") ?? [] {
            let words = line.split(separator: " ")
            if words.count > 1, words[0] == "num_ctx" { return Int(words[1]) }
        }
        return nil
    }
}
