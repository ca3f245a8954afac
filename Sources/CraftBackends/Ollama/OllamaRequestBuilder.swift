import CraftSchema
import Foundation

/// Builds the body of an Ollama `/api/chat` request from a transcript and a generation request.
///
/// Photos travel as base64 strings in the message's `images` (no data-URI prefix); the response format is the plain
/// JSON schema in `format`; sampling and length go in `options` (`temperature`, `top_k`, `seed`, `num_predict`,
/// `num_ctx`, and the repetition penalties Ollama knows: `repeat_penalty`, `repeat_last_n`, `presence_penalty`,
/// `frequency_penalty`).
struct OllamaRequestBuilder: Sendable {
    let model: String
    let keepAlive: String?
    let contextSize: Int?

    /// The request body, keys in a fixed order.
    ///
    /// - Parameter thinking: whether the model can think; when it can, `think` is sent — the level (or `true`)
    ///   when the request sets a reasoning level, `false` otherwise so the answer does not wait on thoughts.
    func body(for transcript: Transcript, request: GenerationRequest, thinking: Bool) -> GeneratedContent {
        let options = request.options
        var think: GeneratedContent?
        if thinking {
            if let level = options.reasoning {
                think = model.contains("gpt-oss") ? .string(level.rawValue) : .bool(true)
            } else {
                think = .bool(false)
            }
        }
        return .object([
            ("model", .string(model)),
            ("messages", .array(ChatMessage.messages(for: transcript, request: request).map(message))),
            ("stream", .bool(true)),
            ("format", request.responseFormat.map { GeneratedContent(jsonOrString: $0.plainJSONSchema) }),
            ("options", self.options(options)),
            ("keep_alive", keepAlive.map(GeneratedContent.string)),
            ("think", think),
            ("tools", request.tools.isEmpty ? nil : .array(request.tools.map(\.wireForm))),
        ])
    }

    private func options(_ options: GenerationOptions) -> GeneratedContent? {
        let sampling = WireSampling(options)
        let pairs: [(String, GeneratedContent?)] = [
            ("temperature", sampling.temperature.map(GeneratedContent.init)),
            ("top_k", sampling.topK.map(GeneratedContent.init)),
            ("seed", sampling.seed.map(GeneratedContent.init)),
            ("num_predict", options.maximumResponseTokens.map(GeneratedContent.init)),
            ("num_ctx", contextSize.map(GeneratedContent.init)),
        ] + sampling.penalties(for: .ollama)
        return pairs.contains { $0.1 != nil } ? .object(pairs) : nil
    }

    private func message(_ message: ChatMessage) -> GeneratedContent {
        let images = message.images.map { GeneratedContent.string(Data($0).base64EncodedString()) }
        return .object([
            ("role", .string(message.role.rawValue)),
            ("content", .string(message.text)),
            ("images", images.isEmpty ? nil : .array(images)),
            ("tool_calls", message.toolCalls.isEmpty ? nil : .array(message.toolCalls.map { call in
                .object([("function", .object([
                    ("name", .string(call.name)),
                    ("arguments", GeneratedContent(jsonOrString: call.arguments)),
                ]))])
            })),
            ("tool_name", message.toolOutput.map { .string($0.name) }),
        ])
    }
}
