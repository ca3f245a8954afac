public import CraftBackends

/// Sends a backend only the part of the conversation said under the current instructions: the last instructions
/// entry and what follows it.
///
/// `BackendFactory.smallModel()` wraps term's own model in it, whatever the backend (inside the recorder, so a
/// cassette holds what the session sent and replays without a small model). A session keeps one conversation
/// for every mode and adds a mode's instructions after it on a switch, so the primary model's prompt cache keeps
/// holding the conversation (see `OrchestratorProfile.switching`). Term needs none of it: its prompts carry the
/// tutorial's text. Reading the whole conversation (2,000–3,000 tokens after a tutorial) would cost the small model
/// more time than it saves by generating faster, and could overflow a small context; reading from term's
/// instructions on costs a few hundred tokens, and later term requests find that part in the small server's cache.
/// The session's own transcript is not changed: only what this backend is sent.
public struct CurrentModeLanguageModel: LanguageModel {
    /// The backend that answers.
    public let wrapped: any LanguageModel

    /// Wraps `wrapped`.
    public init(wrapping wrapped: any LanguageModel) {
        self.wrapped = wrapped
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

    /// The wrapped backend's answer to the current mode's part of `transcript`.
    public func stream(_ transcript: Transcript, request: GenerationRequest)
        -> AsyncThrowingStream<ModelEvent, any Error>
    {
        wrapped.stream(Self.currentMode(of: transcript), request: request)
    }

    /// Warms the wrapped backend with the current mode's part of `transcript`.
    public func prewarm(_ transcript: Transcript) async throws {
        try await wrapped.prewarm(Self.currentMode(of: transcript))
    }

    /// The last instructions entry and everything after it; the whole transcript when it has no instructions.
    static func currentMode(of transcript: Transcript) -> Transcript {
        let start = transcript.entries.lastIndex { if case .instructions = $0 { true } else { false } }
        guard let start else { return transcript }
        return Transcript(entries: Array(transcript.entries[start...]))
    }
}
