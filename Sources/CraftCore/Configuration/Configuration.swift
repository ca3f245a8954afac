public import CraftBackends
public import Foundation

/// Every setting origami runs with, each with the place it came from.
///
/// Precedence, highest first: command-line flags, environment variables,
/// `${XDG_CONFIG_HOME:-~/.config}/origami/config.json`, built-in defaults. `resolve` is pure: the caller hands in
/// the flags, the environment and the file's bytes, so every rule is testable without touching the machine.
public struct Configuration: Sendable {
    /// The backends to try, in order (a fallback chain when more than one).
    public var backends: Setting<[BackendKind]>
    /// The model and base URL a backend of the chain was given of its own, winning over `model` and the base URL
    /// settings for that backend only.
    public var backendOverrides: [BackendKind: BackendOverride] = [:]
    /// The model of every mode: a name for ollama and openai, a GGUF path for the engine; nil for the backend's
    /// default. Naming one also moves term onto it, unless `smallModel` names another (see `ModeModels`).
    public var model: Setting<String?>
    /// The model of term, the small, fast one: a name or GGUF path as `model`; nil for the engine's small model
    /// when no `model` is named, else the same model as the other modes.
    public var smallModel: Setting<String?>
    /// The engine's vision projector GGUF, if any.
    public var mmproj: Setting<String?>
    /// Whether the ollama and openai backends' model sees: nil (`auto`) asks the server, which is right unless the
    /// server does not say (vLLM, most OpenAI-compatible servers other than llama-server).
    public var vision: Setting<Bool?>
    /// The Ollama server's base URL (the first of `ollamaEndpoints`).
    public var ollamaURL: Setting<String>
    /// The OpenAI-compatible server's base URL (the first of `openAIEndpoints`).
    public var openAIURL: Setting<String>
    /// Every Ollama server: more than one makes a pool (see `EndpointPool`).
    public var ollamaEndpoints = Setting([PoolEndpoint(url: defaultOllamaURL)], from: .builtIn)
    /// Every OpenAI-compatible server: more than one makes a pool.
    public var openAIEndpoints = Setting([PoolEndpoint(url: defaultOpenAIURL)], from: .builtIn)
    /// The API key for OpenAI-compatible servers; from the environment only, never printed or written.
    public var apiKey: Setting<Secret?>
    /// Seconds a request may stay silent before it fails.
    public var timeout: Setting<Double>
    /// A sampling temperature overriding the mode's own; nil keeps each mode's.
    public var temperature: Setting<Double?>
    /// The sampling seed, for reproducible answers.
    public var seed: Setting<UInt64?>
    /// The most tokens an answer may have; nil keeps each mode's.
    public var maxTokens: Setting<Int?>
    /// Whether colour is wanted at all (a terminal still has to support it).
    public var color: Setting<Bool>
    /// The cassette file every model exchange is appended to, if any.
    public var record: Setting<String?>
    /// The cassette the replay backend serves.
    public var cassette: Setting<String?>
    /// Whether plain `http://` to a host other than this machine is allowed.
    public var allowInsecureHTTP: Setting<Bool>
    /// A `llama-server` executable to use instead of the one `scripts/setup` installs.
    public var llamaServer: Setting<String?>
    /// Seconds the engine may stay idle before it stops itself.
    public var engineIdleTimeout: Setting<Double>

    /// The configuration file's keys, in the order `origami doctor` shows them.
    public static let fileKeys = [
        "backend", "model", "smallModel", "mmproj", "vision", "ollamaHost", "openaiBaseURL", "timeout", "temperature",
        "seed",
        "maxTokens", "color", "cassette", "allowInsecureHTTP", "llamaServer", "engineIdleTimeout",
    ]

    /// Keys that would hold a secret; a configuration file holding one is refused.
    static let secretKeys = ["apiKey", "api_key", "openaiAPIKey", "OPENAI_API_KEY", "ORIGAMI_API_KEY"]

    /// The default Ollama address.
    public static let defaultOllamaURL = "http://127.0.0.1:11434"
    /// The default OpenAI-compatible address.
    public static let defaultOpenAIURL = "https://api.openai.com/v1"

