/// A block of stdout lines redrawn in place while a result streams in (a terminal only).
///
/// Each update moves the cursor back up over the lines it drew last time, clears to the end of the screen and
/// draws the new lines; rows that wrap at the terminal's width are counted, so the block never creeps.
/// Not on a terminal, nothing is drawn until `finish`, which prints the final lines once.
final class LiveRegion {
    private let console: Console
    private var drawnRows = 0
    private var lastLines: [String] = []

    /// Creates a region drawing on `console`'s stdout.
    init(console: Console) {
        self.console = console
    }

    /// Shows `lines` in place of what the region showed before.
    func update(_ lines: [String]) {
        lastLines = lines
        guard console.redrawsInPlace else { return }
        var text = drawnRows > 0 ? "\u{1B}[\(drawnRows)A\r\u{1B}[J" : ""
        text += lines.map { $0 + "\n" }.joined()
        console.rawResult(text)
        drawnRows = lines.reduce(0) { $0 + Self.rows($1, width: console.terminal.width) }
    }

    /// Draws the final lines: in place on a terminal, once otherwise.
    func finish(_ lines: [String]) {
        if console.redrawsInPlace {
            update(lines)
        } else {
            console.rawResult(lines.map { $0 + "\n" }.joined())
        }
        drawnRows = 0
        lastLines = []
    }

    /// How many terminal rows a line takes at `width` columns, escape sequences not counted.
    static func rows(_ line: String, width: Int) -> Int {
        var visible = 0
        var inEscape = false
        for scalar in line.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value), scalar != "[" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                visible += 1
            }
        }
        return max(1, (visible + max(width, 1) - 1) / max(width, 1))
    }
}
