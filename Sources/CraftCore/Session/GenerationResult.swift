public import CraftBackends
public import CraftSchema
import Synchronization

/// What a request to the session produced: the decoded value and how it came about.
public struct GenerationResult<Content: Generable>: Sendable {
    /// The decoded, validated value.
    public var content: Content
    /// The value as the model's JSON (declaration order kept).
    public var rawContent: GeneratedContent
    /// The full text of the accepted answer.
    public var text: String
    /// Token counts and timings of the accepted answer, as the backend reported them.
    public var usage: Usage?
    /// How many times the answer was asked for again because it broke the schema or a domain rule.
    public var retries: Int
    /// Which backend answered, and why earlier ones in the chain were passed over.
    public var report: FallbackReport
    /// False when the conversation holds photos but the answering model has no vision: it read origami's
    /// descriptions of them instead.
    public var modelSawPhotos: Bool
    /// The repairs made to the answer before it was checked, in words, e.g. a list entry that repeated an earlier
    /// one removed (see `AnswerRepair`).
    public var repairs: [String] = []
    /// How many answers were cut while streaming because they had started repeating themselves.
    public var loopsCut = 0
    /// Whether the model saw the photos of this request's own prompt (true when it has none). Unlike
    /// `modelSawPhotos`, earlier photos restored from a project file without their bytes do not count.
    public var modelSawNewPhotos = true
}

/// A snapshot or the end of a streamed request.
public enum GenerationUpdate<Content: Generable>: Sendable {
    /// Everything parsed so far, cumulative: each snapshot extends the previous one.
    case partial(Content.PartiallyGenerated)
    /// The answer broke these rules and is being asked for again; snapshots start over.
    case retrying(violations: [String])
    /// The accepted answer.
    case complete(GenerationResult<Content>)
}

/// The stream `LanguageModelSession.streamResponse` returns: cumulative partial values while the answer
/// arrives, and `collect()` for the accepted result.
public struct ResponseStream<Content: Generable>: AsyncSequence, Sendable {
    /// Each element is everything parsed so far.
    public typealias Element = Content.PartiallyGenerated

    let updates: AsyncThrowingStream<GenerationUpdate<Content>, any Error>
    let final = FinalResult()

    /// Where the iterator leaves the accepted result for `collect()`.
    final class FinalResult: Sendable {
        let value = Mutex<GenerationResult<Content>?>(nil)
    }

    /// Iterates the partial snapshots; the sequence ends when the answer is accepted.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<GenerationUpdate<Content>, any Error>.AsyncIterator
        let final: FinalResult

        /// The next snapshot, or nil once the answer is complete.
        public mutating func next() async throws -> Content.PartiallyGenerated? {
            while let update = try await base.next() {
                switch update {
                case .partial(let snapshot): return snapshot
                case .retrying: continue
                case .complete(let result): final.value.withLock { $0 = result }
                }
            }
            return nil
        }
    }

    /// Starts iterating the snapshots.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: updates.makeAsyncIterator(), final: final)
    }

    /// Every update, snapshots, retries and the final result included.
    public var allUpdates: AsyncThrowingStream<GenerationUpdate<Content>, any Error> { updates }

    /// The accepted answer: after the snapshots were iterated, or by waiting for it, skipping the snapshots.
    public func collect() async throws -> GenerationResult<Content> {
        if let result = final.value.withLock({ $0 }) { return result }
        for try await update in updates {
            if case .complete(let result) = update { return result }
        }
        throw CancellationError()
    }
}
