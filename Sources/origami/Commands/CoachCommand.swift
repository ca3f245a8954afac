import CraftCore
import CraftSchema
import Foundation

/// `origami coach [--step N] [--note TEXT] PHOTO...`: feedback on progress photos; advances the step only when it
/// is complete. `origami coach --done [PHOTO...]`: the person says the current step is done.
enum CoachCommand: Command {
    static let spec = CommandSpec(
        name: "coach",
        abstract: "Get feedback on a photo of your progress.",
        discussion: """
            The model compares the photo with the step's goal and answers with feedback sections and a verdict. \
            The tutorial moves to the next step only when the photo clearly shows the current step complete; \
            checking another step records its feedback and skips nothing. A model that cannot see photos judges \
            origami's description of them and the change origami measured since the piece's earlier photo; its \
            "complete" moves the tutorial on only when that change fits the step, or when you say what you did \
            with --note, which it then judges. With --done you say the current step is done \
            yourself, and no model is asked. The photos are kept on the step they show (see origami status). \
            The exit status is 0 whatever the verdict; the verdict is in the output.
            """,
        arguments: [
            ArgumentSpec(name: "PHOTO", help: "A photo of your progress, or a directory of them.", isOptional: true,
                         isRepeating: true, completion: .file)
        ],
        options: [
            OptionSpec(name: "step", valueName: "N", help: "The step the photo shows (default: the current step)."),
            OptionSpec(name: "note", valueName: "TEXT",
                       help: "What you did, in your words; the model judges it with the photo."),
            OptionSpec(name: "done", help: "Say the current step is done yourself; no model is asked."),
        ])

    static func run(_ context: CommandContext) async throws {
        let step = try context.line.integer("step")
        let files = try PhotoSelection.files(for: context.line.arguments, relativeTo: context.workingDirectory)
        let bench = try context.workbench()
        if context.line.has("done") {
            if context.line.has("note") {
                throw UsageError(problem: .other("--note is for the model to judge; --done asks no model"),
                                 path: ["coach"])
            }
            return try await done(context, bench: bench, step: step, files: files)
        }
        guard !files.isEmpty else {
            throw UsageError(
                problem: .other("missing PHOTO: pass a photo of your progress to have it checked, or --done to say "
                    + "the step is done"),
                path: ["coach"])
        }
        let note = context.line.value("note")
        let console = context.console
        let view = StreamView(console: console)
        let spinner = Spinner(console: console)
        spinner.start("Looking at your progress…")
        let outcome: CoachOutcome
        do {
            outcome = try await bench.coach(photos: files, step: step, note: note) { view.retrying($0) }
        } catch {
            await spinner.stop()
            throw error
        }
        await spinner.stop()
        let result = outcome.result
        view.repaired(result.repairs)
        let renderer = ProjectRenderer(style: console.out, width: console.terminal.width)
        console.result(renderer.coachResult(outcome, note: note))
        context.report([result.report], sawPhotos: true)  // the result says what this check saw
        let feedback = result.feedback
        console.event("result", [
            ("command", .string("coach")), ("step", GeneratedContent(result.step)),
            ("isStepComplete", .bool(result.isStepComplete)),
            ("unconfirmedCompletion", .bool(result.unconfirmedCompletion)),
            ("modelSaidComplete", result.modelWasAsked ? .bool(result.modelSaidComplete) : .null),
            ("decidedByMeasurement", .bool(result.decidedByMeasurement)),
            ("evidence", .string(result.evidence.rawValue)), ("note", .optional(note)),
            ("advanced", .bool(outcome.advanced)),
            ("observation", .string(feedback.observation)),
            ("sections", .array(feedback.sections.map { .object([("title", .string($0.title)),
                                                                  ("body", .string($0.body))]) })),
            ("completionMessage", .optional(feedback.completionMessage)),
            ("currentStep", GeneratedContent(outcome.currentStep)), ("stepCount", GeneratedContent(outcome.stepCount)),
            ("modelSawPhotos", .bool(result.modelSawPhotos)), ("change", .optional(result.change?.words)),
            ("missing", .optional(result.isStepComplete ? nil : ProjectRenderer.missing(in: result))),
            ("answeredBy", .optional(result.report.answeredBy)),
            ("shapeCheck", result.shapeCheck.map { check in
                .object([
                    ("expected", .string(check.expected.outline)), ("measured", .optional(check.measured)),
                    ("verdict", .string(check.verdict.rawValue)),
                    ("overruledCompletion", .bool(result.overruledByShape)),
                ])
            } ?? .null),
        ])
    }

    /// `--done`: the current step is done because the person says so.
    private static func done(_ context: CommandContext, bench: Workbench, step: Int?, files: [URL]) async throws {
        let outcome = try await bench.markDone(step: step, photos: files)
        let console = context.console
        var text = console.out.bold("Step \(outcome.step)") + " marked done by you"
            + (files.isEmpty ? "" : "; \(files.count == 1 ? "the photo is" : "the photos are") kept on it") + ".\n"
        text += outcome.currentStep > outcome.stepCount
            ? console.out.green("  The tutorial is complete.") + "\n"
            : "  Now on step \(outcome.currentStep) of \(outcome.stepCount).\n"
        console.result(text)
        console.event("result", [
            ("command", .string("coach")), ("step", GeneratedContent(outcome.step)), ("done", .bool(true)),
            ("currentStep", GeneratedContent(outcome.currentStep)), ("stepCount", GeneratedContent(outcome.stepCount)),
        ])
    }
}
