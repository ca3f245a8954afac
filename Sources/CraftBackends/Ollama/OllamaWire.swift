import CraftSchema
import Foundation

/// The parts of Ollama's responses origami reads.
enum OllamaWire {
    /// One line of a streamed `/api/chat` answer.
    struct ChatLine: Decodable {
        var message: Message?
        var done: Bool?
        var doneReason: String?
        var promptEvalCount: Int?
        var promptEvalDuration: Double?
        var evalCount: Int?
        var evalDuration: Double?

        enum CodingKeys: String, CodingKey {
            case message, done
            case doneReason = "done_reason"
            case promptEvalCount = "prompt_eval_count"
            case promptEvalDuration = "prompt_eval_duration"
            case evalCount = "eval_count"
            case evalDuration = "eval_duration"
        }
    }

    struct Message: Decodable {
        var content: String?
        var thinking: String?
        var toolCalls: [ToolCallRecord]?

        enum CodingKeys: String, CodingKey {
            case content, thinking
            case toolCalls = "tool_calls"
        }
    }

    struct ToolCallRecord: Decodable {
        var id: String?
        var function: Function
    }

    struct Function: Decodable {
        var name: String
        /// The arguments object, kept as JSON text.
        var arguments: RawObject?
    }

    /// Any JSON value, re-serialised to text.
    struct RawObject: Decodable {
        var text: String

        init(from decoder: any Decoder) throws {
            text = try GeneratedContent(from: decoder).jsonString
        }
    }

    /// `/api/tags`.
    struct Tags: Decodable {
        var models: [TagEntry]
    }

    struct TagEntry: Decodable {
        var name: String
        var model: String?
    }

    /// `/api/show`.
    struct Show: Decodable {
        var capabilities: [String]?
        var parameters: String?
        var modelInfo: [String: LooseNumber]?

        enum CodingKeys: String, CodingKey {
            case capabilities, parameters
            case modelInfo = "model_info"
        }
    }

    /// A `model_info` value: only numbers matter, everything else decodes to nil.
    struct LooseNumber: Decodable {
        var value: Int?

        init(from decoder: any Decoder) throws {
            value = try? decoder.singleValueContainer().decode(Int.self)
        }
    }
}
