public import Foundation

/// Paths to the engine's parts that a person named, each optional and labelled with where it was named.
public struct EnginePaths: Sendable, Hashable, Codable {
    /// The `llama-server` executable.
    public var server: LocatedFile?
    /// The GGUF model.
    public var model: LocatedFile?
    /// The multimodal projector GGUF that lets a vision model see images.
    public var mmproj: LocatedFile?

    /// Creates a set of paths.
    public init(server: LocatedFile? = nil, model: LocatedFile? = nil, mmproj: LocatedFile? = nil) {
        self.server = server
        self.model = model
        self.mmproj = mmproj
    }
}

/// How the engine should run: which files, how big a context, how many slots, when to stop.
///
/// Paths are looked up in this order: `explicit` (`--model` and `--mmproj`, or `ORIGAMI_MODEL` and `ORIGAMI_MMPROJ`,
/// as the configuration resolved them), for the server `ORIGAMI_LLAMA_SERVER`, `configured` (the config file), the
/// places `scripts/setup` installs to (the role's model), and finally `PATH` for the server. The first name given
/// wins even when its file is missing.
public struct EngineConfiguration: Sendable, Hashable {
    /// Paths given on the command line.
    public var explicit: EnginePaths
    /// Paths from the configuration file.
    public var configured: EnginePaths
    /// The context window in tokens, shared by all slots.
    public var contextSize: Int
    /// How many requests the server answers at once (`--parallel`); the slots share one pool of `contextSize`
    /// tokens, so one long conversation may use all of it.
    public var slots: Int
    /// Generation threads; nil uses one per processor.
    public var threads: Int?
    /// A fixed port; nil picks a free one on each start.
    public var port: Int?
    /// How long the server may sit unused before it is stopped.
    public var idleTimeout: TimeInterval
    /// How long starting (launch plus model load) may take before it counts as failed.
    public var startTimeout: TimeInterval
    /// How often the watchdog looks at the last-use mark, in seconds.
    public var watchdogInterval: Int
    /// Which of origami's servers this is: it decides the default model and the state, lock and log files.
    public var role: EngineRole

    /// Creates a configuration; the defaults suit the Qwen 1.5B and 0.5B models on a small machine.
    public init(
        role: EngineRole = .primary,
        explicit: EnginePaths = .init(),
        configured: EnginePaths = .init(),
        contextSize: Int = 16384,
        slots: Int = 2,
        threads: Int? = nil,
        port: Int? = nil,
        idleTimeout: TimeInterval = 600,
        startTimeout: TimeInterval = 180,
        watchdogInterval: Int = 15
    ) {
        self.role = role
        self.explicit = explicit
        self.configured = configured
        self.contextSize = contextSize
        self.slots = slots
        self.threads = threads
        self.port = port
        self.idleTimeout = idleTimeout
        self.startTimeout = startTimeout
        self.watchdogInterval = watchdogInterval
    }
}
