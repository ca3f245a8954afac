import CraftCore

/// `origami coach [--step N] PHOTO...`: feedback on progress photos; advances the step only when it is complete.
enum CoachCommand: Command {
    static let spec = CommandSpec(
        name: "coach",
        abstract: "Get feedback on a photo of your progress.",
        discussion: """
            The model compares the photo with the step's goal and answers with feedback sections and a verdict. \
            The tutorial moves to the next step only when the photo clearly shows the step complete. The exit \
            status is 0 either way; the verdict is in the output.
            """,
        arguments: [
            ArgumentSpec(name: "PHOTO", help: "A photo of your progress, or a directory of them.", isRepeating: true,
                         completion: .file)
        ],
        options: [OptionSpec(name: "step", valueName: "N", help: "The step the photo shows (default: the current step).")])

    static func run(_ context: CommandContext) async throws {
        let step = try context.line.integer("step")
        let files = try PhotoSelection.files(for: context.line.arguments, relativeTo: context.workingDirectory)
        let console = context.console
        let view = StreamView(console: console)
        let bench = try context.workbench()
        let spinner = Spinner(console: console)
        spinner.start("Looking at your progress…")
        let outcome: CoachOutcome
        do {
            outcome = try await bench.coach(photos: files, step: step) { view.retrying($0) }
        } catch {
            await spinner.stop()
            throw error
        }
        await spinner.stop()
        let result = outcome.result
        view.repaired(result.repairs)
        let feedback = result.feedback
        let renderer = ProjectRenderer(style: console.out, width: console.terminal.width)
        var text = console.out.bold("Step \(result.step)") + "\n" + renderer.wrap(feedback.observation, indent: 2)
        text += renderer.feedback(Project.Feedback(
            step: result.step, photoLabels: [], feedback: feedback, modelSawPhotos: result.modelSawPhotos,
            date: bench.now()))
        if result.unconfirmedCompletion {
            text += renderer.wrap(
                "The model thinks step \(result.step) is done, but it cannot see photos and judged from origami's "
                    + "description, which cannot show a fold's detail, so the step stays open. When you are sure it "
                    + "is done, check the next one: origami coach --step \(result.step + 1) PHOTO", indent: 2)
        }
        if result.isTutorialComplete || outcome.currentStep > outcome.stepCount {
            text += console.out.green("  The tutorial is complete.") + "\n"
        } else {
            text += "  Now on step \(outcome.currentStep) of \(outcome.stepCount).\n"
        }
        console.result(text)
        context.report([result.report], sawPhotos: result.modelSawPhotos)
        console.event("result", [
            ("command", .string("coach")), ("step", GeneratedContent(result.step)),
            ("isStepComplete", .bool(result.isStepComplete)),
            ("unconfirmedCompletion", .bool(result.unconfirmedCompletion)),
            ("observation", .string(feedback.observation)),
            ("sections", .array(feedback.sections.map { .object([("title", .string($0.title)),
                                                                  ("body", .string($0.body))]) })),
            ("completionMessage", .optional(feedback.completionMessage)),
            ("currentStep", GeneratedContent(outcome.currentStep)), ("stepCount", GeneratedContent(outcome.stepCount)),
            ("modelSawPhotos", .bool(result.modelSawPhotos)), ("answeredBy", .optional(result.report.answeredBy)),
        ])
    }
}
