import CraftCore
import CraftSchema

/// `origami library [NAME] [--start]`: lists the library's checked projects, shows one, or starts one.
enum LibraryCommand: Command {
    static let spec = CommandSpec(
        name: "library",
        abstract: "List the library's checked projects, show one, or start one.",
        discussion: """
            The library holds classic projects whose steps are known and checked: origami, paper, yarn, fabric and \
            buttons. Without NAME, lists them; with NAME (an id such as paper-cup, or a title), shows its \
            materials, steps, the shape each fold leaves and where the steps come from. With --start, makes it \
            this project's tutorial at step 1, without a brainstorm; no model is asked.
            """,
        arguments: [
            ArgumentSpec(
                name: "NAME", help: "The project to show, by id or title, e.g. paper-cup.", isOptional: true,
                completion: .values(projectNames))
        ],
        options: [
            OptionSpec(name: "start", help: "Make NAME this project's tutorial, at step 1.")
        ])

    /// The ids a shell completes: read from the installed library when the completions are generated.
    static var projectNames: [String] {
        ((try? ProjectLibrary.bundled())?.projects ?? []).map(\.id)
    }

    static func run(_ context: CommandContext) async throws {
        let console = context.console
        let renderer = LibraryRenderer(
            projects: ProjectRenderer(style: console.out, width: console.terminal.width))
        guard let name = context.line.arguments.first else {
            if context.line.has("start") {
                throw UsageError(problem: .missingArgument("NAME"), path: ["library"])
            }
            let library = try ProjectLibrary.bundled()
            console.result(renderer.list(library))
            console.message(console.err.dim("Next: origami library NAME, or origami library NAME --start"))
            console.event("result", [
                ("command", .string("library")), ("projects", .array(library.projects.map(Self.summary))),
            ])
            return
        }
        if context.line.has("start") {
            let outcome = try await context.workbench().startLibraryProject(named: name)
            console.result(renderer.projects.steps(outcome.tutorial.progress, idea: outcome.tutorial.idea))
            console.message(console.err.dim("Next: photograph your work and run origami coach PHOTO"))
            console.event("result", [
                ("command", .string("library")), ("started", .string(outcome.project.id)),
                ("idea", outcome.tutorial.idea.map { GeneratedContent($0) } ?? .null),
                ("project", .encoding(outcome.project)),
            ])
            return
        }
        let library = try ProjectLibrary.bundled()
        guard let project = library.project(named: name) else {
            throw LibraryError.unknownProject(name, known: library.projects.map(\.id))
        }
        console.result(renderer.show(project))
        console.message(console.err.dim("Next: origami library \(project.id) --start"))
        console.event("result", [("command", .string("library")), ("project", .encoding(project))])
    }

    /// One project in the `--json` list.
    private static func summary(_ project: LibraryProject) -> GeneratedContent {
        .object([
            ("id", .string(project.id)), ("title", .string(project.title)), ("craft", .string(project.craft)),
            ("difficulty", .string(project.difficulty)), ("description", .string(project.description)),
            ("steps", GeneratedContent(project.steps.count)),
        ])
    }
}
