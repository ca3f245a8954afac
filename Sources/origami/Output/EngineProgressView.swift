import CraftBackends
import CraftSchema
import Foundation
import Synchronization

/// Tells a person on stderr what the engine is doing while a command waits for it: starting, loading the model,
/// ready. On a terminal the loading line counts the seconds in place; elsewhere each phase is one line.
final class EngineProgressView: Sendable {
    private let console: Console
    private let last = Mutex<(phase: EngineProgress.Phase?, starting: Bool)>((nil, false))

    /// Creates a view on `console`'s stderr.
    init(console: Console) {
        self.console = console
    }

    /// Shows one progress report.
    func show(_ progress: EngineProgress) {
        let (changed, wasStarting) = last.withLock { last in
            defer {
                last.phase = progress.phase
                last.starting = progress.phase == .launching || progress.phase == .loading
            }
            return (last.phase != progress.phase, last.starting)
        }
        let model = (progress.model as NSString).lastPathComponent
        let seconds = "\(Int(progress.elapsed.rounded())) s"
        switch progress.phase {
        case .reusing:
            if changed { console.detail("using the warm engine on port \(progress.port)") }
        case .launching:
            if changed { console.message(console.err.dim("Starting the engine (\(model))…")) }
        case .loading:
            if console.animatesProgress {
                console.rawProgress("\r\u{1B}[K" + console.err.dim("Loading the model… \(seconds)"))
            } else if changed {
                console.message(console.err.dim("Loading the model…"))
            }
        case .ready:
            guard changed, wasStarting else { return }
            console.rawProgress("\r\u{1B}[K")
            console.message(console.err.dim("The engine is ready on port \(progress.port) after \(seconds)."))
        }
        guard changed else { return }
        console.event("engine", [
            ("phase", .string("\(progress.phase)")), ("elapsed", GeneratedContent(progress.elapsed)),
            ("port", GeneratedContent(progress.port)),
        ])
    }
}