    /// The configuration file's path: `$XDG_CONFIG_HOME/origami/config.json`, else `~/.config/origami/config.json`.
    public static func fileURL(environment: [String: String]) -> URL {
        let base: URL
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config", isDirectory: true)
        }
        return base.appendingPathComponent("origami/config.json")
    }

    /// Reads the configuration file named by the environment (absent is fine) and resolves every setting.
    ///
    /// - Parameter flags: long option names without dashes mapped to their values (`""` for a flag without one).
    public static func load(flags: [String: String], environment: [String: String]) throws -> Configuration {
        let url = fileURL(environment: environment)
        var contents: Data?
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            do {
                if isDirectory.boolValue { throw CocoaError(.fileReadUnknown) }
                contents = try Data(contentsOf: url)
            } catch {
                let detail = isDirectory.boolValue ? "it is a directory" : "permission denied or unreadable"
                throw ConfigurationError.unreadableFile(path: url.path, detail: detail)
            }
        }
        return try resolve(flags: flags, environment: environment, file: contents.map { (url.path, $0) })
    }

    /// Resolves every setting from flags, environment and the configuration file's bytes (nil: no file).
    public static func resolve(
        flags: [String: String],
        environment: [String: String],
        file: (path: String, contents: Data)?
    ) throws -> Configuration {
        let r = try ConfigurationResolver(flags: flags, environment: environment, file: file)
        let (backends, overrides) = try r.backends()
        let cassette = try r.optional(flag: "cassette", env: ["ORIGAMI_CASSETTE"], key: "cassette", kind: .path)
        if backends.value.contains(.replay), cassette.value == nil {
            throw ConfigurationError.replayWithoutCassette(source: backends.source)
        }
        let ollama = try r.required(
            flag: "base-url", env: ["OLLAMA_HOST"], key: "ollamaHost", kind: .endpoints(defaultPort: 11434),
            default: [PoolEndpoint(url: defaultOllamaURL)])
        let openAI = try r.required(
            flag: "base-url", env: ["OPENAI_BASE_URL"], key: "openaiBaseURL", kind: .endpoints(defaultPort: nil),
            default: [PoolEndpoint(url: defaultOpenAIURL)])
        var configuration = Configuration(
            backends: backends,
            model: try r.optional(flag: "model", env: ["ORIGAMI_MODEL"], key: "model", kind: .text),
            smallModel: try r.optional(
                flag: "small-model", env: ["ORIGAMI_SMALL_MODEL"], key: "smallModel", kind: .text),
            mmproj: try r.optional(flag: "mmproj", env: ["ORIGAMI_MMPROJ"], key: "mmproj", kind: .path),
            vision: try r.required(
                flag: "vision", env: ["ORIGAMI_VISION"], key: "vision", kind: .visionChoice, default: nil),
            ollamaURL: Setting(ollama.value[0].url, from: ollama.source),
            openAIURL: Setting(openAI.value[0].url, from: openAI.source),
            apiKey: r.apiKey(),
            timeout: try r.required(
                flag: "timeout", env: ["ORIGAMI_TIMEOUT"], key: "timeout", kind: .positiveNumber, default: 300),
            temperature: try r.optional(
                flag: "temperature", env: ["ORIGAMI_TEMPERATURE"], key: "temperature", kind: .temperature),
            seed: try r.optional(flag: "seed", env: ["ORIGAMI_SEED"], key: "seed", kind: .seed),
            maxTokens: try r.optional(
                flag: "max-tokens", env: ["ORIGAMI_MAX_TOKENS"], key: "maxTokens", kind: .positiveInteger),
            color: try r.color(),
            record: try r.optional(flag: "record", env: ["ORIGAMI_RECORD"], key: nil, kind: .path),
            cassette: cassette,
            allowInsecureHTTP: try r.required(
                flag: "allow-insecure-http", env: ["ORIGAMI_ALLOW_INSECURE_HTTP"], key: "allowInsecureHTTP",
                kind: .boolean, default: false),
            llamaServer: try r.optional(flag: nil, env: ["ORIGAMI_LLAMA_SERVER"], key: "llamaServer", kind: .path),
            engineIdleTimeout: try r.required(
                flag: nil, env: ["ORIGAMI_ENGINE_IDLE_TIMEOUT"], key: "engineIdleTimeout", kind: .positiveNumber,
                default: 600)
        )
        configuration.backendOverrides = overrides
        configuration.ollamaEndpoints = ollama
        configuration.openAIEndpoints = openAI
        return configuration
    }
}
