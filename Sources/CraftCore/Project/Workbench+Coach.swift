public import Foundation

/// What `coach` produced.
public struct CoachOutcome: Sendable {
    /// The flow's result: feedback, verdict, who answered.
    public var result: CoachResult
    /// The step being worked on after this check (one past the last when the tutorial is finished).
    public var currentStep: Int
    /// How many steps the tutorial has.
    public var stepCount: Int
}

extension Workbench {
    /// Judges progress photos against step `requested` (default: the current step) and records the feedback.
    ///
    /// Only a complete verdict moves the current step on, and only past the step judged.
    public func coach(
        photos files: [URL],
        step requested: Int?,
        onRetry: @escaping @Sendable ([String]) -> Void = { _ in }
    ) async throws -> CoachOutcome {
        let attachments = try files.map(loadPhoto)
        return try await store.update(create: false, now: now, onWait: onWait) { project in
            guard let tutorial = project.tutorial, !tutorial.steps.isEmpty else {
                throw ProjectError.noTutorial(path: store.fileURL.path)
            }
            let count = tutorial.steps.count
            let step = requested ?? min(project.currentStep, count)
            guard (1...count).contains(step) else {
                throw ProjectError.stepOutOfRange(requested: step, count: count)
            }
            let session = try makeSession(project.transcript)
            let result = try await Coach(session: session).check(
                tutorial: tutorial, step: step, photos: attachments, onRetry: onRetry)
            record(files, attachments, in: &project)
            project.feedback.append(Project.Feedback(
                step: step, photoLabels: attachments.map(\.label), feedback: result.feedback,
                modelSawPhotos: result.modelSawPhotos, date: now()))
            if result.isStepComplete { project.currentStep = max(project.currentStep, step + 1) }
            project.transcript = await session.transcript
            return CoachOutcome(result: result, currentStep: project.currentStep, stepCount: count)
        }
    }
}
