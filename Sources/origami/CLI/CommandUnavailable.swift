import CraftSchema

/// A command that exists in the interface but whose machinery is not in this build.
struct CommandUnavailable: Error, ExitStatusProviding, CustomStringConvertible {
    /// The command's name.
    var command: String
    /// Why it cannot run.
    var reason: String

    var exitStatus: ExitStatus { .unavailable }
    var description: String { "origami \(command): \(reason)" }
}
