import CraftCore

/// `origami help [COMMAND...]`: the same text as `origami COMMAND --help`.
enum HelpCommand: Command {
    static let spec = CommandSpec(
        name: "help",
        abstract: "Show help for origami or one of its commands.",
        arguments: [
            ArgumentSpec(
                name: "COMMAND", help: "The command to explain, e.g. 'coach' or 'engine start'.", isOptional: true,
                isRepeating: true, completion: .command)
        ])

    static func run(_ context: CommandContext) async throws {
        var path: [String] = []
        for name in context.line.arguments {
            let parent = context.parser.command(at: path) ?? context.parser.root
            guard parent.subcommand(name) != nil else {
                let names = parent.visibleSubcommands.map(\.name)
                let problem = UsageError.Problem.unknownCommand(
                    (["origami"] + path + [name]).dropFirst().joined(separator: " "),
                    suggestion: Spelling.suggestion(for: name, among: names))
                throw UsageError(problem: problem, path: ["help"])
            }
            path.append(name)
        }
        context.console.sink.write(HelpFormatter(parser: context.parser).help(path: path), toError: false)
    }
}
