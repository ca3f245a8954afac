public import CraftBackends

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
    /// tutorial already written for it. A newly chosen idea starts again at step 1. An idea from the project library
    /// takes the library's steps as they are; no model is asked.
    public func tutorial(
        idea requested: Int?,
        onUpdate: @escaping @Sendable (GenerationUpdate<Tutorial>) -> Void = { _ in }
    ) async throws -> TutorialOutcome {
        let base = try await snapshot(create: false)
        guard !base.ideas.isEmpty else { throw ProjectError.noIdeas(path: store.fileURL.path) }
        let number = requested ?? base.chosenIdea ?? 1
        guard (1...base.ideas.count).contains(number) else {
            throw ProjectError.ideaOutOfRange(requested: number, count: base.ideas.count)
        }
        if base.chosenIdea == number, let tutorial = base.tutorial {
            return TutorialOutcome(
                tutorial: tutorial, idea: number, currentStep: base.currentStep, isNew: false, report: nil)
        }
        if let id = base.ideas[number - 1].libraryProject {
            return try await adoptLibraryTutorial(id, idea: number, base: base)
        }
        return try await askModel(from: base) { session in
            try await TutorialWriter(session: session).write(idea: base.ideas[number - 1], onUpdate: onUpdate)
        } merge: { project, result in
            try unchanged(project.ideas, base.ideas, "the ideas")
            project.chosenIdea = number
            project.tutorial = result.content
            project.currentStep = 1
            project.terms = []
            return TutorialOutcome(
                tutorial: result.content, idea: number, currentStep: 1, isNew: true, report: result.report)
        }
    }

    /// Moves the tutorial to step `number` because the person says so (`origami tutorial --step N`), forward or
    /// back; returns the tutorial at its new step. No model is asked.
    public func move(toStep number: Int) async throws -> TutorialOutcome {
        try await store.update(create: false, now: now, onWait: onWait) { project in
            guard let tutorial = project.tutorial, !tutorial.steps.isEmpty, let idea = project.chosenIdea else {
                throw ProjectError.noTutorial(path: store.fileURL.path)
            }
            guard (1...tutorial.steps.count).contains(number) else {
                throw ProjectError.stepOutOfRange(requested: number, count: tutorial.steps.count)
            }
            project.currentStep = number
            return TutorialOutcome(tutorial: tutorial, idea: idea, currentStep: number, isNew: false, report: nil)
        }
    }
}
