import CraftSchema
import Synchronization

/// Serves the answers of a cassette recorded by `RecordingLanguageModel`, and fails loudly on a request it has
/// no recording for.
///
/// When the same request was recorded several times, the n-th identical request gets the n-th recording (the
/// last one repeats), so a recorded retry replays as it happened.
public final class ReplayLanguageModel: LanguageModel {
    private struct State {
        var entries: [Cassette.Entry]?
        var served: [String: Int] = [:]
    }

    /// The cassette served.
    public let cassette: Cassette
    /// The model name requests are keyed with, or nil to match recordings of any model.
    public let model: String?
    private let state = Mutex(State())

    /// Serves `cassette`; `model` nil matches a recording whatever model made it.
    public init(cassette: Cassette, model: String? = nil) {
        self.cassette = cassette
        self.model = model
    }

    /// `replay`.
    public var name: String { "replay" }

    /// Available when the cassette reads and holds at least one recording.
    public func availability() async -> Availability {
        do {
            return try entries().isEmpty
                ? .unavailable(reason: "the cassette \(cassette.url.path) is empty; record one with --record")
                : .available
        } catch {
            return .unavailable(because: error, of: name)
        }
    }

    /// The capabilities of the backend the cassette was recorded from.
    public func capabilities() async throws -> Capabilities {
        guard let first = try entries().first else {
            throw CassetteError.miss(path: cassette.url.path, key: "", closestKey: nil, differences: [])
        }
        return first.capabilities
    }

    /// Streams the recorded events of the matching request, or throws `CassetteError.miss`.
    public func stream(_ transcript: Transcript, request: GenerationRequest) -> AsyncThrowingStream<
        ModelEvent, any Error
    > {
        let result = Result {
            try events(for: CassetteRequest(model: model ?? "", transcript: transcript, request: request))
        }
        return AsyncThrowingStream { continuation in
            switch result {
            case .success(let events):
                for event in events { continuation.yield(event) }
                continuation.finish()
            case .failure(let error):
                continuation.finish(throwing: error)
            }
        }
    }

    /// The recorded events for a normalised request.
    func events(for request: CassetteRequest) throws -> [ModelEvent] {
        let all = try entries()
        let ignoringModel = model == nil
        let matches = all.filter { entry in
            ignoringModel
                ? entry.request.differences(from: request, ignoringModel: true).isEmpty : entry.key == request.key
        }
        guard !matches.isEmpty else {
            let closest = all.min {
                $0.request.differences(from: request, ignoringModel: ignoringModel).count
                    < $1.request.differences(from: request, ignoringModel: ignoringModel).count
            }
            throw CassetteError.miss(
                path: cassette.url.path,
                key: request.key,
                closestKey: closest?.key,
                differences: closest?.request.differences(from: request, ignoringModel: ignoringModel) ?? []
            )
        }
        let groupKey = matches[0].key
        let index = state.withLock { state in
            let served = state.served[groupKey, default: 0]
            state.served[groupKey] = served + 1
            return min(served, matches.count - 1)
        }
        return matches[index].events
    }

    private func entries() throws -> [Cassette.Entry] {
        if let loaded = state.withLock({ $0.entries }) { return loaded }
        let loaded = try cassette.load()
        state.withLock { $0.entries = loaded }
        return loaded
    }
}
