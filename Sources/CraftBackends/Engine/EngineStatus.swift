public import Foundation

/// How far a start has come, reported while the caller waits (the CLI shows it on a terminal).
public struct EngineProgress: Sendable, Hashable {
    /// The step the start is at.
    public enum Phase: Sendable, Hashable {
        /// A warm server was found and is being reused.
        case reusing
        /// The server process was launched and is not answering yet.
        case launching
        /// The server answers `/health` with 503 while it loads the model.
        case loading
        /// `/health` answered 200: the server is ready.
        case ready
    }

    /// The current step.
    public var phase: Phase
    /// Seconds since the start began.
    public var elapsed: TimeInterval
    /// The server's port.
    public var port: Int
    /// The model being loaded.
    public var model: String
}

/// What `EngineManager.status()` found.
public enum EngineStatus: Sendable, Hashable {
    /// A server is running for origami.
    case running(EngineRunning)
    /// No server is running; `note` says what was cleaned up, e.g. a stale state file.
    case stopped(note: String?)
}

/// A running server, as `origami engine status` shows it.
public struct EngineRunning: Sendable, Hashable {
    /// The state record: pid, port, model, slots, context size, start time, log.
    public var record: EngineRecord
    /// Seconds since it was launched.
    public var uptime: TimeInterval
    /// Seconds since it was last used.
    public var idle: TimeInterval
    /// Seconds until the watchdog stops it, nil when no watchdog looks after it.
    public var stopsIn: TimeInterval?
    /// Whether `/health` answers 200 (false while loading).
    public var healthy: Bool
}

/// What `EngineManager.stop()` did.
public enum EngineStopResult: Sendable, Hashable {
    /// The server was stopped.
    case stopped(EngineRecord)
    /// There was nothing to stop; `note` says what was cleaned up.
    case notRunning(note: String?)
}

extension EngineRunning: CustomStringConvertible {
    /// Several lines: model, address, pid, uptime, idle time, slots.
    public var description: String {
        var lines = [
            "model:    \(record.model)\(record.mmproj.map { " (+ \($0))" } ?? "")",
            "address:  \(record.baseURL.absoluteString)\(healthy ? "" : " (loading)")",
            "pid:      \(record.pid)",
            "uptime:   \(Self.duration(uptime))",
            "idle:     \(Self.duration(idle))",
            "slots:    \(record.slots), sharing \(record.contextSize) tokens of context",
            "log:      \(record.log)",
        ]
        if let stopsIn { lines.append("stops in: \(Self.duration(stopsIn)) unless used") }
        return lines.joined(separator: "\n")
    }

    /// "1 h 02 min", "4 min 05 s", "12 s".
    static func duration(_ seconds: TimeInterval) -> String {
        let total = max(0, Int(seconds.rounded()))
        if total >= 3600 { return String(format: "%d h %02d min", total / 3600, total % 3600 / 60) }
        if total >= 60 { return String(format: "%d min %02d s", total / 60, total % 60) }
        return "\(total) s"
    }
}

extension EngineProgress: CustomStringConvertible {
    /// One line for a terminal, e.g. "engine: loading qwen2.5-coder-0.5b-instruct-q4_k_m.gguf (3 s)".
    public var description: String {
        let model = (model as NSString).lastPathComponent
        let seconds = elapsed < 10 ? String(format: "%.1f s", elapsed) : "\(Int(elapsed)) s"
        return switch phase {
        case .reusing: "engine: using the running server on port \(port)"
        case .launching: "engine: starting llama-server on port \(port) (\(seconds))"
        case .loading: "engine: loading \(model) (\(seconds))"
        case .ready: "engine: ready on port \(port) after \(seconds)"
        }
    }
}
