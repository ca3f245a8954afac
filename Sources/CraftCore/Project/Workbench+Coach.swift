import CraftSchema
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
        let attachments = try await loadPhotos(files)
        let base = try await snapshot(create: false)
        let (progress, step) = try checkable(base, step: requested)
        let tutorial = progress.tutorial
        // The earlier photo is a retake's when the last one filed up to this step was filed under it.
        let retake = progress.photos.last(where: { $0.step <= step })?.step == step
        // Both read and measure photos again: CPU work, on a thread of its own.
        let (shape, change) = await BlockingCall.run { [self] in
            (shapeCheck(base, progress: progress, step: step, photos: files),
             files.last.flatMap { measuredChange(of: $0, in: base, progress: progress, step: step) })
        }
        return try await askModel(from: base) { session in
            try await Coach(session: session).check(
                tutorial: tutorial, step: step, photos: attachments, note: note, shape: shape, change: change,
                retake: retake, opens: opens(tutorial, step: step), onRetry: onRetry)
        } merge: { project, result in
            record(files, attachments, in: &project)
            let feedback = Project.Feedback(
                step: step, photoLabels: attachments.map(\.label), feedback: result.feedback,
                modelSawPhotos: result.modelSawPhotos, evidence: result.evidence, note: note,
                unconfirmedCompletion: result.unconfirmedCompletion,
                decidedByMeasurement: result.decidedByMeasurement ? true : nil, date: now())
            // The check belongs to the tutorial it was asked about, even when another became current meanwhile.
            return try changeTutorial(progress.number, of: &project) { tutorial in
                let advanced = tutorial.record(feedback)
                return CoachOutcome(
                    result: result, currentStep: tutorial.currentStep, stepCount: tutorial.stepCount,
                    advanced: advanced)
            }
        }
    }

    /// The person says step `requested` (default: the current one) is done: it must be the current step, which then
    /// moves on by one. Photos, if any, are filed under it. No model is asked.
    public func markDone(step requested: Int?, photos files: [URL] = []) async throws -> DoneOutcome {
        let attachments = try await loadPhotos(files)
        return try await store.update(create: false, now: now, onWait: onWait) { project in
            guard let current = project.currentTutorial, current.stepCount > 0 else {
                throw ProjectError.noTutorial(path: store.fileURL.path)
            }
            let count = current.stepCount
            let step = requested ?? current.currentStep
            guard (1...count).contains(step) else {
                if requested == nil {
                    throw ProjectError.notCurrentStep(requested: count, current: current.currentStep, count: count)
                }
                throw ProjectError.stepOutOfRange(requested: step, count: count)
            }
            guard step == current.currentStep else {
                throw ProjectError.notCurrentStep(requested: step, current: current.currentStep, count: count)
            }
            record(files, attachments, in: &project)
            return try changeTutorial(current.number, of: &project) { tutorial in
                for attachment in attachments { tutorial.file(photo: attachment.label, underStep: step) }
                tutorial.currentStep = step + 1
                return DoneOutcome(step: step, currentStep: tutorial.currentStep, stepCount: count)
            }
        }
    }

    /// The current tutorial and the step a check is for: `requested`, else the current step (the last once all are
    /// done).
    private func checkable(_ project: Project, step requested: Int?) throws -> (TutorialProgress, Int) {
        guard let current = project.currentTutorial, current.stepCount > 0 else {
            throw ProjectError.noTutorial(path: store.fileURL.path)
        }
        guard let step = current.checkableStep(requested) else {
            throw ProjectError.stepOutOfRange(requested: requested ?? current.currentStep, count: current.stepCount)
        }
        return (current, step)
    }
}
