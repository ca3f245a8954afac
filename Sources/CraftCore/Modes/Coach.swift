/// The coach flow: judges progress photos against the current step with the tutorial profile.
///
/// The prompt is the Origami sample's ("I'm working on step N of the tutorial", the step, "First describe what you
/// see…", the photos). Only a true `isCurrentStepComplete` advances the tutorial; `CoachFeedback` itself rejects a
/// true verdict without a completion message (and a message without one), which the session retries and a chain
/// treats as a failed domain rule. On backends with tools the model may also file the photo under the current
/// step with `MovePhotoToStepTool`.
///
/// A model that could not see the photos (it read origami's descriptions of them) never completes a step: a
/// description of shapes, colours and straight lines cannot show whether a fold is right, and such a model called
/// almost every step complete in the eval, wrong ones included. Its complete verdict is kept as
/// `unconfirmedCompletion` and the step stays current; the person moves on with `--step` when they are sure. This
/// errs, as the sample asks, strongly on the side of false.
public struct Coach: Sendable {
    /// The session the check runs on (switched to coach mode).
    public let session: LanguageModelSession

    /// Creates the flow on a session, which may continue a transcript restored from a project file.
    public init(session: LanguageModelSession) {
        self.session = session
    }

    /// Checks `photos` against step `step` (1-based) of `tutorial`.
    ///
    /// - Parameter note: what the person typed about the photo, added as a quoted note; it never changes how the
    ///   step is judged.
    public func check(
        tutorial: Tutorial,
        step: Int,
        photos: [Attachment],
        note: String? = nil,
        onRetry: @escaping @Sendable ([String]) -> Void = { _ in }
    ) async throws -> CoachResult {
        guard let current = tutorial.steps.first(where: { $0.number == step }) else {
            throw FlowError.noSuchStep(step, stepCount: tutorial.steps.count)
        }
        guard !photos.isEmpty else { throw FlowError.noProgressPhoto(step: step) }
        try await session.switchMode(.coach)
        let tool = MovePhotoToStepTool(currentStep: step, labels: photos.map(\.label))
        let prompt = CraftPrompts.coach(
            step: step, title: current.title, instruction: current.instruction, photos: photos, note: note
        )
        let result = try await session.respond(
            to: prompt, generating: CoachFeedback.self, tools: [tool],
            onUpdate: { if case .retrying(let violations) = $0 { onRetry(violations) } }
        )
        var feedback = result.content
        let unconfirmed = feedback.isCurrentStepComplete && !result.modelSawNewPhotos
        if unconfirmed {
            feedback.isCurrentStepComplete = false
            feedback.completionMessage = nil
        }
        let complete = feedback.isCurrentStepComplete
        let last = tutorial.steps.map(\.number).max() ?? step
        return CoachResult(
            feedback: feedback,
            step: step,
            isStepComplete: complete,
            unconfirmedCompletion: unconfirmed,
            nextStep: complete ? step + 1 : step,
            isTutorialComplete: complete && step == last,
            movedPhotos: tool.moved,
            modelSawPhotos: result.modelSawPhotos,
            report: result.report,
            retries: result.retries,
            usage: result.usage,
            repairs: result.repairs
        )
    }
}

/// What a coach check found.
public struct CoachResult: Sendable, Hashable {
    /// The model's feedback: observation, sections, verdict, completion message.
    public var feedback: CoachFeedback
    /// The step that was checked.
    public var step: Int
    /// Whether the step is done: the only thing that advances the tutorial.
    public var isStepComplete: Bool
    /// True when the model called the step complete without seeing the photos (from origami's descriptions):
    /// the verdict was not taken, and `feedback` holds it as incomplete.
    public var unconfirmedCompletion: Bool = false
    /// The step to work on next: the following one when this one is complete (one past the last when the
    /// tutorial is finished), else the same.
    public var nextStep: Int
    /// True when the last step was just completed.
    public var isTutorialComplete: Bool
    /// Photos the model filed under the step with the tool, in order.
    public var movedPhotos: [String]
    /// False when the model could not see the photos and worked from origami's descriptions of them.
    public var modelSawPhotos: Bool
    /// Which backend answered and why others were passed over.
    public var report: FallbackReport
    /// How many answers were asked for again.
    public var retries: Int
    /// Token counts and timings of the answer.
    public var usage: Usage?
    /// The repairs made to the answer before it was checked, e.g. a completion message dropped from an incomplete
    /// verdict.
    public var repairs: [String] = []
}
