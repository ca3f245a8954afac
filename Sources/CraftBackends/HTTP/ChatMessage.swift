import CraftSchema

/// A transcript entry in the neutral chat shape both HTTP backends start from: a role, text and image parts, and
/// tool calls or a tool output. Each backend maps it to its own wire form.
struct ChatMessage: Sendable, Hashable {
    enum Role: String, Sendable {
        case system, user, assistant, tool
    }

    /// A part of a message, in order.
    enum Part: Sendable, Hashable {
        case text(String)
        case image(label: String, mimeType: String, data: [UInt8])
    }

    var role: Role
    var parts: [Part]
    var toolCalls: [ToolCall] = []
    var toolOutput: ToolOutput?

    /// The text parts joined by blank lines (images left out).
    var text: String {
        parts.compactMap { if case .text(let text) = $0 { text } else { nil } }.joined(separator: "\n\n")
    }

    /// The images' bytes in order.
    var images: [[UInt8]] {
        parts.compactMap { if case .image(_, _, let data) = $0 { data } else { nil } }
    }

    /// The messages for a transcript: instructions → system, prompts → user (each photo introduced by its label,
    /// or replaced by its description when no image bytes are kept), responses → assistant, tool calls and outputs
    /// → their own messages. The schema's prompt description, when the session sends it, is already part of the
    /// prompt, so every request renders the earlier turns exactly as they were first sent.
    static func messages(for transcript: Transcript, request: GenerationRequest) -> [ChatMessage] {
        transcript.entries.map(message(for:))
    }

    private static func message(for entry: Transcript.Entry) -> ChatMessage {
        switch entry {
        case .instructions(let instructions):
            ChatMessage(role: .system, parts: [.text(instructions.text)])
        case .prompt(let prompt):
            ChatMessage(role: .user, parts: prompt.segments.flatMap(parts(for:)))
        case .response(let response):
            ChatMessage(role: .assistant, parts: [.text(response.text)])
        case .toolCalls(let calls):
            ChatMessage(role: .assistant, parts: [], toolCalls: calls)
        case .toolOutput(let output):
            ChatMessage(role: .tool, parts: [.text(output.output)], toolOutput: output)
        }
    }

    private static func parts(for segment: Prompt.Segment) -> [Part] {
        switch segment {
        case .text(let text):
            return [.text(text)]
        case .image(let attachment):
            guard let data = attachment.data else {
                return [.text("[\(attachment.label): \(attachment.description ?? "a photo")]")]
            }
            return [.text("[\(attachment.label)]"),
                    .image(label: attachment.label, mimeType: attachment.mimeType, data: [UInt8](data))]
        }
    }
}

extension ToolDefinition {
    /// The tool as both wire formats list it: `{"type": "function", "function": {name, description, parameters}}`.
    var wireForm: GeneratedContent {
        .object([
            ("type", .string("function")),
            ("function", .object([
                ("name", .string(name)),
                ("description", .string(description)),
                ("parameters", GeneratedContent(jsonOrString: parametersJSONSchema)),
            ])),
        ])
    }
}
