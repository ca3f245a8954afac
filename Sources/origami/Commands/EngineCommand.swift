import CraftCore

/// `origami engine start|stop|status`: the on-box model server.
enum EngineCommand: Command {
    static let spec = CommandSpec(
        name: "engine",
        abstract: "Start, stop or inspect the on-box model server.",
        subcommands: [
            CommandSpec(name: "start", abstract: "Start the engine and load the model."),
            CommandSpec(name: "stop", abstract: "Stop the engine."),
            CommandSpec(name: "status", abstract: "Show its model, port, uptime, idle time and slots."),
        ])

    static func run(_ context: CommandContext) async throws {
        _ = try context.configuration()
        throw CommandUnavailable(
            command: "engine \(context.line.path[1])", reason: "the engine manager is not part of this build yet")
    }
}
