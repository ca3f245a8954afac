import Foundation

/// Turns the server-sent events of a streamed chat completion into model events.
///
/// A pure value: text deltas go out as they come; tool-call fragments are assembled by index; usage, llama-server
/// `timings` and the finish reason are held until `[DONE]` (or the end of the stream) so `.finished` is always the
/// last event. An `error` event, or data carrying an `error` object, becomes the matching `ModelError`.
struct OpenAIStreamDecoder: ServerSentEventDecoder {
    let classifier: ServerErrorClassifier
    private var finishReason: FinishReason?
    private var usage = Usage()
    private var sawUsage = false
    private var refusal = ""
    private var toolCalls: [Int: ToolCall] = [:]
    /// Whether `[DONE]` arrived, after which nothing more is read.
    private(set) var isDone = false

    init(classifier: ServerErrorClassifier) {
        self.classifier = classifier
    }

    /// The events one server-sent event yields.
    mutating func decode(_ event: SSESplitter.Event) throws(ModelError) -> [ModelEvent] {
        guard !isDone else { return [] }
        let payload = event.data.trimmingCharacters(in: .whitespaces)
        if payload == "[DONE]" { return try end() }
        let bytes = Data(payload.utf8)
        if event.name == "error" || ErrorDocument.isError(bytes) {
            throw classifier.error(status: nil, body: bytes)
        }
        let chunk: OpenAIWire.Chunk
        do {
            chunk = try JSONDecoder().decode(OpenAIWire.Chunk.self, from: bytes)
        } catch {
            throw .serverError(backend: classifier.backend, status: 200,
                               message: "malformed stream event: " + classifier.redactor.redact(String(payload.prefix(120))))
        }
        var events: [ModelEvent] = []
        for choice in chunk.choices ?? [] {
            if let text = choice.delta?.content, !text.isEmpty { events.append(.textDelta(text)) }
            if let text = choice.delta?.refusal { refusal += text }
            for fragment in choice.delta?.toolCalls ?? [] { add(fragment) }
            if let reason = choice.finishReason { finishReason = Self.finishReason(reason) }
        }
        if let record = chunk.usage { read(record) }
        if let timings = chunk.timings { read(timings) }
        return events
    }

    /// The closing events at the end of the stream; a stream that ends before any finish reason was cut off.
    mutating func finish() throws(ModelError) -> [ModelEvent] {
        guard !isDone else { return [] }
        guard finishReason != nil else {
            throw .interrupted(backend: classifier.backend, detail: "the stream ended before the answer finished")
        }
        return try end()
    }

    private mutating func end() throws(ModelError) -> [ModelEvent] {
        isDone = true
        if !refusal.isEmpty { throw .refusal(backend: classifier.backend, message: classifier.redactor.redact(refusal)) }
        var events = toolCalls.keys.sorted().compactMap { toolCalls[$0] }.map(ModelEvent.toolCall)
        if sawUsage { events.append(.usage(usage)) }
        guard let finishReason else {
            throw .interrupted(backend: classifier.backend, detail: "the stream ended without a finish reason")
        }
        events.append(.finished(finishReason))
        return events
    }

    private mutating func add(_ fragment: OpenAIWire.ToolCallDelta) {
        let index = fragment.index ?? 0
        var call = toolCalls[index] ?? ToolCall(id: "", name: "", arguments: "")
        if let id = fragment.id { call.id = id }
        if let name = fragment.function?.name { call.name += name }
        if let arguments = fragment.function?.arguments { call.arguments += arguments }
        toolCalls[index] = call
    }

    private mutating func read(_ record: OpenAIWire.UsageRecord) {
        sawUsage = true
        usage.promptTokens = record.promptTokens ?? usage.promptTokens
        usage.completionTokens = record.completionTokens ?? usage.completionTokens
        if usage.promptTokensEvaluated == nil, let prompt = record.promptTokens,
           let cached = record.promptTokensDetails?.cachedTokens {
            usage.promptTokensEvaluated = prompt - cached
        }
    }

    private mutating func read(_ timings: OpenAIWire.Timings) {
        sawUsage = true
        usage.promptTokensEvaluated = timings.promptN ?? usage.promptTokensEvaluated
        usage.promptMilliseconds = timings.promptMS ?? usage.promptMilliseconds
        usage.generationMilliseconds = timings.predictedMS ?? usage.generationMilliseconds
        usage.completionTokens = usage.completionTokens ?? timings.predictedN
        if usage.promptTokens == nil, let evaluated = timings.promptN {
            usage.promptTokens = evaluated + (timings.cacheN ?? 0)
        }
    }

    static func finishReason(_ text: String) -> FinishReason {
        switch text {
        case "stop": .stop
        case "length": .length
        case "tool_calls", "function_call": .toolCalls
        case "content_filter": .contentFilter
        default: .other(text)
        }
    }
}
