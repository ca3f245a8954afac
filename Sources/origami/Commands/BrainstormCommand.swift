import CraftCore

/// `origami brainstorm [--hint TEXT] PHOTO...`: analyses new photos and suggests ideas, streaming them.
enum BrainstormCommand: Command {
    static let spec = CommandSpec(
        name: "brainstorm",
        abstract: "Suggest crafts to make from photos of your supplies.",
        discussion: """
            Each new photo is analysed (supplies, inspiration or a finished piece), then origami offers at least \
            three ideas. Photos already in the project are not analysed again. The project is created in the \
            current directory (or --project DIR) if there is none.
            """,
        arguments: [
            ArgumentSpec(
                name: "PHOTO", help: "A photo (JPEG, PNG, WebP, HEIC), or a directory: its photos, sorted by name.",
                isRepeating: true, completion: .file)
        ],
        options: [OptionSpec(name: "hint", valueName: "TEXT", help: "What the ideas should suit, e.g. \"for a child\".")])

    static func run(_ context: CommandContext) async throws {
        let configuration = try context.configuration()
        let files = try PhotoSelection.files(for: context.line.arguments, relativeTo: context.workingDirectory)
        _ = (configuration, files)
        throw CommandUnavailable(command: "brainstorm", reason: "the model session is not part of this build yet")
    }
}
