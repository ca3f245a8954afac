/// A decoder that turns a streamed answer's server-sent events into model events (OpenAI chat chunks, llama-server
/// `/completion` events).
protocol ServerSentEventDecoder: Sendable {
    /// Whether the answer's last event arrived, after which nothing more is read.
    var isDone: Bool { get }
    /// The model events one server-sent event yields.
    mutating func decode(_ event: SSESplitter.Event) throws(ModelError) -> [ModelEvent]
    /// The closing events when the stream ends; a stream cut before its last event throws.
    mutating func finish() throws(ModelError) -> [ModelEvent]
}

extension HTTPResponse {
    /// Reads the body as server-sent events through `decoder`, yielding every model event, until the decoder is
    /// done or the body ends; a malformed event stream is a `serverError` of `backend`.
    func relayEvents(
        through decoder: some ServerSentEventDecoder, backend: String,
        into continuation: AsyncThrowingStream<ModelEvent, any Error>.Continuation
    ) async throws {
        var decoder = decoder
        var splitter = SSESplitter()
        do {
            for try await chunk in body {
                for event in try splitter.feed(chunk) {
                    for modelEvent in try decoder.decode(event) { continuation.yield(modelEvent) }
                }
                if decoder.isDone { break }
            }
            try Task.checkCancellation()
            if !decoder.isDone, let last = splitter.finish() {
                for modelEvent in try decoder.decode(last) { continuation.yield(modelEvent) }
            }
            for modelEvent in try decoder.finish() { continuation.yield(modelEvent) }
        } catch let error as LineSplitterError {
            throw ModelError.serverError(backend: backend, status: status, message: "\(error)")
        }
    }
}
