import CraftCore
import CraftSchema
import Foundation

/// The `origami` program: finds the command, runs it, and turns what happened into an exit status.
enum Origami {
    /// The version `--version` prints.
    static let version = "0.1.0"

    /// Every command, in the order help lists them.
    static let commands: [any Command.Type] = [
        BrainstormCommand.self, TutorialCommand.self, CoachCommand.self, TermCommand.self, StatusCommand.self,
        LibraryCommand.self,
        DoctorCommand.self, EngineCommand.self, EvalCommand.self, HelpCommand.self, CompletionsCommand.self,
        ManCommand.self,
    ]

    /// The top-level description: its subcommands are the commands.
    static let root = CommandSpec(
        name: "origami",
        abstract: "A craft tutor: ideas, tutorials and coaching from your photos.",
        options: GlobalOptions.rootOnly,
        subcommands: commands.map { $0.spec })

    /// The parser over every command and the global options.
    static let parser = ArgumentParser(root: root, globalOptions: GlobalOptions.all)

    /// Runs origami with `arguments` (without the program name) and returns the exit status.
    static func main(
        arguments: [String],
        environment: [String: String],
        workingDirectory: URL,
        terminal: Terminal,
        sink: any OutputSink
    ) async -> ExitStatus {
        let beforeDashes = arguments.prefix { $0 != "--" }
        var console = Console(
            format: beforeDashes.contains("--json") ? .json : .human, quiet: beforeDashes.contains("--quiet"),
            verbose: beforeDashes.contains("--verbose"),
            colorWanted: !beforeDashes.contains("--no-color") && (environment["NO_COLOR"] ?? "").isEmpty,
            terminal: terminal, sink: sink)
        let line: ParsedCommandLine
        do {
            line = try parser.parse(arguments)
        } catch {
            return ErrorReporter.report(error, path: [], console: console, parser: parser)
        }
        if line.wantsHelp {
            console.sink.write(HelpFormatter(parser: parser).help(path: line.path), toError: false)
            return .ok
        }
        if line.path.isEmpty {
            console.sink.write("origami \(version)\n", toError: false)
            return .ok
        }
        let loaded: Result<Configuration, ConfigurationError>
        do {
            loaded = .success(
                try Configuration.load(flags: GlobalOptions.configurationFlags(line), environment: environment))
        } catch let error as ConfigurationError where error.exitStatus == .usage {
            return ErrorReporter.report(error, path: line.path, console: console, parser: parser)
        } catch let error as ConfigurationError {
            loaded = .failure(error)
        } catch {
            return ErrorReporter.report(error, path: line.path, console: console, parser: parser)
        }
        if case .success(let configuration) = loaded, !configuration.color.value {
            console = Console(
                format: console.format, quiet: console.quiet, verbose: console.verbose, colorWanted: false,
                terminal: terminal, sink: sink)
        }
        let context = CommandContext(
            line: line, console: console, environment: environment, workingDirectory: workingDirectory,
            parser: parser, loadedConfiguration: loaded)
        guard let command = commands.first(where: { $0.spec.name == line.path[0] }) else {
            return ErrorReporter.report(
                UsageError(problem: .unknownCommand(line.path[0], suggestion: nil), path: []), path: [],
                console: console, parser: parser)
        }
        do {
            try await command.run(context)
            return .ok
        } catch {
            return ErrorReporter.report(error, path: line.path, console: console, parser: parser)
        }
    }
}
