/// Wraps any backend and appends each answered request to a cassette: its key, normalised form and the raw
/// events streamed back.
///
/// The recorder sees only the transcript, the request and the events, never the wrapped backend's headers or
/// keys, so a cassette cannot leak a secret.
public struct RecordingLanguageModel: LanguageModel {
    /// The wrapped backend.
    public let wrapped: any LanguageModel
    /// Where exchanges are appended.
    public let cassette: Cassette
    /// The model name written into keys (the wrapped backend's name unless given).
    public let model: String

    /// Records `wrapped`'s answers into `cassette`.
    public init(wrapping wrapped: any LanguageModel, cassette: Cassette, model: String? = nil) {
        self.wrapped = wrapped
        self.cassette = cassette
        self.model = model ?? wrapped.name
    }

    /// The wrapped backend's name.
    public var name: String { wrapped.name }

    /// The wrapped backend's availability.
    public func availability() async -> Availability {
        await wrapped.availability()
    }

    /// The wrapped backend's capabilities.
    public func capabilities() async throws -> Capabilities {
        try await wrapped.capabilities()
    }

    /// Warms the wrapped backend.
    public func prewarm(_ transcript: Transcript) async throws {
        try await wrapped.prewarm(transcript)
    }

    /// Passes the wrapped stream through and, when it ends normally, appends it to the cassette.
    ///
    /// A stream that fails is not recorded: replay serves answers, the live backend's failures are its own. A stream
    /// its reader stopped after some text (the session cuts an answer that starts repeating itself) is recorded as
    /// far as it went, so replay cuts it at the same place and asks again as the live run did.
    public func stream(_ transcript: Transcript, request: GenerationRequest) -> AsyncThrowingStream<
        ModelEvent, any Error
    > {
        let normalised = CassetteRequest(model: model, transcript: transcript, request: request)
        let (wrapped, cassette) = (self.wrapped, self.cassette)
        return AsyncThrowingStream { continuation in
            let task = Task {
                var events: [ModelEvent] = []
                do {
                    for try await event in wrapped.stream(transcript, request: request) {
                        events.append(event)
                        continuation.yield(event)
                    }
                    try Task.checkCancellation()
                    let capabilities = try await wrapped.capabilities()
                    try cassette.append(.init(request: normalised, capabilities: capabilities, events: events))
                    continuation.finish()
                } catch {
                    if Task.isCancelled, events.contains(where: { if case .textDelta = $0 { true } else { false } }) {
                        // A new task: this one is cancelled, and asking for the capabilities may need the network.
                        await Task {
                            guard let capabilities = try? await wrapped.capabilities() else { return }
                            try? cassette.append(.init(request: normalised, capabilities: capabilities, events: events))
                        }.value
                    }
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
