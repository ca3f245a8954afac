import CraftBackends
import CraftCore
import CraftSchema
import Foundation

/// `origami engine start|stop|status`: the on-box model servers, one per model (the primary model for
/// brainstorm, tutorial and coach; the small one for term).
enum EngineCommand: Command {
    static let spec = CommandSpec(
        name: "engine",
        abstract: "Start, stop or inspect the on-box model servers.",
        discussion: """
            One server runs the model of brainstorm, tutorial and coach, another the small model of term; 'origami \
            doctor' shows which model each mode uses.
            """,
        subcommands: [
            CommandSpec(name: "start", abstract: "Start the servers the modes use and load their models."),
            CommandSpec(name: "stop", abstract: "Stop every server."),
            CommandSpec(name: "status", abstract: "Show each server's model, port, uptime, idle time and slots."),
        ])

    static func run(_ context: CommandContext) async throws {
        let console = context.console
        let factory = BackendFactory(configuration: try context.configuration())
        switch context.line.path[1] {
        case "start":
            var servers: [GeneratedContent] = []
            for manager in factory.engineManagers() {
                let view = EngineProgressView(console: console)
                let record = try await manager.start { view.show($0) }
                console.result("The \(manager.role.label) engine is running on \(record.baseURL.absoluteString) (pid "
                    + "\(record.pid)) with \((record.model as NSString).lastPathComponent).")
                servers.append(.object([("role", .string(manager.role.label))] + fields(record)))
            }
            console.event("result", [("command", .string("engine start")), ("servers", .array(servers))])
        case "stop":
            var servers: [GeneratedContent] = []
            for role in EngineRole.allCases {
                switch try await factory.engineManager(role: role).stop() {
                case .stopped(let record):
                    console.result("Stopped the \(role.label) engine on port \(record.port) (pid \(record.pid)).")
                    servers.append(.object([("role", .string(role.label)), ("stopped", .bool(true))] + fields(record)))
                case .notRunning(let note):
                    console.result("The \(role.label) engine is not running." + (note.map { " (\($0))" } ?? ""))
                    servers.append(.object([("role", .string(role.label)), ("stopped", .bool(false)),
                                            ("note", .optional(note))]))
                }
            }
            console.event("result", [("command", .string("engine stop")), ("servers", .array(servers))])
        default:
            var texts: [String] = []
            var servers: [GeneratedContent] = []
            for role in EngineRole.allCases {
                switch try await factory.engineManager(role: role).status() {
                case .running(let running):
                    texts.append("\(role.label): " + console.out.green("running") + "\n" + running.description)
                    servers.append(.object([
                        ("role", .string(role.label)), ("running", .bool(true)), ("healthy", .bool(running.healthy)),
                        ("uptime", GeneratedContent(running.uptime)), ("idle", GeneratedContent(running.idle)),
                        ("stopsIn", running.stopsIn.map(GeneratedContent.init) ?? .null),
                    ] + fields(running.record)))
                case .stopped(let note):
                    texts.append("\(role.label): not running" + (note.map { " (\($0))" } ?? ""))
                    servers.append(.object([("role", .string(role.label)), ("running", .bool(false)),
                                            ("note", .optional(note))]))
                }
            }
            console.result(texts.joined(separator: "\n\n"))
            console.event("result", [("command", .string("engine status")), ("servers", .array(servers))])
        }
    }

    private static func fields(_ record: EngineRecord) -> [(String, GeneratedContent)] {
        [("pid", GeneratedContent(Int(record.pid))), ("port", GeneratedContent(record.port)),
         ("model", .string(record.model)),
         ("mmproj", .optional(record.mmproj)), ("slots", GeneratedContent(record.slots)),
         ("contextSize", GeneratedContent(record.contextSize))]
    }
}
