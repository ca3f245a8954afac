/// What the session asks of a backend besides the transcript: the response's shape, the sampling options and
/// the tools on offer.
public struct GenerationRequest: Sendable, Hashable, Codable {
    /// The schema the answer must follow, or nil for free text.
    public var responseFormat: ResponseFormat?
    /// Sampling and length options.
    public var options: GenerationOptions
    /// Tools the model may call.
    public var tools: [ToolDefinition]

    /// Creates a request.
    public init(responseFormat: ResponseFormat? = nil, options: GenerationOptions = .init(), tools: [ToolDefinition] = []) {
        self.responseFormat = responseFormat
        self.options = options
        self.tools = tools
    }
}

/// A response schema, rendered in every form a backend may need.
///
/// The session renders it from the schema layer; backends only pick the form their wire format takes.
public struct ResponseFormat: Sendable, Hashable, Codable {
    /// The schema's name, e.g. `ImageAnalysisList`.
    public var name: String
    /// JSON Schema text, plain dialect (Ollama `format`, llama.cpp `response_format`).
    public var plainJSONSchema: String
    /// JSON Schema text, OpenAI strict dialect.
    public var strictJSONSchema: String
    /// A compact human-readable form, for prompts.
    public var promptDescription: String
    /// A llama.cpp grammar (GBNF) of the same answers written as JSON on one line, which the engine sends in place of
    /// the JSON Schema: its model then spends no tokens on line breaks and indents. Nil when the schema has a guide
    /// the grammar cannot carry.
    public var compactJSONGrammar: String?

    /// Creates a response format.
    public init(
        name: String, plainJSONSchema: String, strictJSONSchema: String, promptDescription: String,
        compactJSONGrammar: String? = nil
    ) {
        self.name = name
        self.plainJSONSchema = plainJSONSchema
        self.strictJSONSchema = strictJSONSchema
        self.promptDescription = promptDescription
        self.compactJSONGrammar = compactJSONGrammar
    }
}

/// Sampling and length options of one request.
public struct GenerationOptions: Sendable, Hashable, Codable {
    /// Sampling temperature; nil leaves the backend's default.
    public var temperature: Double?
    /// Greedy or random sampling.
    public var sampling: Sampling?
    /// The most tokens the answer may have; reaching it is an error (`truncated`), not a short answer.
    public var maximumResponseTokens: Int?
    /// How hard the model should think, when it supports reasoning.
    public var reasoning: ReasoningLevel?
    /// Penalties against repeating; nil sends none (and leaves the request as it was before they existed).
    public var repetition: RepetitionPenalties?

    /// Creates options.
    public init(
        temperature: Double? = nil,
        sampling: Sampling? = nil,
        maximumResponseTokens: Int? = nil,
        reasoning: ReasoningLevel? = nil,
        repetition: RepetitionPenalties? = nil
    ) {
        self.temperature = temperature
        self.sampling = sampling
        self.maximumResponseTokens = maximumResponseTokens
        self.reasoning = reasoning
        self.repetition = repetition
    }

    /// How tokens are chosen.
    public enum Sampling: Sendable, Hashable, Codable {
        /// Always the most likely token: deterministic, best for extraction.
        case greedy
        /// Random sampling, reproducible when a seed is given.
        case random(seed: UInt64?)
    }

    /// How much the model should reason before answering.
    public enum ReasoningLevel: String, Sendable, Hashable, Codable {
        case low, medium, high
    }
}

/// A tool the model may call.
public struct ToolDefinition: Sendable, Hashable, Codable {
    /// The tool's name.
    public var name: String
    /// What the tool does, for the model.
    public var description: String
    /// The tool's arguments as plain JSON Schema text.
    public var parametersJSONSchema: String

    /// Creates a tool definition.
    public init(name: String, description: String, parametersJSONSchema: String) {
        self.name = name
        self.description = description
        self.parametersJSONSchema = parametersJSONSchema
    }
}
