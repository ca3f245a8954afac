import CraftCore
import Foundation

/// One `origami` command: its description and what it does.
///
/// A command parses nothing itself (the parser did), builds CraftCore values, calls one CraftCore entry point and
/// renders the result through the console. Errors are thrown, never printed: `ErrorReporter` prints them.
protocol Command: Sendable {
    /// The command's one description, from which help, parsing, completions and the manual are made.
    static var spec: CommandSpec { get }

    /// Runs the command.
    static func run(_ context: CommandContext) async throws
}

/// What every command runs with.
struct CommandContext: Sendable {
    /// The parsed command line.
    var line: ParsedCommandLine
    /// Where output goes.
    var console: Console
    /// The process environment.
    var environment: [String: String]
    /// The directory relative paths are resolved against.
    var workingDirectory: URL
    /// The parser, for help, completions and the manual.
    var parser: ArgumentParser
    /// The configuration, or why it could not be read (so `help` works even when the file is broken).
    var loadedConfiguration: Result<Configuration, ConfigurationError>

    /// The effective configuration; throws when the configuration is invalid.
    func configuration() throws -> Configuration {
        try loadedConfiguration.get()
    }

    /// The project store for `--project DIR`, or the working directory.
    var store: ProjectStore {
        ProjectStore(root: resolve(line.value("project") ?? "."))
    }

    /// `path` made absolute against the working directory.
    func resolve(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : workingDirectory.appendingPathComponent(path)
    }

    /// The message shown while waiting for another origami that holds the project lock.
    func waitingForLock() {
        console.message("waiting for another origami working on this project…")
    }
}
