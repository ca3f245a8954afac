import CraftCore
import CraftSchema

/// `origami tutorial [--idea N | --switch N] [--step N]`: shows the current tutorial, writes one for an idea, or goes
/// back to one written before. A project keeps every tutorial it wrote, each with its own progress.
enum TutorialCommand: Command {
    static let spec = CommandSpec(
        name: "tutorial",
        abstract: "Write an idea's tutorial, or show the current one.",
        discussion: """
            Without options, shows the current tutorial (and writes one for idea 1 when there is none yet). With \
            --idea N, shows the tutorial of idea N of the latest brainstorm: the one already written for it, or a \
            new one, which starts at step 1. The tutorial shown becomes the current one, which coach, term and \
            status work on. Tutorials are never overwritten: each keeps its own step, progress photos, feedback and \
            terms, and --switch N goes back to tutorial N (numbered in the order they were written; status lists \
            them). With --step, you move the tutorial to that step yourself, forward or back; no model is asked.
            """,
        options: [
            OptionSpec(name: "idea", valueName: "N", help: "The idea to make, numbered as brainstorm lists them."),
            OptionSpec(name: "switch", valueName: "N", help: "Go back to tutorial N, written before (see status)."),
            OptionSpec(name: "step", valueName: "N", help: "Move to step N yourself (forward or back)."),
        ])

    static func run(_ context: CommandContext) async throws {
        let idea = try context.line.integer("idea")
        let switchTo = try context.line.integer("switch")
        let step = try context.line.integer("step")
        if idea != nil && switchTo != nil {
            throw UsageError(
                problem: .other("--idea picks an idea of the latest brainstorm, --switch a tutorial written before; "
                    + "give one of them"),
                path: ["tutorial"])
        }
        let console = context.console
        let renderer = ProjectRenderer(style: console.out, width: console.terminal.width)
        let bench = try context.workbench()
        if let switchTo {
            var outcome = try await bench.switchTo(tutorial: switchTo)
            if let step { outcome = try await bench.move(toStep: step) }
            return show(context, outcome, renderer: renderer)
        }
        if let step, idea == nil {
            return show(context, try await bench.move(toStep: step), renderer: renderer)
        }
        let view = StreamView(console: console)
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
        let previous = outcome.previous
        if let step { outcome = try await bench.move(toStep: step) }
        outcome.previous = previous
        view.finish(renderer.steps(outcome.progress, idea: outcome.idea)
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
        if let report = outcome.report { context.report([report], sawPhotos: true) }
        kept(context, outcome, renderer: renderer)
        console.message(console.err.dim("Next: photograph your work and run origami coach PHOTO"))
        event(context, outcome)
    }

    /// The tutorial after a switch or a move, shown whole at once.
    private static func show(_ context: CommandContext, _ outcome: TutorialOutcome, renderer: ProjectRenderer) {
        context.console.result(renderer.steps(outcome.progress, idea: outcome.idea))
        kept(context, outcome, renderer: renderer)
        event(context, outcome)
    }

    /// When another tutorial was current before, says it is kept and how to go back to it.
    private static func kept(_ context: CommandContext, _ outcome: TutorialOutcome, renderer: ProjectRenderer) {
        guard let previous = outcome.previous else { return }
        context.console.message(
            "Tutorial \(previous.number), \(previous.tutorial.title), is kept with its progress "
                + "(\(renderer.standing(previous))); go back to it with: origami tutorial --switch \(previous.number)")
    }

    /// The `--json` result.
    private static func event(_ context: CommandContext, _ outcome: TutorialOutcome) {
        let tutorial = outcome.tutorial
        context.console.event("result", [
            ("command", .string("tutorial")), ("tutorial", GeneratedContent(outcome.progress.number)),
            ("idea", outcome.idea.map(GeneratedContent.init) ?? .null), ("isNew", .bool(outcome.isNew)),
            ("previous", outcome.previous.map { GeneratedContent($0.number) } ?? .null),
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
