public import CraftSchema

/// Why the configuration cannot be used: a bad flag value, environment variable or configuration-file entry.
public enum ConfigurationError: Error, Sendable, Hashable {
    // MARK: Values

    /// A value cannot be read as what its setting needs; `expected` says what would be right.
    case invalidValue(source: ConfigurationSource, value: String, expected: String)
    /// A backend name is not one origami knows.
    case unknownBackend(source: ConfigurationSource, name: String, suggestion: String?)

    // MARK: The configuration file

    /// The configuration file exists but cannot be read.
    case unreadableFile(path: String, detail: String)
    /// The configuration file is not valid JSON; `line` and `column` (from 1) say where, `problem` what.
    case invalidJSON(path: String, line: Int, column: Int, problem: String)
    /// The configuration file is JSON but not an object.
    case malformedFile(path: String, detail: String)
    /// The configuration file names a key origami does not know.
    case unknownKey(path: String, key: String, suggestion: String?)
    /// The configuration file holds a secret, which belongs in the environment only.
    case secretInFile(path: String, key: String)

    // MARK: Combinations

    /// The replay backend was chosen without a cassette to replay.
    case replayWithoutCassette(source: ConfigurationSource)
    /// The engine was given a model name (`qwen2.5-coder-0.5b`) where it needs a GGUF file, and no other backend of
    /// the chain serves models by name.
    case engineNeedsModelFile(source: ConfigurationSource, model: String)
}

extension ConfigurationError: ExitStatusProviding {
    /// A bad flag is a usage error (64); anything from the environment or the file is a configuration error (78).
    public var exitStatus: ExitStatus {
        switch self {
        case .invalidValue(.flag, _, _), .unknownBackend(.flag, _, _), .replayWithoutCassette(.flag),
             .engineNeedsModelFile(.flag, _): .usage
        default: .configuration
        }
    }
}

extension ConfigurationError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .invalidValue(let source, let value, let expected):
            "\(Self.name(source)): '\(value)' is not valid; expected \(expected)"
        case .unknownBackend(let source, let name, let suggestion):
            "\(Self.name(source)): unknown backend '\(name)'"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                + " (choose from \(BackendKind.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .unreadableFile(let path, let detail):
            "\(path): cannot read the configuration file (\(detail)); fix its permissions or remove it"
        case .invalidJSON(let path, let line, let column, let problem):
            "\(path):\(line):\(column): the configuration file is not valid JSON (\(problem)); fix it or remove it"
        case .malformedFile(let path, let detail):
            "\(path): the configuration file is not a JSON object (\(detail)); fix it or remove it"
        case .unknownKey(let path, let key, let suggestion):
            "\(path): unknown key \"\(key)\"" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "")
                + " (see 'origami doctor' for the keys in use)"
        case .secretInFile(let path, let key):
            "\(path): \"\(key)\" must not be stored in a file; remove it and set OPENAI_API_KEY or ORIGAMI_API_KEY"
                + " in the environment"
        case .replayWithoutCassette(let source):
            "\(Self.name(source)): the replay backend needs a cassette; pass --cassette FILE or set ORIGAMI_CASSETTE"
        case .engineNeedsModelFile(let source, let model):
            "\(Self.name(source)): '\(model)' is a model name, but the engine runs a GGUF file: give the file's path "
                + "(scripts/setup puts its models in ~/.local/share/origami/models), leave the model out to use the "
                + "engine's own, or choose a backend that serves models by name (ollama, openai)"
        }
    }

    /// How a source is named at the start of a message: the flag, the variable, or the file and key.
    static func name(_ source: ConfigurationSource) -> String {
        switch source {
        case .flag(let flag): flag
        case .environment(let variable): variable
        case .file(let path, let key): "\(path): \"\(key)\""
        case .builtIn: "default"
        }
    }
}
