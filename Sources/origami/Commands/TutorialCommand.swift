import CraftCore

/// `origami tutorial [--idea N]`: writes the chosen idea's tutorial, or shows the one already written.
enum TutorialCommand: Command {
    static let spec = CommandSpec(
        name: "tutorial",
        abstract: "Write the step-by-step tutorial for an idea.",
        discussion: """
            Without --idea, shows the tutorial already written, or writes one for the idea chosen before (idea 1 \
            if none was). Choosing another idea writes a new tutorial and starts again at step 1.
            """,
        options: [OptionSpec(name: "idea", valueName: "N", help: "The idea to make, numbered as brainstorm lists them.")])

    static func run(_ context: CommandContext) async throws {
        let idea = try context.line.integer("idea")
        let console = context.console
        let renderer = ProjectRenderer(style: console.out, width: console.terminal.width)
        let view = StreamView(console: console)
        let bench = try context.workbench()
        let outcome = try await bench.tutorial(idea: idea) { update in
            switch update {
            case .partial(let tutorial):
                view.show(renderer.partialTutorialLines(tutorial))
            case .retrying(let violations):
                view.retrying(violations)
            case .complete(let result):
                view.repaired(result.repairs)
            }
        }
        let tutorial = outcome.tutorial
        view.finish(renderer.steps(tutorial, current: outcome.currentStep, chosenIdea: outcome.idea)
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
        if let report = outcome.report { context.report([report], sawPhotos: true) }
        console.message(console.err.dim("Next: photograph your work and run origami coach PHOTO"))
        console.event("result", [
            ("command", .string("tutorial")), ("idea", GeneratedContent(outcome.idea)), ("isNew", .bool(outcome.isNew)),
            ("title", .string(tutorial.title)), ("materials", .array(tutorial.materials.map(GeneratedContent.string))),
            ("steps", .array(tutorial.steps.map { step in
                .object([("number", GeneratedContent(step.number)), ("title", .string(step.title)),
                         ("instruction", .string(step.instruction))])
            })),
            ("currentStep", GeneratedContent(outcome.currentStep)),
        ])
    }
}
