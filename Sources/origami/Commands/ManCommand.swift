
/// `origami man`: the manual page in roff, made from the same descriptions as help.
enum ManCommand: Command {
    static let spec = CommandSpec(
        name: "man",
        abstract: "Print the manual page (roff): origami man | man -l -")

    static func run(_ context: CommandContext) async throws {
        context.console.sink.write(ManPage(parser: context.parser, version: Origami.version).render(), toError: false)
    }
}
