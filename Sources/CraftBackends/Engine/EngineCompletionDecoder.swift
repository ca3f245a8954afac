import Foundation

/// Turns the server-sent events of a streamed llama-server `/completion` into model events.
///
/// A pure value: text goes out as it comes; token ids are gathered and, with the counts and timings of the last
/// event (`stop: true`), sent when the answer ends, so `.finished` is always the last event. An error object
/// becomes the matching `ModelError`; a stream that ends before its last event was cut off.
struct EngineCompletionDecoder: ServerSentEventDecoder {
    let classifier: ServerErrorClassifier
    /// The model file's name, recorded with the token ids.
    let model: String
    private var ids: [Int] = []
    /// Whether the last event arrived, after which nothing more is read.
    private(set) var isDone = false

    init(classifier: ServerErrorClassifier, model: String) {
        self.classifier = classifier
        self.model = model
    }

    /// The wire shape of one event; every field is optional because partial and final events differ.
    private struct Event: Decodable {
        var content: String?
        var tokens: [Int]?
        var stop: Bool?
        var stopType: String?
        var tokensEvaluated: Int?
        var tokensPredicted: Int?
        var timings: Timings?

        enum CodingKeys: String, CodingKey {
            case content, tokens, stop, timings
            case stopType = "stop_type", tokensEvaluated = "tokens_evaluated", tokensPredicted = "tokens_predicted"
        }
    }

    private struct Timings: Decodable {
        var promptN: Int?
        var promptMS: Double?
        var predictedMS: Double?

        enum CodingKeys: String, CodingKey {
            case promptN = "prompt_n", promptMS = "prompt_ms", predictedMS = "predicted_ms"
        }
    }

    /// The events one server-sent event yields.
    mutating func decode(_ event: SSESplitter.Event) throws(ModelError) -> [ModelEvent] {
        guard !isDone else { return [] }
        let bytes = Data(event.data.trimmingCharacters(in: .whitespaces).utf8)
        if event.name == "error" || ErrorDocument.isError(bytes) {
            throw classifier.error(status: nil, body: bytes)
        }
        let chunk: Event
        do {
            chunk = try JSONDecoder().decode(Event.self, from: bytes)
        } catch {
            let start = classifier.redactor.redact(String(decoding: bytes.prefix(120), as: UTF8.self))
            throw .serverError(backend: classifier.backend, status: 200, message: "malformed stream event: " + start)
        }
        var events: [ModelEvent] = []
        if let text = chunk.content, !text.isEmpty { events.append(.textDelta(text)) }
        ids += chunk.tokens ?? []
        guard chunk.stop == true else { return events }
        isDone = true
        // The end-of-turn token ends the ids of an answer that stopped by itself; the chat template writes its
        // own, so it is left out.
        if chunk.stopType == "eos", !ids.isEmpty { ids.removeLast() }
        if !ids.isEmpty { events.append(.answerTokens(AnswerTokens(model: model, ids: ids))) }
        events.append(.usage(Usage(
            promptTokens: chunk.tokensEvaluated, promptTokensEvaluated: chunk.timings?.promptN,
            completionTokens: chunk.tokensPredicted, promptMilliseconds: chunk.timings?.promptMS,
            generationMilliseconds: chunk.timings?.predictedMS)))
        events.append(.finished(Self.finishReason(chunk.stopType)))
        return events
    }

    /// Called when the stream ends: nothing when the last event came, otherwise the answer was cut off.
    func finish() throws(ModelError) -> [ModelEvent] {
        guard isDone else {
            throw .interrupted(backend: classifier.backend, detail: "the stream ended before the answer finished")
        }
        return []
    }

    static func finishReason(_ stopType: String?) -> FinishReason {
        switch stopType {
        case "eos", "word": .stop
        case "limit": .length
        default: .other(stopType ?? "none")
        }
    }
}
