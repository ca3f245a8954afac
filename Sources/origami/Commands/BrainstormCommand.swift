import CraftCore
import CraftSchema

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
        let files = try PhotoSelection.files(for: context.line.arguments, relativeTo: context.workingDirectory)
        let console = context.console
        let renderer = ProjectRenderer(style: console.out, width: console.terminal.width)
        let view = StreamView(console: console)
        let bench = try context.workbench()
        console.message(console.err.dim("Looking at \(files.count) photo\(files.count == 1 ? "" : "s")…"))
        let outcome = try await bench.brainstorm(photos: files, hint: context.line.value("hint")) { update in
            switch update {
            case .analysis(let list):
                let images = list.images ?? []
                view.show(renderer.analysisLines(images))
                view.hold(images.compactMap { analysis in
                    guard let label = analysis.image, let category = analysis.typeOfImage else { return nil }
                    return (label, "analysis", [("label", .string(label)), ("category", .string(category.rawValue)),
                                                ("analysis", .optional(analysis.analysis)),
                                                ("describedByOrigami", .bool(analysis.describedByOrigami))])
                })
                // A seeing model's analyses may still change as they stream, so they go out once the ideas begin;
                // origami's own readings are final, so they go out now, before the model has read its prompt (13 s
                // on a cold engine).
                if !images.isEmpty, images.allSatisfy(\.describedByOrigami) { view.flush() }
            case .ideas(let list):
                view.flush()
                let ideas = list.ideas ?? []
                view.show(renderer.ideaLines(ideas.map { ($0.title, $0.description) }))
                for (index, idea) in ideas.enumerated() {
                    view.partial("idea.partial", index: index, [
                        ("title", .optional(idea.title)), ("description", .optional(idea.description)),
                    ])
                }
            case .retrying(let violations):
                view.retrying(violations)
            }
        }
        for analysis in outcome.result.analyses {
            view.once(analysis.image.label, "analysis", [
                ("label", .string(analysis.image.label)), ("category", .string(analysis.typeOfImage.rawValue)),
                ("analysis", .string(analysis.analysis)),
                ("describedByOrigami", .bool(analysis.describedByOrigami == true)),
            ])
        }
        view.repaired(outcome.result.repairs)
        let ideas = outcome.result.ideas
        let marked = ideas.map { ($0.title + ($0.libraryProject == nil ? "" : " (from the library)"), $0.description) }
        view.finish(renderer.photoLines(outcome.photos) + [""] + renderer.ideaLines(marked))
        context.report(outcome.result.reports, sawPhotos: outcome.result.modelSawPhotos)
        console.message(console.err.dim("Next: origami tutorial --idea N"))
        console.event("result", [
            ("command", .string("brainstorm")),
            ("photos", .array(outcome.photos.map { photo in
                .object([
                    ("label", .string(photo.record.label)), ("path", .string(photo.record.path)),
                    ("category", .optional(photo.analysis?.typeOfImage.rawValue)),
                    ("analysis", .optional(photo.analysis?.analysis)),
                    ("describedByOrigami", photo.analysis.map { .bool($0.describedByOrigami == true) }),
                ])
            })),
            ("ideas", .array(ideas.enumerated().map { index, idea in
                .object([("number", GeneratedContent(index + 1)), ("title", .string(idea.title)),
                         ("description", .string(idea.description)),
                         ("fromLibrary", .bool(idea.libraryProject != nil)),
                         ("libraryProject", .optional(idea.libraryProject))])
            })),
            ("modelSawPhotos", .bool(outcome.result.modelSawPhotos)),
            ("answeredBy", .optional(outcome.result.reports.last?.answeredBy)),
            ("revision", GeneratedContent(outcome.revision)),
        ])
    }
}
