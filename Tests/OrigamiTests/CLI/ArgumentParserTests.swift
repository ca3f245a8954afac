@testable import origami
import Testing

@Suite struct ArgumentParserTests {
    let parser = Origami.parser

    private func problem(_ arguments: [String]) -> UsageError? {
        do {
            _ = try parser.parse(arguments)
            return nil
        } catch let error as UsageError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test func globalOptionsWorkBeforeAndAfterTheCommand() throws {
        let before = try parser.parse(["--json", "--backend", "ollama", "brainstorm", "a.jpg"])
        let after = try parser.parse(["brainstorm", "a.jpg", "--backend=ollama", "--json"])
        #expect(before == after)
        #expect(before.path == ["brainstorm"])
        #expect(before.options == ["json": "", "backend": "ollama"])
        #expect(before.arguments == ["a.jpg"])
    }

    @Test func commandOptionsTakeTheirValue() throws {
        let line = try parser.parse(["brainstorm", "--hint", "for a child", "a.jpg", "b.png"])
        #expect(line.value("hint") == "for a child")
        #expect(line.arguments == ["a.jpg", "b.png"])
    }

    @Test func doubleDashEndsOptions() throws {
        let line = try parser.parse(["coach", "--", "--step", "-h"])
        #expect(line.arguments == ["--step", "-h"])
        #expect(!line.wantsHelp)
        #expect(line.options.isEmpty)
    }

    @Test func theLastOfARepeatedOptionWins() throws {
        let line = try parser.parse(["tutorial", "--idea", "1", "--idea=3"])
        #expect(try line.integer("idea") == 3)
    }

    @Test func aRepeatedBaseURLKeepsEveryValueOnePerLine() throws {
        let line = try parser.parse(["eval", "s.json", "--base-url", "http://a", "--base-url=http://b#slots=2"])
        #expect(line.value("base-url") == "http://a\nhttp://b#slots=2")
    }

    @Test func subcommandsAreFollowed() throws {
        let line = try parser.parse(["engine", "--quiet", "stop"])
        #expect(line.path == ["engine", "stop"])
    }

    @Test(arguments: [
        ["-h"], ["--help"], ["brainstorm", "-h"], ["brainstorm", "--bogus", "--help"], ["-h", "brainstorm"],
    ])
    func helpAnywhereWinsOverEveryOtherMistake(_ arguments: [String]) throws {
        let line = try parser.parse(arguments)
        #expect(line.wantsHelp)
        #expect(line.path == (arguments.contains("brainstorm") ? ["brainstorm"] : []))
    }

    @Test func helpReachesSubcommands() throws {
        #expect(try parser.parse(["engine", "start", "--help"]).path == ["engine", "start"])
    }

    @Test func unknownCommandSuggestsTheClosest() {
        #expect(problem(["brianstorm", "a.jpg"]) == UsageError(
            problem: .unknownCommand("brianstorm", suggestion: "brainstorm"), path: []))
        #expect(problem(["stauts"])?.problem == .unknownCommand("stauts", suggestion: "status"))
        #expect(problem(["xyzzy"])?.problem == .unknownCommand("xyzzy", suggestion: nil))
        #expect(problem(["engine", "strat"]) == UsageError(
            problem: .unknownCommand("strat", suggestion: "start"), path: ["engine"]))
    }

    @Test func unknownOptionSuggestsTheClosestValidHere() {
        #expect(problem(["brainstorm", "--hnit", "x", "a.jpg"]) == UsageError(
            problem: .unknownOption("--hnit", suggestion: "--hint"), path: ["brainstorm"]))
        #expect(problem(["coach", "--stpe", "2", "a.jpg"])?.problem == .unknownOption("--stpe", suggestion: "--step"))
        #expect(problem(["status", "--jsno"])?.problem == .unknownOption("--jsno", suggestion: "--json"))
        #expect(problem(["status", "--backedn=x"])?.problem == .unknownOption("--backedn", suggestion: "--backend"))
        #expect(problem(["status", "-x"])?.problem == .unknownOption("-x", suggestion: nil))
        // --hint belongs to brainstorm only.
        #expect(problem(["status", "--hint", "x"])?.problem == .unknownOption("--hint", suggestion: nil))
    }

    @Test func missingAndUnexpectedValues() {
        #expect(problem(["brainstorm", "a.jpg", "--hint"])?.problem
            == .missingValue(option: "--hint", valueName: "TEXT"))
        #expect(problem(["status", "--json=yes"])?.problem == .unexpectedValue(option: "--json"))
    }

    @Test func argumentCountsAreChecked() {
        #expect(problem(["brainstorm"])?.problem == .missingArgument("PHOTO..."))
        #expect(problem(["status", "extra"])?.problem == .unexpectedArgument("extra"))
        #expect(problem(["term", "fold", "crease"])?.problem == .unexpectedArgument("crease"))
        #expect(problem(["completions"])?.problem == .missingArgument("SHELL"))
        #expect(problem([])?.problem == .missingCommand)
        #expect(problem(["engine"]) == UsageError(problem: .missingCommand, path: ["engine"]))
    }

    @Test func optionalArgumentsMayBeLeftOut() throws {
        #expect(try parser.parse(["term"]).arguments.isEmpty)
        #expect(try parser.parse(["term", "valley fold"]).arguments == ["valley fold"])
        #expect(try parser.parse(["help", "engine", "start"]).arguments == ["engine", "start"])
    }

    @Test func versionNeedsNoCommand() throws {
        #expect(try parser.parse(["--version"]).options["version"] == "")
        #expect(problem(["status", "--version"])?.problem == .unknownOption("--version", suggestion: nil))
    }

    @Test(arguments: ["0", "-1", "two", "1.5", ""])
    func numbersMustBeWholeAndPositive(_ text: String) throws {
        let line = try parser.parse(["tutorial", "--idea", text])
        #expect(throws: UsageError.self) { try line.integer("idea") }
    }

    @Test func hiddenCommandsParseButAreNotSuggested() throws {
        let parser = ArgumentParser.withHiddenProbe
        #expect(try parser.parse(["_probe", "--bytes", "10"]).path == ["_probe"])
        let error = #expect(throws: UsageError.self) { try parser.parse(["_prboe"]) }
        #expect(error?.problem == .unknownCommand("_prboe", suggestion: nil))
    }
}

extension ArgumentParser {
    /// origami's parser with a hidden command `_probe [--bytes N]` added: origami ships no hidden command, so the
    /// support for one (parsed, never suggested, listed or completed) is checked on this.
    static let withHiddenProbe: ArgumentParser = {
        var root = Origami.root
        root.subcommands.append(CommandSpec(
            name: "_probe", abstract: "Internal.", options: [OptionSpec(name: "bytes", valueName: "N", help: "Bytes.")],
            isHidden: true))
        return ArgumentParser(root: root, globalOptions: GlobalOptions.all)
    }()
}
