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
        let configuration = try context.configuration()
        let idea = try context.line.integer("idea")
        _ = (configuration, idea)
        throw CommandUnavailable(command: "tutorial", reason: "the model session is not part of this build yet")
    }
}
