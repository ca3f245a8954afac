import CraftCore
import Foundation

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
        let console = context.console
        let manager = BackendFactory(configuration: try context.configuration()).engineManager()
        switch context.line.path[1] {
        case "start":
            let view = EngineProgressView(console: console)
            let record = try await manager.start { view.show($0) }
            console.result("The engine is running on \(record.baseURL.absoluteString) (pid \(record.pid)) with "
                + (record.model as NSString).lastPathComponent + ".")
            console.event("result", [("command", .string("engine start"))] + fields(record))
        case "stop":
            switch try await manager.stop() {
            case .stopped(let record):
                console.result("Stopped the engine on port \(record.port) (pid \(record.pid)).")
                console.event("result", [("command", .string("engine stop")), ("stopped", .bool(true))] + fields(record))
            case .notRunning(let note):
                console.result("The engine is not running." + (note.map { " (\($0))" } ?? ""))
                console.event("result", [("command", .string("engine stop")), ("stopped", .bool(false)),
                                         ("note", .optional(note))])
            }
        default:
            switch try await manager.status() {
            case .running(let running):
                console.result(console.out.green("running") + "\n" + running.description)
                console.event("result", [
                    ("command", .string("engine status")), ("running", .bool(true)), ("healthy", .bool(running.healthy)),
                    ("uptime", GeneratedContent(running.uptime)), ("idle", GeneratedContent(running.idle)),
                    ("stopsIn", running.stopsIn.map(GeneratedContent.init) ?? .null),
                ] + fields(running.record))
            case .stopped(let note):
                console.result("not running" + (note.map { " (\($0))" } ?? ""))
                console.event("result", [("command", .string("engine status")), ("running", .bool(false)),
                                         ("note", .optional(note))])
            }
        }
    }

    private static func fields(_ record: EngineRecord) -> [(String, GeneratedContent)] {
        [("pid", GeneratedContent(Int(record.pid))), ("port", GeneratedContent(record.port)),
         ("model", .string(record.model)),
         ("mmproj", .optional(record.mmproj)), ("slots", GeneratedContent(record.slots)),
         ("contextSize", GeneratedContent(record.contextSize))]
    }
}
