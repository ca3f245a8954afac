public import CraftSchema

/// The tutorial flow: writes the steps of the chosen idea with the tutorial profile (focused, low temperature,
/// reasoning when the model supports it).
///
/// `Tutorial` itself checks the steps are numbered 1, 2, 3 …, that there are 3 to 10 of them
/// (`Tutorial.stepCountRange`), each saying something new, and that no material is listed twice (its
/// `DomainRules`); this flow caps the steps and materials lists in
/// the schema (`maximumListLength`) so a small model under a grammar cannot keep adding steps until the token limit
/// cuts it off.
public struct TutorialWriter: Sendable {
    /// The session the tutorial is written on (switched to tutorial mode).
    public let session: LanguageModelSession

    /// Creates the flow on a session, which may continue a transcript restored from a project file.
    public init(session: LanguageModelSession) {
        self.session = session
    }

    /// The most steps, and the most materials, the grammar lets a tutorial list: above the step rule's 10
    /// (`Tutorial.stepCountRange`), so a longer answer ends as a list the rule sends back to be shortened rather than
    /// one cut at the token limit, and unchanged so every recorded request stays the same.
    public static let maximumListLength = 15

    /// The tutorial schema with its lists capped at `maximumListLength`.
    public static var schema: GenerationSchema {
        var schema = Tutorial.generationSchema
        guard case .object(let properties) = schema.kind else { return schema }
        schema.kind = .object(properties.map { property in
            guard case .array = property.schema.kind else { return property }
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
