import CraftCore

/// `origami term [TERM]`: lists the tutorial's craft terms, or explains one.
enum TermCommand: Command {
    static let spec = CommandSpec(
        name: "term",
        abstract: "Explain a craft term, or list the tutorial's terms.",
        arguments: [
            ArgumentSpec(name: "TERM", help: "The term to explain, e.g. \"valley fold\".", isOptional: true)
        ])

    static func run(_ context: CommandContext) async throws {
        let configuration = try context.configuration()
        _ = configuration
        throw CommandUnavailable(command: "term", reason: "the model session is not part of this build yet")
    }
}
