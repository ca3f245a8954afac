
/// Renders a command's help from its description, in the fixed sections OVERVIEW, USAGE, ARGUMENTS, OPTIONS
/// and SUBCOMMANDS, wrapped to 80 columns.
struct HelpFormatter: Sendable {
    /// The whole width of the text.
    static let width = 80
    /// Where help text starts after an option or argument name.
    static let column = 26

    /// The parser, for the global options and the root command.
    var parser: ArgumentParser

    /// The help text for the command reached by `path` (empty: origami itself), ending in a newline.
    func help(path: [String]) -> String {
        guard let spec = parser.command(at: path) else { return help(path: []) }
        let isRoot = path.isEmpty
        var out = Self.wrap("OVERVIEW: " + spec.abstract, indent: 0) + "\n"
        if let discussion = spec.discussion {
            out += "\n" + Self.wrap(discussion, indent: 0) + "\n"
        }
        out += "\nUSAGE: " + (isRoot ? "origami [OPTIONS] COMMAND" : spec.usage(path: path)) + "\n"
        if !spec.arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            for argument in spec.arguments {
                out += Self.row(argument.name + (argument.isRepeating ? "..." : ""), argument.help)
            }
        }
        out += "\nOPTIONS:\n"
        let own = isRoot ? parser.globalOptions + spec.options : spec.options
        for option in own where option.name != "help" {
            out += Self.row(option.synopsis, option.help)
        }
        out += Self.row("-h, --help", "Show help information.")
        if !isRoot {
            out += "\n" + Self.wrap(
                "The global options (--backend, --model, --json, --quiet and others) work with every command;"
                    + " 'origami --help' lists them.", indent: 2) + "\n"
        }
        let subcommands = spec.visibleSubcommands
        if !subcommands.isEmpty {
            out += "\nSUBCOMMANDS:\n"
            for command in subcommands {
                out += Self.row(command.name, command.abstract)
            }
            let helpPath = (["origami", "help"] + path).joined(separator: " ")
            out += "\n  See '\(helpPath) <subcommand>' for detailed help.\n"
        }
        return out
    }

    /// One line (or more when wrapped) of a two-column list: name, then its help at `column`.
    static func row(_ name: String, _ help: String) -> String {
        let label = "  " + name
        let text = wrap(help, indent: column)
        let body = text.dropFirst(column)
        if label.count <= column - 2 {
            return label.padding(toLength: column, withPad: " ", startingAt: 0) + body + "\n"
        }
        return label + "\n" + text + "\n"
    }

    /// `text` wrapped to the help's width, every line indented by `indent` spaces.
    static func wrap(_ text: String, indent: Int) -> String {
        text.wrapped(indent: indent, width: width)
    }
}
