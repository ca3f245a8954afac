import CraftSchema
import Synchronization

/// Shows a result while it streams: redrawn in place on a terminal, printed once when final elsewhere, and as
/// JSON events for scripts. Updates arrive on the session's executor, so its state sits behind a lock.
final class StreamView: Sendable {
    private struct State {
        var region: LiveRegion
        var lastLines: [String] = []
        var sentPartials: [Int: GeneratedContent] = [:]
        var sentAnalyses: Set<String> = []
        var pending: [(key: String, name: String, fields: [(String, GeneratedContent)])] = []
    }

    private let console: Console
    private let state: Mutex<State>

    /// Creates a view on `console`.
    init(console: Console) {
        self.console = console
        state = Mutex(State(region: LiveRegion(console: console)))
    }

    /// Redraws the block with `lines` (a terminal only; elsewhere nothing shows until `finish`).
    func show(_ lines: [String]) {
        guard console.format == .human, !console.quiet || console.redrawsInPlace else { return }
        state.withLock { state in
            guard lines != state.lastLines else { return }
            state.lastLines = lines
            state.region.update(lines)
        }
    }

    /// Replaces the block with its final `lines`.
    func finish(_ lines: [String]) {
        guard console.format == .human else { return }
        state.withLock { $0.region.finish(lines) }
    }

    /// Sends `{"event":name,"index":i,…}` when the value at `index` changed since last sent (JSON mode only).
    func partial(_ name: String, index: Int, _ fields: [(String, GeneratedContent)]) {
        guard console.format == .json else { return }
        let value = GeneratedContent.object(fields)
        let changed = state.withLock { state in
            guard state.sentPartials[index] != value else { return false }
            state.sentPartials[index] = value
            return true
        }
        if changed { console.event(name, [("index", GeneratedContent(index))] + fields) }
    }

    /// Sends an event once per `key` (JSON mode only), e.g. one `analysis` event per photo.
    func once(_ key: String, _ name: String, _ fields: [(String, GeneratedContent)]) {
        guard console.format == .json else { return }
        let first = state.withLock { $0.sentAnalyses.insert(key).inserted }
        if first { console.event(name, fields) }
    }

    /// Keeps events to send later with `flush`, replacing what was kept before (JSON mode only).
    func hold(_ events: [(key: String, name: String, fields: [(String, GeneratedContent)])]) {
        guard console.format == .json else { return }
        state.withLock { $0.pending = events }
    }

    /// Sends the events kept by `hold`, each once.
    func flush() {
        let events = state.withLock { state in
            defer { state.pending = [] }
            return state.pending
        }
        for event in events { once(event.key, event.name, event.fields) }
    }

    /// Lists the repairs made to an answer before it was checked: on stderr with `--verbose`, and as a `repairs`
    /// event.
    func repaired(_ repairs: [String]) {
        guard !repairs.isEmpty else { return }
        console.detail("repaired the answer:")
        for repair in repairs { console.detail("  - " + repair) }
        console.event("repairs", [("repairs", .array(repairs.map(GeneratedContent.string)))])
    }

    /// Says on stderr that an answer is being asked for again, and why.
    func retrying(_ violations: [String]) {
        console.message(console.err.yellow("The answer broke a rule; asking again:"))
        for violation in violations { console.message("  - " + violation) }
        console.event("retry", [("violations", .array(violations.map(GeneratedContent.string)))])
    }
}
