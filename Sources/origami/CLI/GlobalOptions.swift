import CraftCore

/// The options every command accepts, and the top-level command that lists the commands.
enum GlobalOptions {
    /// Every global option, in the order help lists them.
    static let all: [OptionSpec] = [
        OptionSpec(
            name: "backend", valueName: "LIST",
            help: "Backends to try in order, comma-separated: engine, ollama, openai, replay (default: engine).",
            completion: .list(BackendKind.allCases.map(\.rawValue))),
        OptionSpec(
            name: "model", valueName: "NAME",
            help: "The model of every mode: a name for ollama and openai, a GGUF file for the engine.",
            completion: .file),
        OptionSpec(
            name: "small-model", valueName: "NAME",
            help: "The model of term (default: the engine's small model, else --model).", completion: .file),
        OptionSpec(
            name: "mmproj", valueName: "FILE", help: "A vision projector GGUF for the engine, so it can see photos.",
            completion: .file),
        OptionSpec(
            name: "base-url", valueName: "URL",
            help: "The address of the ollama or OpenAI-compatible server; repeat for a pool.", isRepeating: true),
        OptionSpec(
            name: "project", valueName: "DIR",
            help: "The directory holding .origami/project.json (default: the current directory).",
            completion: .directory),
        OptionSpec(name: "json", help: "Print one JSON event per line on stdout, for scripts."),
        OptionSpec(name: "quiet", help: "Print only results: no progress or messages."),
        OptionSpec(name: "verbose", help: "Print backend details and timings on stderr."),
        OptionSpec(name: "no-color", help: "Never colour the output (also NO_COLOR=1 or TERM=dumb)."),
        OptionSpec(
            name: "vision", valueName: "yes|no|auto",
            help: "Whether the model sees photos (default auto: asked of the server)."),
        OptionSpec(name: "seed", valueName: "N", help: "The sampling seed, for reproducible answers."),
        OptionSpec(name: "temperature", valueName: "T", help: "The sampling temperature, 0 to 2 (default: per mode)."),
        OptionSpec(name: "max-tokens", valueName: "N", help: "The most tokens an answer may have."),
        OptionSpec(
            name: "timeout", valueName: "SECONDS", help: "How long a model may stay silent before giving up (300)."),
        OptionSpec(
            name: "record", valueName: "FILE", help: "Append every model exchange to this cassette file.",
            completion: .file),
        OptionSpec(
            name: "cassette", valueName: "FILE", help: "The cassette the replay backend answers from.",
            completion: .file),
        OptionSpec(
            name: "allow-insecure-http", help: "Allow plain http:// to a server on another machine."),
        OptionSpec(name: "help", short: "h", help: "Show help information."),
    ]

    /// The options only `origami` itself takes.
    static let rootOnly: [OptionSpec] = [
        OptionSpec(name: "version", help: "Show the version.")
    ]

    /// The flags that take no value and feed the configuration, mapped by long name.
    static func configurationFlags(_ line: ParsedCommandLine) -> [String: String] {
        let names = [
            "backend", "model", "small-model", "mmproj", "vision", "base-url", "seed", "temperature", "max-tokens",
            "timeout", "record", "cassette", "allow-insecure-http", "no-color",
        ]
        return line.options.filter { names.contains($0.key) }
    }
}
