import Foundation

/// The parts of OpenAI-compatible responses origami reads. Every field is optional: servers differ in what they send.
enum OpenAIWire {
    /// One `chat.completion.chunk` of a stream.
    struct Chunk: Decodable {
        var choices: [Choice]?
        var usage: UsageRecord?
        var timings: Timings?
    }

    struct Choice: Decodable {
        var delta: Delta?
        var finishReason: String?

        enum CodingKeys: String, CodingKey {
            case delta
            case finishReason = "finish_reason"
        }
    }

    struct Delta: Decodable {
        var content: String?
        var refusal: String?
        var toolCalls: [ToolCallDelta]?

        enum CodingKeys: String, CodingKey {
            case content, refusal
            case toolCalls = "tool_calls"
        }
    }

    struct ToolCallDelta: Decodable {
        var index: Int?
        var id: String?
        var function: FunctionDelta?
    }

    struct FunctionDelta: Decodable {
        var name: String?
        var arguments: String?
    }

    struct UsageRecord: Decodable {
        var promptTokens: Int?
        var completionTokens: Int?
        var promptTokensDetails: PromptDetails?

        enum CodingKeys: String, CodingKey {
            case promptTokens = "prompt_tokens"
            case completionTokens = "completion_tokens"
            case promptTokensDetails = "prompt_tokens_details"
        }
    }

    struct PromptDetails: Decodable {
        var cachedTokens: Int?

        enum CodingKeys: String, CodingKey {
            case cachedTokens = "cached_tokens"
        }
    }

    /// llama-server's timings of one answer.
    struct Timings: Decodable {
        var cacheN: Int?
        var promptN: Int?
        var promptMS: Double?
        var predictedN: Int?
        var predictedMS: Double?

        enum CodingKeys: String, CodingKey {
            case cacheN = "cache_n"
            case promptN = "prompt_n"
            case promptMS = "prompt_ms"
            case predictedN = "predicted_n"
            case predictedMS = "predicted_ms"
        }
    }

    /// `/v1/models`.
    struct ModelList: Decodable {
        var data: [ModelEntry]
    }

    struct ModelEntry: Decodable {
        var id: String
        /// Who serves it; llama-server says `llamacpp` and answers to any model name.
        var ownedBy: String?
        /// vLLM's context length.
        var maxModelLen: Int?
        /// llama-server's model metadata.
        var meta: Meta?

        enum CodingKeys: String, CodingKey {
            case id, meta
            case ownedBy = "owned_by"
            case maxModelLen = "max_model_len"
        }
    }

    struct Meta: Decodable {
        var nCtxTrain: Int?

        enum CodingKeys: String, CodingKey {
            case nCtxTrain = "n_ctx_train"
        }
    }

    /// llama-server's `/props`.
    struct Props: Decodable {
        var defaultGenerationSettings: Settings?
        var modalities: Modalities?
        /// How many requests the server serves at once (`-np`).
        var totalSlots: Int?

        enum CodingKeys: String, CodingKey {
            case modalities
            case defaultGenerationSettings = "default_generation_settings"
            case totalSlots = "total_slots"
        }
    }

    struct Settings: Decodable {
        var nCtx: Int?

        enum CodingKeys: String, CodingKey {
            case nCtx = "n_ctx"
        }
    }

    struct Modalities: Decodable {
        var vision: Bool?
    }

    /// One model in LM Studio's own API (`/api/v0/models/NAME`): its type (`llm`, `vlm`, `embeddings`).
    struct LMStudioModel: Decodable {
        var type: String?
        var maxContextLength: Int?

        enum CodingKeys: String, CodingKey {
            case type
            case maxContextLength = "max_context_length"
        }
    }
}
