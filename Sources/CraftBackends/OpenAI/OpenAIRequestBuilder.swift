import CraftSchema
import Foundation

/// Builds the body of a `/v1/chat/completions` request from a transcript and a generation request.
///
/// User messages with photos become content parts with `image_url` data URIs; the response format becomes
/// `response_format: json_schema` in the strict dialect for OpenAI and the plain one elsewhere; llama-server also
/// gets `cache_prompt` so a continuing conversation reuses its evaluated prefix. Presence and frequency penalties go
/// to every server; llama.cpp's own (`repeat_penalty`, `repeat_last_n`, DRY) only to llama-server.
struct OpenAIRequestBuilder: Sendable {
    let model: String
    let flavor: OpenAIConfiguration.Flavor

    /// The request body, keys in a fixed order.
    func body(for transcript: Transcript, request: GenerationRequest) -> GeneratedContent {
        let options = request.options
        let sampling = WireSampling(options)
        let maximumTokens = options.maximumResponseTokens.map(GeneratedContent.init)
        let head: [(String, GeneratedContent?)] = [
            ("model", .string(model)),
            ("messages", messages(for: transcript, request: request)),
            ("stream", .bool(true)),
            ("stream_options", .object([("include_usage", .bool(true))])),
            ("temperature", sampling.temperature.map(GeneratedContent.init)),
            ("top_k", flavor == .llamaServer ? sampling.topK.map(GeneratedContent.init) : nil),
            ("seed", sampling.seed.map(GeneratedContent.init)),
        ]
        let tail: [(String, GeneratedContent?)] = [
            (flavor == .openAI ? "max_completion_tokens" : "max_tokens", maximumTokens),
            ("reasoning_effort", flavor == .openAI ? options.reasoning.map { .string($0.rawValue) } : nil),
            ("response_format", request.responseFormat.map(responseFormat)),
            ("tools", request.tools.isEmpty ? nil : .array(request.tools.map(\.wireForm))),
            ("cache_prompt", flavor == .llamaServer ? .bool(true) : nil),
        ]
        return .object(head + sampling.penalties(for: flavor == .llamaServer ? .llamaCpp : .openAI) + tail)
    }

    /// The transcript as the chat API's `messages` array.
    func messages(for transcript: Transcript, request: GenerationRequest) -> GeneratedContent {
        .array(ChatMessage.messages(for: transcript, request: request).map(message))
    }

    private func responseFormat(_ format: ResponseFormat) -> GeneratedContent {
        let strict = flavor == .openAI
        return .object([
            ("type", .string("json_schema")),
            ("json_schema", .object([
                ("name", .string(Self.schemaName(format.name))),
                ("strict", strict ? .bool(true) : nil),
                ("schema", GeneratedContent(jsonOrString: strict ? format.strictJSONSchema : format.plainJSONSchema)),
            ])),
        ])
    }

    private func message(_ message: ChatMessage) -> GeneratedContent {
        switch message.role {
        case .system:
            return .object([("role", .string("system")), ("content", .string(message.text))])
        case .assistant where message.toolCalls.isEmpty:
            return .object([("role", .string("assistant")), ("content", .string(message.text))])
        case .assistant:
            return .object([
                ("role", .string("assistant")),
                ("content", .null),
                ("tool_calls", .array(message.toolCalls.map { call in
                    .object([
                        ("id", .string(call.id)),
                        ("type", .string("function")),
                        ("function", .object([("name", .string(call.name)), ("arguments", .string(call.arguments))])),
                    ])
                })),
            ])
        case .tool:
            return .object([
                ("role", .string("tool")),
                ("tool_call_id", .string(message.toolOutput?.id ?? "")),
                ("content", .string(message.text)),
            ])
        case .user:
            guard !message.images.isEmpty else {
                return .object([("role", .string("user")), ("content", .string(message.text))])
            }
            return .object([("role", .string("user")), ("content", .array(message.parts.map(part)))])
        }
    }

    private func part(_ part: ChatMessage.Part) -> GeneratedContent {
        switch part {
        case .text(let text):
            .object([("type", .string("text")), ("text", .string(text))])
        case .image(_, let mimeType, let data):
            .object([
                ("type", .string("image_url")),
                ("image_url", .object([("url", .string("data:\(mimeType);base64,\(Data(data).base64EncodedString())"))])),
            ])
        }
    }

    /// A schema name OpenAI accepts: letters, digits, `_` and `-`, at most 64 characters.
    static func schemaName(_ name: String) -> String {
        let cleaned = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") ? $0 : "_" })
        return cleaned.isEmpty ? "response" : String(cleaned.prefix(64))
    }
}
