import CraftBackends
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

    /// The workbench the project commands run on: the configured backends, this project, messages here.
    func workbench() throws -> Workbench {
        let console = console
        var log: (@Sendable (String) -> Void)?
        if console.verbose { log = { @Sendable line in console.detail(line) } }
        let engine = EngineProgressView(console: console)
        return Workbench.live(
            configuration: try configuration(), store: store, log: log, progress: { engine.show($0) },
            onWait: { console.message("waiting for another origami working on this project…") })
    }

    /// Says on stderr which backend answered (with --verbose), why others were skipped, and when the model
    /// could not see the photos.
    func report(_ reports: [FallbackReport], sawPhotos: Bool) {
        for report in reports {
            for skip in report.skipped {
                console.message(console.err.yellow("\(skip.backend) skipped") + " (\(skip.kind.rawValue)): \(skip.detail)")
            }
            if let answeredBy = report.answeredBy { console.detail("answered by \(answeredBy)") }
        }
        if !sawPhotos {
            console.message(console.err.dim(
                "The model cannot see photos; it worked from origami's descriptions of them (colours, shapes, texture)."))
        }
    }

    /// The message shown while waiting for another origami that holds the project lock.
    func waitingForLock() {
        console.message("waiting for another origami working on this project…")
    }
}
