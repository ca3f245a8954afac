public import Foundation

/// The parts of the world the engine touches: environment variables, the clock, the processor count and the
/// `/proc` tree.
///
/// Everything the engine reads from outside goes through this value, so tests give it a temporary home, a clock
/// they move by hand and a `/proc` of their own, while the live value reads the real machine.
public struct EngineEnvironment: Sendable {
    /// The environment variables (`HOME`, `XDG_*`, `PATH`, `ORIGAMI_*`).
    public var variables: [String: String]
    /// The current time.
    public var now: @Sendable () -> Date
    /// The number of processors the server's threads are sized to.
    public var processorCount: Int
    /// Where process information lives, normally `/proc`.
    public var procDirectory: String

    /// Creates an environment from its parts.
    public init(
        variables: [String: String],
        now: @escaping @Sendable () -> Date,
        processorCount: Int,
        procDirectory: String = "/proc"
    ) {
        self.variables = variables
        self.now = now
        self.processorCount = processorCount
        self.procDirectory = procDirectory
    }

    /// The machine this process runs on.
    public static var live: EngineEnvironment {
        EngineEnvironment(
            variables: ProcessInfo.processInfo.environment,
            now: { Date() },
            processorCount: ProcessInfo.processInfo.activeProcessorCount
        )
    }

    /// A variable's value, nil when it is unset or empty.
    public subscript(_ name: String) -> String? {
        guard let value = variables[name], !value.isEmpty else { return nil }
        return value
    }

    /// The home directory; a missing `HOME` is a defect of the caller, so it is reported rather than guessed.
    var home: String {
        guard let home = self["HOME"] else {
            preconditionFailure("EngineEnvironment: HOME is not set; give the environment a home directory")
        }
        return home
    }

    /// `${XDG_DATA_HOME:-~/.local/share}/origami`: the engine build and the models.
    public var dataDirectory: String {
        (self["XDG_DATA_HOME"] ?? home + "/.local/share") + "/origami"
    }

    /// `${XDG_CACHE_HOME:-~/.cache}/origami`: the server's log.
    public var cacheDirectory: String {
        (self["XDG_CACHE_HOME"] ?? home + "/.cache") + "/origami"
    }

    /// `${XDG_RUNTIME_DIR:-~/.cache}/origami`: the state file, its lock and the last-use mark.
    public var runtimeDirectory: String {
        (self["XDG_RUNTIME_DIR"] ?? home + "/.cache") + "/origami"
    }

    /// The directories of `PATH`, in order.
    var searchPath: [String] {
        (self["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
    }
}

/// The files one engine server keeps between invocations, all derived from an `EngineEnvironment` and its role.
public struct EngineFiles: Sendable, Hashable {
    /// The JSON record of the running server (pid, port, model, slots, start time).
    public var state: String
    /// The lock file that serialises starting, stopping and reading the state across processes.
    public var lock: String
    /// A file whose modification time is the server's last use; the watchdog stops the server when it is old.
    public var lastUse: String
    /// The file the watchdog writes the server's pid to when it has launched it.
    public var pid: String
    /// The file the watchdog writes the server's exit status to when it ends (128 + N when signal N killed it).
    public var exitStatus: String
    /// The server's log (stdout and stderr).
    public var log: String
    /// The last lines of the log of a start that failed, kept for `origami doctor`.
    public var lastFailure: String

    /// The files of one role's server in the given environment: `engine.json`, `engine.lock`, `engine.log` … for
    /// the primary, `engine-small.json` … for the small one, so neither touches the other's.
    public init(environment: EngineEnvironment, role: EngineRole = .primary) {
        let runtime = environment.runtimeDirectory + "/" + role.fileStem
        let cache = environment.cacheDirectory + "/" + role.fileStem
        state = runtime + ".json"
        lock = runtime + ".lock"
        lastUse = runtime + ".last-use"
        pid = runtime + ".pid"
        exitStatus = runtime + ".exit"
        log = cache + ".log"
        lastFailure = cache + ".failure"
    }
}
