import CraftCore

/// `origami status [--html FILE]`: the project at a glance, or as a page to keep.
enum StatusCommand: Command {
    static let spec = CommandSpec(
        name: "status",
        abstract: "Show the photos, ideas, steps and last feedback.",
        discussion: """
            Lists the photos brainstorm analysed, the ideas, the tutorial's steps with the current one marked and \
            the progress photos kept on each step, and the last feedback. With --html, writes the tutorial as one \
            self-contained page to keep or print: the idea, the materials, each step with its progress photos and \
            latest feedback. Reads the project without waiting for a command that is working on it.
            """,
        options: [
            OptionSpec(name: "html", valueName: "FILE", help: "Write the tutorial as one self-contained HTML page.",
                       completion: .file)
        ])

    static func run(_ context: CommandContext) async throws {
        let store = context.store
        let project = try store.load()
        if let file = context.line.value("html").map(context.resolve) {
            try TutorialPage.write(project, root: store.root, to: file)
            context.console.result("Wrote \(PhotoSelection.recordedPath(file, relativeTo: context.workingDirectory))\n")
            context.console.event("result", [("command", .string("status")), ("html", .string(file.path))])
            return
        }
        let renderer = ProjectRenderer(style: context.console.out, width: context.console.terminal.width)
        context.console.result(
            renderer.status(project, path: PhotoSelection.recordedPath(store.root, relativeTo: context.workingDirectory)))
        context.console.event(
            "result",
            [("command", .string("status")), ("path", .string(store.fileURL.path)),
             ("project", .encoding(project))])
    }
}
