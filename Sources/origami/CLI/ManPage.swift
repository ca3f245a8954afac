import CraftSchema

/// The manual page, in roff, made from the command descriptions.
struct ManPage: Sendable {
    /// The parser, for the commands and the global options.
    var parser: ArgumentParser
    /// The version in the page's footer.
    var version: String

    /// The environment variables origami reads, with what each does.
    static let environment: [(String, String)] = [
        ("ORIGAMI_BACKEND", "Backends to try, like --backend."),
        ("ORIGAMI_MODEL", "The model, like --model (a .gguf path for the engine, a name for a server)."),
        ("ORIGAMI_SMALL_MODEL", "Term's own model, like --small-model."),
        ("ORIGAMI_MMPROJ", "The engine's vision projector, like --mmproj."),
        ("ORIGAMI_VISION", "Whether photos are sent to the model (yes, no, auto), like --vision."),
        ("ORIGAMI_CLASSIFIER", "The directory of the image classifier's weights and class names."),
        ("OLLAMA_HOST", "The Ollama server's address (host:port or URL)."),
        ("OPENAI_BASE_URL", "The OpenAI-compatible server's address."),
        ("ORIGAMI_API_KEY, OPENAI_API_KEY", "The API key for OpenAI-compatible servers; never stored anywhere."),
        ("ORIGAMI_TIMEOUT", "Seconds a model may stay silent, like --timeout."),
        ("ORIGAMI_TEMPERATURE, ORIGAMI_SEED, ORIGAMI_MAX_TOKENS", "Sampling settings, like the flags."),
        ("ORIGAMI_CASSETTE, ORIGAMI_RECORD", "Cassette files, like --cassette and --record."),
        ("ORIGAMI_LLAMA_SERVER", "A llama-server executable for the engine."),
        ("ORIGAMI_ENGINE_IDLE_TIMEOUT", "Seconds the engine stays up without requests."),
        ("NO_COLOR", "When set and not empty, no colour."),
        ("XDG_CONFIG_HOME", "Where origami/config.json is looked for (default ~/.config)."),
    ]

    /// The exit statuses with what each means.
    static let exitStatuses: [(ExitStatus, String)] = [
        (.ok, "Success; coach also exits 0 when the step is not complete yet."),
        (.usage, "The command line is wrong."),
        (.dataError, "Bad data: a photo that cannot be read, a damaged project file, or model output still invalid."),
        (.noInput, "A photo or the project does not exist yet."),
        (.unavailable, "The backend is unavailable."),
        (.software, "An internal error."),
        (.cannotCreate, "The project file cannot be written."),
        (.temporaryFailure, "Try again: rate limited, timed out, or the model is still loading."),
        (.configuration, "The configuration (file or environment) is wrong."),
        (.gateFailed, "An eval gate failed."),
    ]

    /// The whole page.
    func render() -> String {
        let root = parser.root
        var out = ".TH ORIGAMI 1 \"\" \"origami \(version)\" \"User Commands\"\n"
        out += ".SH NAME\norigami \\- \(Self.escape(root.abstract))\n"
        out += ".SH SYNOPSIS\n.B origami\n[\\fIOPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGUMENTS\\fR]\n"
        out += ".SH DESCRIPTION\n" + Self.escape(
            "origami suggests crafts to make from photos of your supplies, writes a tutorial for the idea you"
                + " choose, and coaches you step by step from photos of your progress. The project is kept in"
                + " .origami/project.json in the current directory.") + "\n"
        out += ".SH COMMANDS\n"
        for command in root.visibleSubcommands {
            out += section(command, path: [command.name])
            for sub in command.visibleSubcommands {
                out += section(sub, path: [command.name, sub.name])
            }
        }
        out += ".SH OPTIONS\nThese work with every command.\n"
        for option in parser.globalOptions + root.options {
            out += ".TP\n.B \(Self.escape(option.synopsis))\n\(Self.escape(option.help))\n"
        }
        out += ".SH ENVIRONMENT\n"
        for (name, meaning) in Self.environment {
            out += ".TP\n.B \(Self.escape(name))\n\(Self.escape(meaning))\n"
        }
        out += ".SH FILES\n.TP\n.I .origami/project.json\nThe project: photos, ideas, tutorial, progress and the"
            + " conversation.\n.TP\n.I ${XDG_CONFIG_HOME:\\-~/.config}/origami/config.json\nDefaults for the"
            + " settings above; flags and the environment take precedence.\n"
        out += ".SH EXIT STATUS\n"
        for (status, meaning) in Self.exitStatuses {
            out += ".TP\n.B \(status.rawValue)\n\(Self.escape(meaning))\n"
        }
        out += ".SH SEE ALSO\n.BR llama-server (1),\n.BR ollama (1)\n"
        return out
    }

    private func section(_ command: CommandSpec, path: [String]) -> String {
        var out = ".SS \(Self.escape((["origami"] + path).joined(separator: " ")))\n"
        out += Self.escape(command.abstract) + "\n"
        if let discussion = command.discussion { out += ".PP\n" + Self.escape(discussion) + "\n" }
        out += ".PP\n.B \(Self.escape(command.usage(path: path)))\n"
        for argument in command.arguments {
            out += ".TP\n.I \(Self.escape(argument.synopsis))\n\(Self.escape(argument.help))\n"
        }
        for option in command.options {
            out += ".TP\n.B \(Self.escape(option.synopsis))\n\(Self.escape(option.help))\n"
        }
        return out
    }

    /// Text made safe for roff: backslashes doubled, hyphens literal, no line starting with a control character.
    static func escape(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return escaped.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
        }.joined(separator: "\n")
    }
}
