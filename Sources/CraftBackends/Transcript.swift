public import Foundation

/// Everything said in a session, in order: instructions, prompts, responses, tool calls and their outputs.
///
/// It is `Codable` so the project file can hold it and a later process can continue the same conversation.
public struct Transcript: Sendable, Hashable, Codable {
    /// The entries, oldest first.
    public var entries: [Entry]

    /// Creates a transcript from its entries.
    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// One thing said in the conversation.
    public enum Entry: Sendable, Hashable, Codable {
        /// The system instructions of a mode, from where it began: the last ones are the current mode's.
        case instructions(Instructions)
        /// What the user (origami, on the person's behalf) asked.
        case prompt(Prompt)
        /// What the model answered.
        case response(Response)
        /// Tools the model asked to call.
        case toolCalls([ToolCall])
        /// The output of a tool call, fed back to the model.
        case toolOutput(ToolOutput)
    }
}

extension Transcript {
    /// The instructions in force: the last instructions entry, or nil when there is none.
    public var currentInstructions: Instructions? {
        for case .instructions(let instructions) in entries.reversed() { return instructions }
        return nil
    }

    /// The transcript with only the current instructions, moved to the top: the conversation as a chat template
    /// that accepts no system message after the first can render it.
    public func withCurrentInstructionsFirst() -> Transcript {
        let rest = entries.filter { if case .instructions = $0 { false } else { true } }
        return Transcript(entries: (currentInstructions.map { [.instructions($0)] } ?? []) + rest)
    }
}

/// System instructions: how the model should behave in the current mode.
public struct Instructions: Sendable, Hashable, Codable {
    /// The instruction text.
    public var text: String

    /// Creates instructions from their text.
    public init(_ text: String) {
        self.text = text
    }
}

/// A user prompt: text segments and image attachments, in the order they were written.
public struct Prompt: Sendable, Hashable, Codable {
    /// The prompt's parts in order.
    public var segments: [Segment]

    /// Creates a prompt from its parts.
    public init(_ segments: [Segment]) {
        self.segments = segments
    }

    /// One part of a prompt.
    public enum Segment: Sendable, Hashable, Codable {
        /// Plain text.
        case text(String)
        /// A photo, carried with its stable label.
        case image(Attachment)
    }

    /// The text of every text segment, joined by blank lines.
    public var text: String {
        segments.compactMap { if case .text(let text) = $0 { text } else { nil } }.joined(separator: "\n\n")
    }

    /// The image attachments of the prompt, in order.
    public var attachments: [Attachment] {
        segments.compactMap { if case .image(let attachment) = $0 { attachment } else { nil } }
    }
}

/// A photo attached to a prompt.
///
/// `label` is `Photo_` plus six characters derived from the sha256 of the original file, so the same photo keeps
/// its label across runs. `description` is the text stand-in sent to models that cannot see.
public struct Attachment: Sendable, Hashable, Codable {
    /// The stable label the model refers to the photo by, e.g. `Photo_3fa2c1`.
    public var label: String
    /// The hex sha256 of the original file's bytes.
    public var sha256: String
    /// The media type of `data`, e.g. `image/jpeg`.
    public var mimeType: String
    /// The model-ready image bytes (resized and re-encoded), or nil when only the description is kept.
    public var data: Data?
    /// A description of the photo in words, for models without vision.
    public var description: String?
    /// origami's own reading of the photo's category, for models without vision; nil when origami made none.
    public var reading: Reading?

    /// origami's reading of a photo's category from what it measured, in words.
    public struct Reading: Sendable, Hashable, Codable {
        /// The category's short name: "supplies", "finished piece" or "inspiration".
        public var category: String
        /// Why, in a clause: "the image classifier finds it most like a tram (a vehicle)".
        public var reason: String
        /// The sentence on what the image classifier finds the photo most like, which ends `description`; nil when
        /// the description has none.
        public var likeness: String?

        /// Creates a reading.
        public init(category: String, reason: String, likeness: String? = nil) {
            self.category = category
            self.reason = reason
            self.likeness = likeness
        }
    }

    /// Creates an attachment.
    public init(
        label: String, sha256: String, mimeType: String = "image/jpeg", data: Data?, description: String?,
        reading: Reading? = nil
    ) {
        self.label = label
        self.sha256 = sha256
        self.mimeType = mimeType
        self.data = data
        self.description = description
        self.reading = reading
    }
}

/// A model's answer: its text, and the name of the schema it was asked to follow, if any.
public struct Response: Sendable, Hashable, Codable {
    /// The full text of the answer (JSON when a schema was requested).
    public var text: String
    /// The name of the schema the answer follows, or nil for free text.
    public var schemaName: String?
    /// The sha256 of the exact JSON schema the answer was asked to follow (labels included), so the session
    /// knows which schemas the model has already been shown.
    public var schemaDigest: String?
    /// The answer's token ids as the model generated them, when the backend reported them.
    public var tokens: AnswerTokens?

    /// Creates a response.
    public init(text: String, schemaName: String? = nil, schemaDigest: String? = nil, tokens: AnswerTokens? = nil) {
        self.text = text
        self.schemaName = schemaName
        self.schemaDigest = schemaDigest
        self.tokens = tokens
    }
}

/// An answer's token ids as one model produced them.
///
/// Under a JSON-schema grammar a model often spells its text with tokens that tokenizing the same text again
/// does not give back. A backend that sends the earlier answers as these ids keeps the server's prompt cache
/// matching through them; the ids mean something only to the model named here.
public struct AnswerTokens: Sendable, Hashable, Codable {
    /// The model that produced the ids (the engine uses its model file's name).
    public var model: String
    /// The token ids, without the end-of-turn token.
    public var ids: [Int]

    /// Creates the token record of an answer.
    public init(model: String, ids: [Int]) {
        self.model = model
        self.ids = ids
    }
}

/// A tool call the model asked for.
public struct ToolCall: Sendable, Hashable, Codable {
    /// The backend's identifier of the call, echoed back in the tool output.
    public var id: String
    /// The tool's name.
    public var name: String
    /// The arguments as a JSON object text.
    public var arguments: String

    /// Creates a tool call.
    public init(id: String, name: String, arguments: String) {
        self.id = id
        self.name = name
        self.arguments = arguments
    }
}

/// The output of a tool call.
public struct ToolOutput: Sendable, Hashable, Codable {
    /// The identifier of the call this answers.
    public var id: String
    /// The tool's name.
    public var name: String
    /// What the tool returned, as text.
    public var output: String

    /// Creates a tool output.
    public init(id: String, name: String, output: String) {
        self.id = id
        self.name = name
        self.output = output
    }
}
