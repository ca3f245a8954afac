/// A model backend: a transcript and a generation request in, a stream of events out.
///
/// Backends know nothing of the schema layer beyond the JSON schema text they are handed in the request,
/// and nothing of the command line. Each lives in its own folder with its wire types private to it.
public protocol LanguageModel: Sendable {
    /// A short name for messages and reports, e.g. `engine`, `ollama`, `openai`.
    var name: String { get }

    /// Whether the backend can answer now, and if not, why in words a person can act on. The reason does not
    /// start with the backend's name: the chain, `origami doctor` and the error that reports it add the name.
    func availability() async -> Availability

    /// What the backend's model can do: vision, native JSON schema, tools, context size.
    func capabilities() async throws -> Capabilities

    /// Streams the model's answer to the transcript's last prompt.
    ///
    /// The stream ends after a `.finished` event, or throws a `ModelError`.
    func stream(_ transcript: Transcript, request: GenerationRequest) -> AsyncThrowingStream<ModelEvent, any Error>

    /// Loads the model and, where the backend can, evaluates the transcript so a later request starts warm.
    func prewarm(_ transcript: Transcript) async throws
}

extension LanguageModel {
    /// Backends with nothing to warm do nothing.
    public func prewarm(_ transcript: Transcript) async throws {}
}

/// One event of a streamed answer.
public enum ModelEvent: Sendable, Hashable, Codable {
    /// More text of the answer.
    case textDelta(String)
    /// The model asked to call a tool.
    case toolCall(ToolCall)
    /// Token counts and timings, when the backend reports them.
    case usage(Usage)
    /// The answer's token ids as the model produced them, from a backend that can send them back verbatim.
    case answerTokens(AnswerTokens)
    /// The answer is complete, and why it ended.
    case finished(FinishReason)
}

/// Why an answer ended.
public enum FinishReason: Sendable, Hashable, Codable {
    /// The model finished its answer.
    case stop
    /// The maximum number of response tokens was reached: the answer is cut short.
    case length
    /// The model stopped to call tools.
    case toolCalls
    /// A content filter or guardrail stopped the answer.
    case contentFilter
    /// A reason the backend named that origami does not know.
    case other(String)
}

/// Token counts and timings of one answer, as far as the backend reports them.
public struct Usage: Sendable, Hashable, Codable {
    /// Tokens in the prompt, including cached ones.
    public var promptTokens: Int?
    /// Prompt tokens the server actually evaluated (the rest came from its cache).
    public var promptTokensEvaluated: Int?
    /// Tokens generated.
    public var completionTokens: Int?
    /// Milliseconds the server spent evaluating the prompt.
    public var promptMilliseconds: Double?
    /// Milliseconds the server spent generating.
    public var generationMilliseconds: Double?

    /// Creates a usage record.
    public init(
        promptTokens: Int? = nil,
        promptTokensEvaluated: Int? = nil,
        completionTokens: Int? = nil,
        promptMilliseconds: Double? = nil,
        generationMilliseconds: Double? = nil
    ) {
        self.promptTokens = promptTokens
        self.promptTokensEvaluated = promptTokensEvaluated
        self.completionTokens = completionTokens
        self.promptMilliseconds = promptMilliseconds
        self.generationMilliseconds = generationMilliseconds
    }
}

/// Whether a backend can answer now.
public enum Availability: Sendable, Hashable, Codable {
    /// Ready to answer.
    case available
    /// Not usable; the reason says what is wrong and what to do, e.g. "run `ollama pull qwen2.5`".
    case unavailable(reason: String)
}

extension Availability {
    /// Unavailable because of `error`; the reason does not name `backend`, since whoever shows it does.
    public static func unavailable(because error: any Error, of backend: String) -> Availability {
        .unavailable(reason: reason(error, of: backend))
    }

    /// `error` in words for a line that already names `backend`: its `reason` when it is that backend's
    /// `BackendFailure`, its whole description otherwise.
    public static func reason(_ error: any Error, of backend: String) -> String {
        if let failure = error as? any BackendFailure, failure.backend == backend { return failure.reason }
        return "\(error)"
    }
}

/// What a backend's model can do.
public struct Capabilities: Sendable, Hashable, Codable {
    /// The model accepts images.
    public var vision: Bool
    /// The backend enforces a JSON schema natively (grammar or structured outputs).
    public var nativeJSONSchema: Bool
    /// The backend supports tool calls.
    public var tools: Bool
    /// The model supports a reasoning level (thinking).
    public var reasoning: Bool
    /// The context window in tokens, when known.
    public var contextSize: Int?
    /// Where `vision` came from, in words for `origami doctor` (e.g. "/props"); nil when the backend does not say.
    public var visionSource: String?

    /// Creates a capabilities record.
    public init(
        vision: Bool, nativeJSONSchema: Bool, tools: Bool, reasoning: Bool = false, contextSize: Int?,
        visionSource: String? = nil
    ) {
        self.vision = vision
        self.visionSource = visionSource
        self.nativeJSONSchema = nativeJSONSchema
        self.tools = tools
        self.reasoning = reasoning
        self.contextSize = contextSize
    }

    /// These capabilities with the person's vision setting, when there is one, winning over what the backend said.
    public func overriding(vision setting: Bool?, source: String) -> Capabilities {
        guard let setting else { return self }
        var copy = self
        copy.vision = setting
        copy.visionSource = source
        return copy
    }
}
