import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Facts about where output goes: whether each stream is a terminal, its width, and whether colour is wanted.
struct Terminal: Sendable {
    /// stdout is a terminal.
    var stdoutIsTTY: Bool
    /// stderr is a terminal.
    var stderrIsTTY: Bool
    /// `TERM` is `dumb` (or unset), so no colour and no cursor movement.
    var isDumb: Bool
    /// The terminal's width in columns (80 when unknown).
    var width: Int

    /// The live terminal of this process.
    static func current(environment: [String: String]) -> Terminal {
        var size = winsize()
        let width = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
        let term = environment["TERM"] ?? ""
        return Terminal(
            stdoutIsTTY: isatty(STDOUT_FILENO) == 1, stderrIsTTY: isatty(STDERR_FILENO) == 1,
            isDumb: term == "dumb" || term.isEmpty, width: width)
    }
}

/// ANSI styling that collapses to plain text when colour is off.
struct Style: Sendable {
    /// Whether escape sequences are written.
    var enabled: Bool

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func cyan(_ text: String) -> String { wrap(text, "36") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
