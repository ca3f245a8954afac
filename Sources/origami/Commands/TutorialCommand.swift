import CraftCore
import CraftSchema

/// `origami tutorial [--idea N]`: writes the chosen idea's tutorial, or shows the one already written.
enum TutorialCommand: Command {
    static let spec = CommandSpec(
        name: "tutorial",
        abstract: "Write the step-by-step tutorial for an idea.",
        discussion: """
            Without --idea, shows the tutorial already written, or writes one for the idea chosen before (idea 1 \
            if none was). Choosing another idea writes a new tutorial and starts again at step 1. With --step, \
            you move the tutorial to that step yourself, forward or back; no model is asked.
            """,
        options: [
            OptionSpec(name: "idea", valueName: "N", help: "The idea to make, numbered as brainstorm lists them."),
            OptionSpec(name: "step", valueName: "N", help: "Move to step N yourself (forward or back)."),
        ])

    static func run(_ context: CommandContext) async throws {
        let idea = try context.line.integer("idea")
        let console = context.console
        let renderer = ProjectRenderer(style: console.out, width: console.terminal.width)
        let view = StreamView(console: console)
        let bench = try context.workbench()
        let step = try context.line.integer("step")
        if let step, idea == nil {
            return show(context, try await bench.move(toStep: step), renderer: renderer)
        }
        var outcome = try await bench.tutorial(idea: idea) { update in
            switch update {
            case .partial(let tutorial):
                view.show(renderer.partialTutorialLines(tutorial))
            case .retrying(let violations):
                view.retrying(violations)
            case .complete(let result):
                view.repaired(result.repairs)
            }
        }
        if let step { outcome = try await bench.move(toStep: step) }
        let tutorial = outcome.tutorial
        view.finish(renderer.steps(tutorial, current: outcome.currentStep, chosenIdea: outcome.idea)
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
        if let report = outcome.report { context.report([report], sawPhotos: true) }
        console.message(console.err.dim("Next: photograph your work and run origami coach PHOTO"))
        event(context, outcome)
    }

    /// The tutorial after a move, shown whole at once.
    private static func show(_ context: CommandContext, _ outcome: TutorialOutcome, renderer: ProjectRenderer) {
        context.console.result(renderer.steps(outcome.tutorial, current: outcome.currentStep, chosenIdea: outcome.idea))
        event(context, outcome)
    }

    /// The `--json` result.
    private static func event(_ context: CommandContext, _ outcome: TutorialOutcome) {
        let tutorial = outcome.tutorial
        context.console.event("result", [
            ("command", .string("tutorial")), ("idea", GeneratedContent(outcome.idea)), ("isNew", .bool(outcome.isNew)),
            ("title", .string(tutorial.title)), ("materials", .array(tutorial.materials.map(GeneratedContent.string))),
            ("steps", .array(tutorial.steps.map { step in
                .object([("number", GeneratedContent(step.number)), ("title", .string(step.title)),
                         ("instruction", .string(step.instruction))])
            })),
            ("currentStep", GeneratedContent(outcome.currentStep)),
            ("source", .string(tutorial.libraryProject == nil ? "model" : "library")),
            ("libraryProject", .optional(tutorial.libraryProject)),
        ])
    }
}
