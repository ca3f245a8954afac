public import CraftBackends

/// What `tutorial` produced.
public struct TutorialOutcome: Sendable {
    /// The tutorial shown, with its progress; it is now the project's current one.
    public var progress: TutorialProgress
    /// The number of its idea in the latest brainstorm's list, or nil when a later brainstorm replaced that list.
    public var idea: Int?
    /// False when the tutorial was already written and is only shown again.
    public var isNew: Bool
    /// The tutorial that was current before this command made another one current; it is kept with its progress.
    public var previous: TutorialProgress?
    /// How many tutorials the project keeps.
    public var tutorialCount: Int
    /// Who answered, when the model was asked.
    public var report: FallbackReport?

    /// The steps.
    public var tutorial: Tutorial { progress.tutorial }
    /// The step being worked on.
    public var currentStep: Int { progress.currentStep }
}

extension Workbench {
    /// Shows the current tutorial, or writes one: without `requested`, the current tutorial (written for idea 1 when
    /// there is none yet); with it, the tutorial of idea `requested` of the latest brainstorm — the one already
    /// written for that idea, made current again, or a new one, which starts at step 1 and becomes current.
    ///
    /// An idea from the project library takes the library's steps as they are; no model is asked. Tutorials are
    /// never overwritten: each keeps its own step, progress photos, feedback and terms.
    public func tutorial(
        idea requested: Int?,
        onUpdate: @escaping @Sendable (GenerationUpdate<Tutorial>) -> Void = { _ in }
    ) async throws -> TutorialOutcome {
        let base = try await snapshot(create: false)
        if requested == nil, let current = base.currentTutorial {
            return outcome(current, in: base, isNew: false, previous: nil)
        }
        guard !base.ideas.isEmpty else { throw ProjectError.noIdeas(path: store.fileURL.path) }
        let number = requested ?? 1
        guard (1...base.ideas.count).contains(number) else {
            throw ProjectError.ideaOutOfRange(requested: number, count: base.ideas.count)
        }
        let idea = base.ideas[number - 1]
        if let written = base.tutorial(for: idea) { return try await switchTo(tutorial: written.number) }
        if let id = idea.libraryProject { return try await adoptLibraryTutorial(id, idea: number, base: base) }
        return try await askModel(from: base) { session in
            try await TutorialWriter(session: session).write(idea: idea, onUpdate: onUpdate)
        } merge: { project, result in
            try unchanged(project.ideas, base.ideas, "the ideas")
            let previous = project.currentTutorial
            // Another origami may have written this idea's tutorial meanwhile: that one, with its progress, stays.
            let number = project.tutorial(for: idea)?.number
                ?? project.addTutorial(result.content, for: idea, now: now())
            project.currentTutorialNumber = number
            let progress = project.tutorial(number: number)!
            var outcome = outcome(progress, in: project, isNew: progress.tutorial == result.content,
                                  previous: previous?.number == number ? nil : previous)
            outcome.report = result.report
            return outcome
        }
    }

    /// Makes tutorial `number` (from 1, in the order written) the current one (`origami tutorial --switch N`); its
    /// step, photos and feedback are as it was left. No model is asked.
    public func switchTo(tutorial number: Int) async throws -> TutorialOutcome {
        try await store.update(create: false, now: now, onWait: onWait) { project in
            guard let progress = project.tutorial(number: number) else {
                if project.tutorials.isEmpty { throw ProjectError.noTutorial(path: store.fileURL.path) }
                throw ProjectError.tutorialOutOfRange(requested: number, count: project.tutorials.count)
            }
            let previous = project.currentTutorial
            project.currentTutorialNumber = number
            return outcome(progress, in: project, isNew: false, previous: previous?.number == number ? nil : previous)
        }
    }

    /// Moves the current tutorial to step `number` because the person says so (`origami tutorial --step N`),
    /// forward or back; returns the tutorial at its new step. No model is asked.
    public func move(toStep number: Int) async throws -> TutorialOutcome {
        try await store.update(create: false, now: now, onWait: onWait) { project in
            guard let current = project.currentTutorial, current.stepCount > 0 else {
                throw ProjectError.noTutorial(path: store.fileURL.path)
            }
            guard (1...current.stepCount).contains(number) else {
                throw ProjectError.stepOutOfRange(requested: number, count: current.stepCount)
            }
            project.updateTutorial(number: current.number) { $0.currentStep = number }
            return outcome(project.currentTutorial!, in: project, isNew: false, previous: nil)
        }
    }

    private func outcome(
        _ progress: TutorialProgress, in project: Project, isNew: Bool, previous: TutorialProgress?
    ) -> TutorialOutcome {
        TutorialOutcome(
            progress: progress, idea: project.ideaNumber(of: progress.idea), isNew: isNew, previous: previous,
            tutorialCount: project.tutorials.count, report: nil)
    }
}
