import Synchronization

/// A line on stderr that turns while something slow runs (only when stderr is a terminal and not `--quiet`).
final class Spinner: Sendable {
    private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    private let console: Console
    private let state = Mutex<(task: Task<Void, Never>?, text: String)>((nil, ""))

    /// Creates a spinner on `console`'s stderr.
    init(console: Console) {
        self.console = console
    }

    /// Starts turning with `text` beside it, or changes the text of a running spinner.
    func start(_ text: String) {
        guard console.animatesProgress else {
            console.message(text)
            return
        }
        let console = console
        state.withLock { state in
            state.text = text
            guard state.task == nil else { return }
            state.task = Task { [weak self] in
                var frame = 0
                while !Task.isCancelled, let self {
                    let text = self.state.withLock { $0.text }
                    console.rawProgress("\r\u{1B}[K" + console.err.cyan(Self.frames[frame]) + " " + text)
                    frame = (frame + 1) % Self.frames.count
                    try? await Task.sleep(nanoseconds: 100_000_000)
                }
            }
        }
    }

    /// Stops turning and clears the line.
    func stop() async {
        let task = state.withLock { state -> Task<Void, Never>? in
            defer { state.task = nil }
            return state.task
        }
        guard let task else { return }
        task.cancel()
        await task.value
        console.rawProgress("\r\u{1B}[K")
    }
}
