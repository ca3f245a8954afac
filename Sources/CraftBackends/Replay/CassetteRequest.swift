import CraftSchema
import Foundation

/// A request in the normalised form a cassette stores and keys on: the model's name, the messages with every
/// image replaced by its sha256, the schema and the options.
///
/// Nothing secret is in it: no API key, no header, no URL; only what decides the model's answer.
public struct CassetteRequest: Sendable, Hashable, Codable {
    /// The name of the model (or backend) that answered when recording.
    public var model: String
    /// The conversation, instructions first.
    public var messages: [Message]
    /// The plain JSON schema asked for, or nil for free text.
    public var schema: String?
    /// The sampling and length options.
    public var options: GenerationOptions
    /// The names of the tools on offer.
    public var tools: [String]

    /// One message: its role and its parts, images written as `image <label> <sha256>`.
    public struct Message: Sendable, Hashable, Codable {
        /// `system`, `user`, `assistant` or `tool`.
        public var role: String
        /// The text parts and image digests, in order.
        public var parts: [String]
    }

    /// Normalises a transcript and request for the named model.
    public init(model: String, transcript: Transcript, request: GenerationRequest) {
        self.model = model
        self.messages = transcript.entries.map(Self.message)
        self.schema = request.responseFormat?.plainJSONSchema
        self.options = request.options
        self.tools = request.tools.map(\.name)
    }

    /// The cassette key: the hex sha256 of the request's canonical JSON (sorted keys).
    public var key: String {
        SHA256.hex(of: Array(canonicalJSON))
    }

    /// The request as JSON with sorted keys, the same bytes for the same request in every process.
    var canonicalJSON: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and arrays cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }

    /// The fields in which `other` differs from this request, in words, most telling first.
    public func differences(from other: CassetteRequest, ignoringModel: Bool = false) -> [String] {
        var found: [String] = []
        if !ignoringModel, model != other.model { found.append("model: \(other.model) instead of \(model)") }
        if messages.count != other.messages.count {
            found.append("messages: \(other.messages.count) instead of \(messages.count)")
        }
        for (index, (mine, theirs)) in zip(messages, other.messages).enumerated() where mine != theirs {
            found.append("messages[\(index)] (\(theirs.role)): " + Self.firstDifference(mine.parts, theirs.parts))
        }
        if schema != other.schema { found.append("schema differs") }
        found += Self.describe(options).enumerated().compactMap { index, mine in
            let theirs = Self.describe(other.options)[index]
            return mine == theirs ? nil : "options: \(theirs) instead of \(mine)"
        }
        if tools != other.tools { found.append("tools: \(other.tools) instead of \(tools)") }
        return found
    }

    private static func message(_ entry: Transcript.Entry) -> Message {
        switch entry {
        case .instructions(let instructions):
            Message(role: "system", parts: [instructions.text])
        case .prompt(let prompt):
            Message(
                role: "user",
                parts: prompt.segments.map { segment in
                    switch segment {
                    case .text(let text): text
                    case .image(let image):
                        "image \(image.label) \(image.data.map { SHA256.hex(of: Array($0)) } ?? image.sha256)"
                    }
                })
        case .response(let response):
            Message(role: "assistant", parts: [response.text])
        case .toolCalls(let calls):
            Message(role: "assistant", parts: calls.map { "call \($0.name) \($0.arguments)" })
        case .toolOutput(let output):
            Message(role: "tool", parts: ["\(output.name) \(output.output)"])
        }
    }

    private static func firstDifference(_ mine: [String], _ theirs: [String]) -> String {
        for (index, (a, b)) in zip(mine, theirs).enumerated() where a != b {
            let common = zip(a, b).prefix { $0 == $1 }.count
            let excerpt = { (text: String) in "\"" + text.dropFirst(max(0, common - 10)).prefix(40) + "\"" }
            return "part \(index) differs at character \(common): \(excerpt(b)) instead of \(excerpt(a))"
        }
        return "\(theirs.count) parts instead of \(mine.count)"
    }

    /// Each option in words, in a fixed order so two requests' options compare field by field.
    private static func describe(_ options: GenerationOptions) -> [String] {
        [
            "temperature \(options.temperature.map { "\($0)" } ?? "default")",
            "sampling \(options.sampling.map { "\($0)" } ?? "default")",
            "max tokens \(options.maximumResponseTokens.map { "\($0)" } ?? "none")",
            "reasoning \(options.reasoning?.rawValue ?? "none")",
            "repetition penalties \(options.repetition?.description ?? "none")",
        ]
    }
}
