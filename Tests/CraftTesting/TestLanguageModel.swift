public import CraftBackends
import Synchronization

/// A closure-backed backend for tests: it records every transcript and request it receives and answers each
/// with the events its closure returns.
///
/// Like a transport test double, it lets a test see exactly what the session sent (instructions, prompt text,
/// attachment labels, schema, options) and script what the "model" answers, including errors and token-limit
/// cut-offs, without a server.
public final class TestLanguageModel: LanguageModel {
    /// One request the double received.
    public struct Call: Sendable, Hashable {
        /// The transcript the session sent, instructions first.
        public var transcript: Transcript
        /// The request: schema, options, tools.
        public var request: GenerationRequest

        /// The last prompt of the transcript: what was asked in this call.
        public var prompt: Prompt? {
            for entry in transcript.entries.reversed() {
                if case .prompt(let prompt) = entry { return prompt }
            }
            return nil
        }

        /// The last prompt as the flow wrote it: without the schema description the session ends a prompt with
        /// the first time it asks for that schema.
        public var flowPrompt: Prompt? {
            guard var prompt, let description = request.responseFormat?.promptDescription else { return prompt }
            if prompt.segments.last == .text(description) { prompt.segments.removeLast() }
            return prompt
        }

        /// The text of the instructions entries of the transcript.
        public var instructions: [String] {
            transcript.entries.compactMap { if case .instructions(let text) = $0 { text.text } else { nil } }
        }
    }

    /// Answers a call: given the call and its zero-based index among all calls, the events to stream.
    ///
    /// Throwing from the closure makes the stream throw that error before any event.
    public typealias Responder = @Sendable (_ call: Call, _ index: Int) async throws -> [ModelEvent]

    private struct State {
        var calls: [Call] = []
        var prewarmed: [Transcript] = []
    }

    /// The name the double reports, e.g. `test`.
    public let name: String
    private let availabilityValue: Availability
    private let capabilitiesValue: Capabilities
    private let responder: Responder
    private let state = Mutex(State())

    /// Creates a double with the given availability and capabilities that answers with `respond`.
    public init(
        name: String = "test",
        availability: Availability = .available,
        capabilities: Capabilities = .init(vision: true, nativeJSONSchema: true, tools: false, contextSize: 32_768),
        respond: @escaping Responder
    ) {
        self.name = name
        self.availabilityValue = availability
        self.capabilitiesValue = capabilities
        self.responder = respond
    }

    /// Creates a double that answers the n-th call with the n-th text (repeating the last), each streamed in
    /// small deltas and finished with `.stop`.
    public convenience init(
        name: String = "test",
        capabilities: Capabilities = .init(vision: true, nativeJSONSchema: true, tools: false, contextSize: 32_768),
        answers: [String]
    ) {
        self.init(name: name, capabilities: capabilities) { _, index in
            guard let text = answers.isEmpty ? nil : answers[min(index, answers.count - 1)] else {
                throw ModelError.serverError(backend: name, status: nil, message: "the test double has no answers")
            }
            return Self.events(streaming: text)
        }
    }

    /// Every call received so far, oldest first.
    public var calls: [Call] {
        state.withLock { $0.calls }
    }

    /// The transcripts `prewarm` was called with.
    public var prewarmed: [Transcript] {
        state.withLock { $0.prewarmed }
    }

    /// Returns the configured availability.
    public func availability() async -> Availability {
        availabilityValue
    }

    /// Returns the configured capabilities.
    public func capabilities() async throws -> Capabilities {
        capabilitiesValue
    }

    /// Records the call, then streams the responder's events (or its error).
    public func stream(_ transcript: Transcript, request: GenerationRequest) -> AsyncThrowingStream<
        ModelEvent, any Error
    > {
        let call = Call(transcript: transcript, request: request)
        let index = state.withLock { state in
            state.calls.append(call)
            return state.calls.count - 1
        }
        let responder = self.responder
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for event in try await responder(call, index) {
                        try Task.checkCancellation()
                        continuation.yield(event)
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Records the transcript it was asked to warm.
    public func prewarm(_ transcript: Transcript) async throws {
        state.withLock { $0.prewarmed.append(transcript) }
    }

    /// The events of an answer `text` streamed in deltas of `chunkSize` characters, with usage and a finish.
    public static func events(streaming text: String, chunkSize: Int = 7, finish: FinishReason = .stop) -> [ModelEvent]
    {
        var events: [ModelEvent] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            events.append(.textDelta(String(rest.prefix(max(1, chunkSize)))))
            rest = rest.dropFirst(max(1, chunkSize))
        }
        events.append(.usage(Usage(promptTokens: 100, completionTokens: max(1, text.count / 4))))
        events.append(.finished(finish))
        return events
    }
}
