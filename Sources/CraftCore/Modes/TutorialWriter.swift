public import CraftSchema

/// The tutorial flow: writes the steps of the chosen idea with the tutorial profile (focused, low temperature,
/// reasoning when the model supports it).
///
/// `Tutorial` itself checks the steps are numbered 1, 2, 3 …, that there are 3 to 10 of them
/// (`Tutorial.stepCountRange`), each saying something new, and that no material is listed twice (its
/// `DomainRules`); the schema carries the step count, and this flow caps the materials list too
/// (`maximumListLength`) so a small model under a grammar cannot keep adding items until the token limit cuts it off.
public struct TutorialWriter: Sendable {
    /// The session the tutorial is written on (switched to tutorial mode).
    public let session: LanguageModelSession

    /// Creates the flow on a session, which may continue a transcript restored from a project file.
    public init(session: LanguageModelSession) {
        self.session = session
    }

    /// The most materials the grammar lets a tutorial list. The steps keep their own count, 3 to 10
    /// (`Tutorial.stepCountRange`): capped at 15 instead, so that a longer answer went back to the model to be
    /// shortened, the 1.5B model wrote 11 steps twice running and the command failed; held to 10, it ends its list
    /// there.
    public static let maximumListLength = 15

    /// The tutorial schema with its lists that have no maximum of their own capped at `maximumListLength`.
    public static var schema: GenerationSchema {
        var schema = Tutorial.generationSchema
        guard case .object(let properties) = schema.kind else { return schema }
        schema.kind = .object(properties.map { property in
            guard case .array(_, _, nil) = property.schema.kind else { return property }
            var capped = property
            capped.schema = property.schema.guided(by: [.maximumCount(maximumListLength)])
            return capped
        })
        return schema
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
            schema: Self.schema,
            onUpdate: onUpdate
        )
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
