import CraftCore

/// `origami completions SHELL`: a completion script made from the same descriptions as help.
enum CompletionsCommand: Command {
    static let spec = CommandSpec(
        name: "completions",
        abstract: "Print a completion script for bash, zsh or fish.",
        discussion: """
            Load it in the current shell with 'source <(origami completions bash)', or save it where your shell \
            looks for completions, e.g. ~/.local/share/bash-completion/completions/origami, \
            ~/.zfunc/_origami (zsh) or ~/.config/fish/completions/origami.fish.
            """,
        arguments: [
            ArgumentSpec(name: "SHELL", help: "bash, zsh or fish.", completion: .values(CompletionScript.shells))
        ])

    static func run(_ context: CommandContext) async throws {
        let shell = context.line.arguments[0]
        guard let script = CompletionScript(parser: context.parser).script(for: shell) else {
            let suggestion = Spelling.suggestion(for: shell, among: CompletionScript.shells)
            throw UsageError(
                problem: .other(
                    "unknown shell '\(shell)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
                        + " (choose from bash, zsh, fish)"),
                path: ["completions"])
        }
        context.console.sink.write(script, toError: false)
    }
}
