import CraftSchema
import Foundation
import Synchronization

/// Where text goes: the process's stdout and stderr, or a buffer in tests.
protocol OutputSink: Sendable {
    /// Writes `text` to stdout, or to stderr when `toError`.
    func write(_ text: String, toError: Bool)
}

/// The process's real stdout and stderr, written unbuffered so stdout and stderr interleave as they happen.
struct StandardStreams: OutputSink {
    func write(_ text: String, toError: Bool) {
        let handle = toError ? FileHandle.standardError : FileHandle.standardOutput
        handle.write(Data(text.utf8))
    }
}

/// Output kept in memory, for tests.
final class CapturedOutput: OutputSink {
    private let buffers = Mutex<(out: String, err: String)>(("", ""))

    /// Everything written to stdout so far.
    var stdout: String { buffers.withLock { $0.out } }
    /// Everything written to stderr so far.
    var stderr: String { buffers.withLock { $0.err } }

    func write(_ text: String, toError: Bool) {
        buffers.withLock { toError ? $0.err.append(text) : $0.out.append(text) }
    }
}

/// The one way commands print: results on stdout, messages and progress on stderr, or JSON events for scripts.
///
/// With `--json` only event lines go to stdout; with `--quiet` only results are printed; colour appears only
/// on a terminal, and never with `--no-color`, `NO_COLOR` or `TERM=dumb`.
struct Console: Sendable {
    /// Whether output is meant for a person or for a script.
    enum Format: Sendable { case human, json }

    /// Human text or JSON events.
    var format: Format
    /// Only results are printed.
    var quiet: Bool
    /// Details of backends and timings are printed on stderr.
    var verbose: Bool
    /// What the streams are connected to.
    var terminal: Terminal
    /// Styling for stdout text.
    var out: Style
    /// Styling for stderr text.
    var err: Style
    /// Where the text goes.
    var sink: any OutputSink

    /// Creates a console; colour is on for a stream only when `colorWanted`, the stream is a terminal and
    /// `TERM` is not dumb.
    init(format: Format, quiet: Bool, verbose: Bool, colorWanted: Bool, terminal: Terminal, sink: any OutputSink) {
        self.format = format
        self.quiet = quiet
        self.verbose = verbose
        self.terminal = terminal
        self.sink = sink
        out = Style(enabled: colorWanted && terminal.stdoutIsTTY && !terminal.isDumb && format == .human)
        err = Style(enabled: colorWanted && terminal.stderrIsTTY && !terminal.isDumb)
    }

    /// Whether results may be redrawn in place on stdout as they stream.
    var redrawsInPlace: Bool { format == .human && terminal.stdoutIsTTY && !terminal.isDumb }

    /// Whether an animated progress indicator may be shown on stderr.
    var animatesProgress: Bool { !quiet && terminal.stderrIsTTY && !terminal.isDumb }

    /// A result for a person, on stdout (nothing in JSON mode, where `event` carries results).
    func result(_ text: String) {
        guard format == .human else { return }
        sink.write(text.hasSuffix("\n") ? text : text + "\n", toError: false)
    }

    /// Raw text on stdout for a person, e.g. cursor movement while redrawing.
    func rawResult(_ text: String) {
        guard format == .human else { return }
        sink.write(text, toError: false)
    }

    /// A message or progress line on stderr, unless `--quiet`.
    func message(_ text: String) {
        guard !quiet else { return }
        sink.write(text + "\n", toError: true)
    }

    /// A detail on stderr, only with `--verbose`.
    func detail(_ text: String) {
        guard verbose else { return }
        sink.write(err.dim(text) + "\n", toError: true)
    }

    /// Raw text on stderr, e.g. a spinner frame; nothing unless progress may be animated.
    func rawProgress(_ text: String) {
        guard animatesProgress else { return }
        sink.write(text, toError: true)
    }

    /// An error message on stderr, always shown (even with `--quiet`).
    func error(_ text: String) {
        sink.write(text.hasSuffix("\n") ? text : text + "\n", toError: true)
    }

    /// One JSON event line on stdout, only in JSON mode: `{"event":name, …fields}`.
    func event(_ name: String, _ fields: [(String, GeneratedContent)] = []) {
        guard format == .json else { return }
        sink.write(GeneratedContent.object([("event", .string(name))] + fields).jsonLine + "\n", toError: false)
    }
}
