public import Foundation

/// What `coach` produced.
public struct CoachOutcome: Sendable {
    /// The flow's result: feedback, verdict, what it rests on, who answered.
    public var result: CoachResult
    /// The step being worked on after this check (one past the last when the tutorial is finished).
    public var currentStep: Int
    /// How many steps the tutorial has.
    public var stepCount: Int
    /// True when this check moved the tutorial on (a complete verdict on the current step).
    public var advanced: Bool
}

/// What `coach --done` did.
public struct DoneOutcome: Sendable {
    /// The step the person said is done.
    public var step: Int
    /// The step being worked on now (one past the last when the tutorial is finished).
    public var currentStep: Int
    /// How many steps the tutorial has.
    public var stepCount: Int
}

extension Workbench {
    /// Judges progress photos against step `requested` (default: the current step), records the feedback and files
    /// the photos under that step. The last photo is measured against the piece's earlier photo (`measuredChange`).
    ///
    /// Steps move only forward, one checked step at a time: a complete verdict moves the tutorial on only when the
    /// step judged is still the current one when the answer arrives; checking another step records its feedback and
    /// photos and skips nothing. The lock is held only to read and to merge, not while the model answers.
    ///
    /// - Parameter note: what the person says they did (see `Coach`).
    public func coach(
        photos files: [URL],
        step requested: Int?,
        note: String? = nil,
        onRetry: @escaping @Sendable ([String]) -> Void = { _ in }
    ) async throws -> CoachOutcome {
        let attachments = try files.map(loadPhoto)
        let base = try await snapshot(create: false)
        let (tutorial, step) = try checkable(base, step: requested)
        let shape = shapeCheck(base, tutorial: tutorial, step: step, photos: files)
        let change = files.last.flatMap { measuredChange(of: $0, in: base, step: step) }
        return try await askModel(from: base) { session in
            try await Coach(session: session).check(
                tutorial: tutorial, step: step, photos: attachments, note: note, shape: shape, change: change,
                onRetry: onRetry)
        } merge: { project, result in
            try unchanged(project.tutorial, tutorial, "the tutorial")
            record(files, attachments, in: &project, step: step)
            project.feedback.append(Project.Feedback(
                step: step, photoLabels: attachments.map(\.label), feedback: result.feedback,
                modelSawPhotos: result.modelSawPhotos, evidence: result.evidence, note: note,
                unconfirmedCompletion: result.unconfirmedCompletion, date: now()))
            let advanced = result.isStepComplete && project.currentStep == step
            if advanced { project.currentStep = step + 1 }
            return CoachOutcome(
                result: result, currentStep: project.currentStep, stepCount: tutorial.steps.count, advanced: advanced)
        }
    }

    /// The person says step `requested` (default: the current one) is done: it must be the current step, which then
    /// moves on by one. Photos, if any, are filed under it. No model is asked.
    public func markDone(step requested: Int?, photos files: [URL] = []) async throws -> DoneOutcome {
        let attachments = try files.map(loadPhoto)
        return try await store.update(create: false, now: now, onWait: onWait) { project in
            guard let tutorial = project.tutorial, !tutorial.steps.isEmpty else {
                throw ProjectError.noTutorial(path: store.fileURL.path)
            }
            let count = tutorial.steps.count
            let step = requested ?? project.currentStep
            guard (1...count).contains(step) else {
                if requested == nil {
                    throw ProjectError.notCurrentStep(requested: count, current: project.currentStep, count: count)
                }
                throw ProjectError.stepOutOfRange(requested: step, count: count)
            }
            guard step == project.currentStep else {
                throw ProjectError.notCurrentStep(requested: step, current: project.currentStep, count: count)
            }
            record(files, attachments, in: &project, step: step)
            project.currentStep = step + 1
            return DoneOutcome(step: step, currentStep: project.currentStep, stepCount: count)
        }
    }

    /// The tutorial and the step a check is for: `requested`, else the current step (the last once all are done).
    private func checkable(_ project: Project, step requested: Int?) throws -> (Tutorial, Int) {
        guard let tutorial = project.tutorial, !tutorial.steps.isEmpty else {
            throw ProjectError.noTutorial(path: store.fileURL.path)
        }
        let count = tutorial.steps.count
        let step = requested ?? min(project.currentStep, count)
        guard (1...count).contains(step) else {
            throw ProjectError.stepOutOfRange(requested: step, count: count)
        }
        return (tutorial, step)
    }
}
