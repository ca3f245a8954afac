@testable import CraftSchema
import Foundation
@testable import origami
import Testing

@Suite struct ConsoleTests {
    static let tty = Terminal(stdoutIsTTY: true, stderrIsTTY: true, isDumb: false, width: 20)
    static let pipe = Terminal(stdoutIsTTY: false, stderrIsTTY: false, isDumb: false, width: 80)

    private func console(
        _ format: Console.Format = .human, quiet: Bool = false, color: Bool = true, terminal: Terminal = tty
    ) -> (Console, CapturedOutput) {
        let output = CapturedOutput()
        return (Console(format: format, quiet: quiet, verbose: false, colorWanted: color, terminal: terminal,
                        sink: output), output)
    }

    @Test func colourOnlyOnATerminalThatWantsIt() {
        #expect(console().0.out.enabled)
        #expect(!console(color: false).0.out.enabled)
        #expect(!console(terminal: Self.pipe).0.out.enabled)
        let dumb = Terminal(stdoutIsTTY: true, stderrIsTTY: true, isDumb: true, width: 80)
        #expect(!console(terminal: dumb).0.out.enabled && !console(terminal: dumb).0.err.enabled)
        #expect(!console(.json).0.out.enabled)
    }

    @Test func colourIsDecidedThroughTheWholeProgram() async throws {
        let output = CapturedOutput()
        for environment in [["NO_COLOR": "1", "TERM": "xterm"], ["TERM": "dumb"]] {
            _ = await Origami.main(
                arguments: ["coach", "--stpe"], environment: environment,
                workingDirectory: URL(fileURLWithPath: "/"),
                terminal: Terminal(stdoutIsTTY: true, stderrIsTTY: true, isDumb: environment["TERM"] == "dumb",
                                   width: 80),
                sink: output)
        }
        _ = await Origami.main(
            arguments: ["coach", "--stpe", "--no-color"], environment: ["TERM": "xterm"],
            workingDirectory: URL(fileURLWithPath: "/"), terminal: Self.tty, sink: output)
        #expect(!output.stderr.contains("\u{1B}["))
        let coloured = CapturedOutput()
        _ = await Origami.main(
            arguments: ["coach", "--stpe"], environment: ["TERM": "xterm"], workingDirectory: URL(fileURLWithPath: "/"),
            terminal: Self.tty, sink: coloured)
        #expect(coloured.stderr.hasPrefix("\u{1B}[31merror:\u{1B}[0m unknown option '--stpe'"))
    }

    @Test func streamsAreKeptApart() {
        let (human, output) = console()
        human.result("the result")
        human.message("a message")
        human.event("result")
        #expect(output.stdout == "the result\n")
        #expect(output.stderr == "a message\n")
        let (quiet, quietOutput) = console(quiet: true)
        quiet.message("hidden")
        quiet.result("shown")
        quiet.error("error: always shown")
        #expect(quietOutput.stdout == "shown\n" && quietOutput.stderr == "error: always shown\n")
        let (json, jsonOutput) = console(.json)
        json.result("not for scripts")
        json.event("result", [("command", .string("status")), ("n", GeneratedContent(2))])
        #expect(jsonOutput.stdout == #"{"event":"result","command":"status","n":2}"# + "\n")
    }

    @Test func jsonValuesEscapeAndKeepOrder() {
        let value = GeneratedContent.object([
            ("z", .string("quote \" backslash \\ newline \n tab \t bell \u{07}")), ("a", .array([.null, .bool(true)])),
            ("n", GeneratedContent(1.5)), ("whole", GeneratedContent(3.0)), ("separator", .string("a\u{2028}b")),
        ])
        #expect(value.jsonLine == #"{"z":"quote \" backslash \\ newline \n tab \t bell \u0007","a":[null,true],"#
            + #""n":1.5,"whole":3,"separator":"a\u2028b"}"#)
        let encoded = GeneratedContent.encoding(["b": [1.0, 2.5], "a": [0.0]] as [String: [Double]])
        #expect(encoded.jsonLine == #"{"a":[0],"b":[1,2.5]}"#)
    }

    @Test func liveRegionRedrawsInPlaceCountingWrappedRows() {
        let (human, output) = console()
        let region = LiveRegion(console: human)
        region.update(["Ideas", "  1. Cr"])
        region.update(["Ideas", "  1. Crane folded from one red square"])
        region.finish(["Ideas", "  1. Crane"])
        #expect(output.stdout == "Ideas\n  1. Cr\n"
            + "\u{1B}[2A\r\u{1B}[JIdeas\n  1. Crane folded from one red square\n"
            + "\u{1B}[3A\r\u{1B}[JIdeas\n  1. Crane\n")
        #expect(LiveRegion.rows("\u{1B}[1m" + String(repeating: "x", count: 20) + "\u{1B}[0m", width: 20) == 1)
        #expect(LiveRegion.rows(String(repeating: "x", count: 21), width: 20) == 2)
        #expect(LiveRegion.rows("", width: 20) == 1)
    }

    @Test func withoutATerminalOnlyTheFinalLinesArePrinted() {
        let (piped, output) = console(terminal: Self.pipe)
        let region = LiveRegion(console: piped)
        region.update(["Ideas", "  1. Cr"])
        region.update(["Ideas", "  1. Crane"])
        region.finish(["Ideas", "  1. Crane", "  2. Boat"])
        #expect(output.stdout == "Ideas\n  1. Crane\n  2. Boat\n")
    }

    @Test func partialEventsAreSentOnlyWhenTheyChange() {
        let (json, output) = console(.json)
        let view = StreamView(console: json)
        view.partial("idea.partial", index: 0, [("title", .string("Cr"))])
        view.partial("idea.partial", index: 0, [("title", .string("Cr"))])
        view.partial("idea.partial", index: 0, [("title", .string("Crane"))])
        view.once("Photo_a", "analysis", [("label", .string("Photo_a"))])
        view.once("Photo_a", "analysis", [("label", .string("Photo_a"))])
        #expect(output.stdout.split(separator: "\n") == [
            #"{"event":"idea.partial","index":0,"title":"Cr"}"#,
            #"{"event":"idea.partial","index":0,"title":"Crane"}"#,
            #"{"event":"analysis","label":"Photo_a"}"#,
        ])
    }
}
