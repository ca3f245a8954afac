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
        let configuration = try context.configuration()
        let step = try context.line.integer("step")
        let files = try PhotoSelection.files(for: context.line.arguments, relativeTo: context.workingDirectory)
        _ = (configuration, step, files)
        throw CommandUnavailable(command: "coach", reason: "the model session is not part of this build yet")
    }
}
