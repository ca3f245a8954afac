/// What a shell should complete for a value.
enum CompletionKind: Sendable, Equatable {
    /// Nothing in particular.
    case none
    /// A file path.
    case file
    /// A directory path.
    case directory
    /// One of a fixed list of words.
    case values([String])
    /// A comma-separated list of the given words.
    case list([String])
    /// A command name of origami.
    case command
}

/// A `--long` option or flag, with the help text shown for it.
struct OptionSpec: Sendable, Equatable {
    /// The long name without dashes, e.g. `hint`.
    var name: String
    /// A one-letter alias, e.g. `h`.
    var short: Character?
    /// The value's placeholder, e.g. `TEXT`; nil for a flag that takes no value.
    var valueName: String?
    /// One line of help.
    var help: String
    /// What a shell completes for the value.
    var completion: CompletionKind = .none
    /// Whether it may be given more than once: the values are kept, one per line, instead of the last.
    var isRepeating = false

    /// How the option is written in help: `-h, --help` or `--hint TEXT`.
    var synopsis: String {
        let long = "--" + name + (valueName.map { " " + $0 } ?? "")
        return short.map { "-\($0), " + long } ?? long
    }
}

/// A positional argument.
struct ArgumentSpec: Sendable, Equatable {
    /// The placeholder, e.g. `PHOTO`.
    var name: String
    /// One line of help.
    var help: String
    /// Whether it may be left out.
    var isOptional = false
    /// Whether it may be given more than once.
    var isRepeating = false
    /// What a shell completes for it.
    var completion: CompletionKind = .none

    /// How the argument is written in a usage line: `PHOTO...`, `[TERM]`.
    var synopsis: String {
        let base = name + (isRepeating ? "..." : "")
        return isOptional ? "[\(base)]" : base
    }
}

/// The one description of a command: everything help, parsing, completions and the man page need.
struct CommandSpec: Sendable {
    /// The name as typed, e.g. `brainstorm`.
    var name: String
    /// One sentence for OVERVIEW and the SUBCOMMANDS list.
    var abstract: String
    /// Further paragraphs after the abstract, if any.
    var discussion: String?
    /// Positional arguments in order.
    var arguments: [ArgumentSpec] = []
    /// The command's own options (global options are added by the parser).
    var options: [OptionSpec] = []
    /// Subcommands, e.g. `engine start`.
    var subcommands: [CommandSpec] = []
    /// Hidden commands work but appear in no help, completion or manual.
    var isHidden = false

    /// The subcommands a person is shown.
    var visibleSubcommands: [CommandSpec] { subcommands.filter { !$0.isHidden } }

    /// The subcommand named `name`, if any.
    func subcommand(_ name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// The usage line without the `USAGE: ` prefix, for the command reached by `path`, e.g.
    /// `origami brainstorm [--hint TEXT] [OPTIONS] PHOTO...`.
    func usage(path: [String]) -> String {
        let tail = subcommands.isEmpty ? arguments.map(\.synopsis) : ["COMMAND"]
        let full = (["origami"] + path + options.map { "[\($0.synopsis)]" } + ["[OPTIONS]"] + tail).joined(separator: " ")
        // A command with many options lists them under OPTIONS only, so the usage line fits 80 columns.
        guard full.count > 72 else { return full }
        return (["origami"] + path + ["[OPTIONS]"] + tail).joined(separator: " ")
    }
}
