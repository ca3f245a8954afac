/// What `tutorial` produced.
public struct TutorialOutcome: Sendable {
    /// The tutorial.
    public var tutorial: Tutorial
    /// The number of the idea it is for, from 1.
    public var idea: Int
    /// The step being worked on.
    public var currentStep: Int
    /// False when the tutorial was already written and is only shown again.
    public var isNew: Bool
    /// Who answered, when the model was asked.
    public var report: FallbackReport?
}

extension Workbench {
    /// Chooses idea `requested` (default: the one chosen before, else 1) and writes its tutorial, or returns the
    /// tutorial already written for it. A newly chosen idea starts again at step 1.
    public func tutorial(
        idea requested: Int?,
        onUpdate: @escaping @Sendable (GenerationUpdate<Tutorial>) -> Void = { _ in }
    ) async throws -> TutorialOutcome {
        try await store.update(create: false, now: now, onWait: onWait) { project in
            guard !project.ideas.isEmpty else { throw ProjectError.noIdeas(path: store.fileURL.path) }
            let number = requested ?? project.chosenIdea ?? 1
            guard (1...project.ideas.count).contains(number) else {
                throw ProjectError.ideaOutOfRange(requested: number, count: project.ideas.count)
            }
            if project.chosenIdea == number, let tutorial = project.tutorial {
                return TutorialOutcome(
                    tutorial: tutorial, idea: number, currentStep: project.currentStep, isNew: false, report: nil)
            }
            let session = try makeSession(project.transcript)
            let result = try await TutorialWriter(session: session).write(
                idea: project.ideas[number - 1], onUpdate: onUpdate)
            project.chosenIdea = number
            project.tutorial = result.content
            project.currentStep = 1
            project.terms = []
            project.transcript = await session.transcript
            return TutorialOutcome(
                tutorial: result.content, idea: number, currentStep: 1, isNew: true, report: result.report)
        }
    }
}
