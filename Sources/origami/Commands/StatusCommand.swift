import CraftCore

/// `origami status`: the project at a glance.
enum StatusCommand: Command {
    static let spec = CommandSpec(
        name: "status",
        abstract: "Show the photos, ideas, steps and last feedback.")

    static func run(_ context: CommandContext) async throws {
        let store = context.store
        let project = try store.load()
        let renderer = ProjectRenderer(style: context.console.out, width: context.console.terminal.width)
        context.console.result(
            renderer.status(project, path: PhotoSelection.recordedPath(store.root, relativeTo: context.workingDirectory)))
        context.console.event(
            "result",
            [("command", .string("status")), ("path", .string(store.fileURL.path)),
             ("project", .encoding(project))])
    }
}
