/// The tutorial flow: writes the steps of the chosen idea with the tutorial profile (focused, low temperature,
/// reasoning when the model supports it).
///
/// `Tutorial` itself checks the steps are numbered 1, 2, 3 … and that there are materials and steps; this flow
/// adds that each step says something.
public struct TutorialWriter: Sendable {
    /// The session the tutorial is written on (switched to tutorial mode).
    public let session: LanguageModelSession

    /// Creates the flow on a session, which may continue a transcript restored from a project file.
    public init(session: LanguageModelSession) {
        self.session = session
    }

    /// Writes the tutorial for `idea`, streaming partial tutorials to `onUpdate`.
    ///
    /// - Parameter hint: what the person typed to steer the steps, added as a quoted filter.
    public func write(
        idea: BrainstormIdea,
        hint: String? = nil,
        onUpdate: @escaping @Sendable (GenerationUpdate<Tutorial>) -> Void = { _ in }
    ) async throws -> GenerationResult<Tutorial> {
        try await session.switchMode(.tutorial)
        return try await session.respond(
            to: CraftPrompts.tutorial(title: idea.title, description: idea.description, hint: hint),
            generating: Tutorial.self,
            validate: Self.violations(of:),
            onUpdate: onUpdate
        )
    }

    /// Steps with a title and an instruction.
    static func violations(of tutorial: Tutorial) -> [String] {
        tutorial.steps.enumerated().flatMap { index, step -> [String] in
            var found: [String] = []
            if step.title.allSatisfy(\.isWhitespace) { found.append("steps[\(index)].title: must not be empty") }
            if step.instruction.allSatisfy(\.isWhitespace) {
                found.append("steps[\(index)].instruction: must not be empty")
            }
            return found
        }
    }
}

extension Tutorial {
    /// The tutorial as plain text for prompts: title, materials, numbered steps.
    public var promptText: String {
        let materials = materials.map { "- \($0)" }.joined(separator: "\n")
        let steps = steps.map { "\($0.number). \($0.title): \($0.instruction)" }.joined(separator: "\n")
        return "\(title)\n\nMaterials:\n\(materials)\n\nSteps:\n\(steps)"
    }
}
