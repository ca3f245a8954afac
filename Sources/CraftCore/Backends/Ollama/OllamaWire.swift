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
            let value = try JSONValueDecoding(from: decoder)
            text = value.json.text
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

/// Decodes any JSON value into a `JSONValue`, keeping object keys in the order the decoder lists them.
struct JSONValueDecoding: Decodable {
    var json: JSONValue

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            json = .object(try object.allKeys.map { ($0.stringValue, try object.decode(Self.self, forKey: $0).json) })
        } else if var array = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            while !array.isAtEnd { values.append(try array.decode(Self.self).json) }
            json = .array(values)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                json = .null
            } else if let bool = try? single.decode(Bool.self) {
                json = .bool(bool)
            } else if let int = try? single.decode(Int.self) {
                json = .int(int)
            } else if let double = try? single.decode(Double.self) {
                json = .double(double)
            } else {
                json = .string(try single.decode(String.self))
            }
        }
    }
}
