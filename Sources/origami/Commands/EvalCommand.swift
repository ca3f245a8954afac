import CraftCore

/// `origami eval SUITE`: batch evaluations a CI can gate on (built in its own issue; the name is reserved here).
enum EvalCommand: Command {
    static let spec = CommandSpec(
        name: "eval",
        abstract: "Run an evaluation suite and report its metrics.",
        arguments: [ArgumentSpec(name: "SUITE", help: "The suite file (JSON).", completion: .file)])

    static func run(_ context: CommandContext) async throws {
        throw CommandUnavailable(command: "eval", reason: "evaluation suites are not part of this build yet")
    }
}

/// A command that exists in the interface but whose machinery is not in this build.
struct CommandUnavailable: Error, ExitStatusProviding, CustomStringConvertible {
    /// The command's name.
    var command: String
    /// Why it cannot run.
    var reason: String

    var exitStatus: ExitStatus { .unavailable }
    var description: String { "origami \(command): \(reason)" }
}
