import CraftBackends
import Synchronization

/// Wraps a backend and adds up the token counts its answers report, so an eval run knows the tokens of every
/// request it made (a brainstorm makes two), whatever the flow itself reports.
struct MeteredLanguageModel: LanguageModel {
    /// The running totals of one eval run, shared by every backend of its chain.
    final class Meter: Sendable {
        private let totals = Mutex<(prompt: Int?, completion: Int?)>((nil, nil))

        func add(_ usage: Usage) {
            totals.withLock { totals in
                if let prompt = usage.promptTokens { totals.prompt = (totals.prompt ?? 0) + prompt }
                if let completion = usage.completionTokens { totals.completion = (totals.completion ?? 0) + completion }
            }
        }

        /// Prompt and completion tokens so far; nil when no answer reported them.
        var tokens: (prompt: Int?, completion: Int?) { totals.withLock { $0 } }
    }

    let wrapped: any LanguageModel
    let meter: Meter

    var name: String { wrapped.name }

    func availability() async -> Availability {
        await wrapped.availability()
    }

    func capabilities() async throws -> Capabilities {
        try await wrapped.capabilities()
    }

    func prewarm(_ transcript: Transcript) async throws {
        try await wrapped.prewarm(transcript)
    }

    func stream(_ transcript: Transcript, request: GenerationRequest) -> AsyncThrowingStream<ModelEvent, any Error> {
        let (wrapped, meter) = (self.wrapped, self.meter)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await event in wrapped.stream(transcript, request: request) {
                        if case .usage(let usage) = event { meter.add(usage) }
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
}
