/// The process exit statuses origami uses: the BSD sysexits values plus 100 for a failed eval gate.
///
/// Every error type that can reach the command line conforms to `ExitStatusProviding`, so exactly one place
/// (the CLI's error renderer) turns an error into a status.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case ok = 0
    /// The command line was wrong (unknown option, missing argument).
    case usage = 64
    /// The input data was wrong: a bad photo, or model output still invalid after retries.
    case dataError = 65
    /// An input file does not exist or cannot be read.
    case noInput = 66
    /// The model backend is unavailable (not installed, not running, model not pulled).
    case unavailable = 69
    /// A bug in origami.
    case software = 70
    /// The project file could not be written.
    case cannotCreate = 73
    /// A temporary failure worth retrying: rate limited, timed out, model still loading.
    case temporaryFailure = 75
    /// The configuration is wrong.
    case configuration = 78
    /// An eval gate failed.
    case gateFailed = 100
}

/// An error that knows which exit status it ends the process with.
public protocol ExitStatusProviding: Error {
    /// The status the process exits with when this error ends a command.
    var exitStatus: ExitStatus { get }
}
