import Foundation

/// Turns the lines of a streamed Ollama `/api/chat` answer into model events.
///
/// A pure value. Every line is checked for an `{"error": …}` document, which Ollama sends with HTTP 200 when a
/// failure happens mid-stream. The `done` line carries the finish reason (`length` when `num_predict` was reached)
/// and the token counts and durations (nanoseconds) that become `Usage`.
struct OllamaStreamDecoder: Sendable {
    let classifier: ServerErrorClassifier
    private var sawToolCall = false
    private var toolCallCount = 0
    /// Whether the `done` line arrived.
    private(set) var isDone = false

    init(classifier: ServerErrorClassifier) {
        self.classifier = classifier
    }

    /// The events one line yields.
    mutating func decode(_ line: Data) throws(ModelError) -> [ModelEvent] {
        guard !isDone else { return [] }
        if ErrorDocument.isError(line) { throw classifier.error(status: nil, body: line) }
        let record: OllamaWire.ChatLine
        do {
            record = try JSONDecoder().decode(OllamaWire.ChatLine.self, from: line)
        } catch {
            let text = classifier.redactor.redact(String(decoding: line.prefix(120), as: UTF8.self))
            throw .serverError(backend: classifier.backend, status: 200, message: "malformed stream line: \(text)")
        }
        var events: [ModelEvent] = []
        if let text = record.message?.content, !text.isEmpty { events.append(.textDelta(text)) }
        for call in record.message?.toolCalls ?? [] {
            toolCallCount += 1
            sawToolCall = true
            events.append(.toolCall(ToolCall(id: call.id ?? "call_\(toolCallCount)", name: call.function.name,
                                             arguments: call.function.arguments?.text ?? "{}")))
        }
        if record.done == true {
            isDone = true
            events.append(.usage(Usage(
                promptTokens: record.promptEvalCount,
                promptTokensEvaluated: record.promptEvalCount,
                completionTokens: record.evalCount,
                promptMilliseconds: record.promptEvalDuration.map { $0 / 1e6 },
                generationMilliseconds: record.evalDuration.map { $0 / 1e6 })))
            events.append(.finished(finishReason(record.doneReason)))
        }
        return events
    }

    /// Ends the stream: decodes a last line that lacked its newline, then checks the `done` line arrived. A last
    /// line that is not even JSON means the stream was cut mid-line.
    mutating func finish(leftover: Data?) throws(ModelError) -> [ModelEvent] {
        var events: [ModelEvent] = []
        if !isDone, let leftover {
            guard (try? JSONSerialization.jsonObject(with: leftover)) != nil else {
                throw .interrupted(backend: classifier.backend, detail: "the stream was cut in the middle of a line")
            }
            events = try decode(leftover)
        }
        guard isDone else {
            throw .interrupted(backend: classifier.backend, detail: "the stream ended before the answer finished")
        }
        return events
    }

    private func finishReason(_ reason: String?) -> FinishReason {
        switch reason {
        case "length"?: .length
        case _ where sawToolCall: .toolCalls
        case "stop"?, nil: .stop
        case let other?: .other(other)
        }
    }
}
