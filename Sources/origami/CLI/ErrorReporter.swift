import CraftSchema

/// The one place an error becomes output and an exit status.
///
/// Usage errors get `error: …`, the command's usage line and a pointer to its help, exit 64. Every other error
/// carries its own status (`ExitStatusProviding`); anything else is a bug in origami, exit 70. With `--json`
/// the error is also the last event line on stdout.
enum ErrorReporter {
    /// Prints `error` and returns the status the process exits with.
    static func report(_ error: any Error, path: [String], console: Console, parser: ArgumentParser) -> ExitStatus {
        let status: ExitStatus
        let message: String
        var usagePath = path
        switch error {
        case let usage as UsageError:
            status = .usage
            message = usage.description
            usagePath = usage.path
        case let known as any ExitStatusProviding:
            status = known.exitStatus
            message = String(describing: known)
        case is CancellationError:
            status = .temporaryFailure
            message = "interrupted"
        default:
            status = .software
            message = "internal error (please report it): \(error)"
        }
        console.error(console.err.red("error:") + " " + message)
        if status == .usage, let spec = parser.command(at: usagePath) {
            let usage = usagePath.isEmpty ? "origami [OPTIONS] COMMAND" : spec.usage(path: usagePath)
            console.error("Usage: " + usage)
            console.error("See '" + (["origami"] + usagePath + ["--help"]).joined(separator: " ") + "'.")
        }
        console.event(
            "error",
            [("code", GeneratedContent(Int(status.rawValue))), ("kind", .string(Self.kind(status))),
             ("message", .string(message))])
        return status
    }

    /// A stable word for each status, for scripts: `usage`, `data`, `no-input`, …
    static func kind(_ status: ExitStatus) -> String {
        switch status {
        case .ok: "ok"
        case .usage: "usage"
        case .dataError: "data"
        case .noInput: "no-input"
        case .unavailable: "unavailable"
        case .software: "internal"
        case .cannotCreate: "cannot-write"
        case .temporaryFailure: "temporary"
        case .configuration: "configuration"
        case .gateFailed: "gate-failed"
        }
    }
}
