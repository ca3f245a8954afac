/// Where a configuration value came from, so `origami doctor` can say why a value is what it is.
public enum ConfigurationSource: Sendable, Hashable {
    /// A command-line flag, e.g. `--backend`.
    case flag(String)
    /// An environment variable, e.g. `ORIGAMI_BACKEND`.
    case environment(String)
    /// A key of the configuration file at the given path.
    case file(path: String, key: String)
    /// origami's built-in default.
    case builtIn
}

extension ConfigurationSource: CustomStringConvertible {
    public var description: String {
        switch self {
        case .flag(let name): "flag \(name)"
        case .environment(let name): "environment \(name)"
        case .file(let path, let key): "\(path) (\(key))"
        case .builtIn: "default"
        }
    }
}

/// One effective configuration value and where it came from.
public struct Setting<Value: Sendable>: Sendable {
    /// The effective value.
    public var value: Value
    /// The place that decided it: flag, environment, configuration file or default.
    public var source: ConfigurationSource

    /// Creates a setting.
    public init(_ value: Value, from source: ConfigurationSource) {
        self.value = value
        self.source = source
    }
}

extension Setting: Equatable where Value: Equatable {}

/// A secret such as an API key: it is held in memory and never printed, encoded or written.
public struct Secret: Sendable, Hashable, CustomStringConvertible {
    /// The secret text; read it only to put it on the wire.
    public let value: String

    /// Wraps a secret.
    public init(_ value: String) {
        self.value = value
    }

    /// Always `[redacted]`, so interpolating a secret by mistake leaks nothing.
    public var description: String { "[redacted]" }
}

/// A model backend origami can talk to, as named on the command line.
public enum BackendKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// The llama-server origami manages on this machine.
    case engine
    /// An Ollama server.
    case ollama
    /// An OpenAI-compatible server.
    case openai
    /// A recorded cassette.
    case replay
}
