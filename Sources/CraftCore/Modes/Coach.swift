public import CraftBackends
public import CraftImages

/// The coach flow: judges progress photos against a step with the tutorial profile.
///
/// The prompt is the Origami sample's ("I'm working on step N of the tutorial", the step, "First describe what you
/// see…", the photos). Only a true `isCurrentStepComplete` can advance the tutorial; `CoachFeedback` itself rejects a
/// true verdict without a completion message (and a message without one), which the session retries and a chain
/// treats as a failed domain rule.
///
/// The sample also offers a `MovePhotoToStepTool`; here the check itself files the photos under the step it judged
/// (see `Workbench.coach`). A tool forces the chat API, whose template renders the tool's description — naming the
/// step and photos — at the top of the prompt, so every check changed the prompt's start and the engine read the
/// whole conversation again; under the answer's JSON grammar the model could not call the tool anyway. Without it
/// the engine takes the coach through `/completion` and reads only what the check adds.
///
/// What the verdict rests on (`CoachEvidence`): a model that saw the photos is believed. A model that could not see
/// them read origami's description, which cannot show whether a fold is right (such a model called almost every
/// step complete in the eval, wrong ones included). It is also given the measured change since the piece's earlier
/// photo (`StepChange`); its complete verdict moves the tutorial on only when that change backs it (`change`), or
/// when the person said what they did (`note`: their words, quoted as the person's, never as instructions).
/// Otherwise the verdict is kept as `unconfirmedCompletion` and the step stays current. This errs, as the sample
/// asks, on the side of false.
///
/// On a library step two measurements can say more than a blind model: when the change backs the step and the
/// piece's outline has the sides (and proportions) the step leaves (`ShapeCheck.Verdict.agrees`), the step is done
/// whatever the model answered (`CoachResult.decidedByMeasurement`). On 180 rendered photos of the cup (15 settings,
/// six done and six wrong or unfinished photos each) the pair backed 35 of 90 done photos and none of the 90 others.
/// Neither is enough alone: a slanted flap keeps the sides its step leaves, and a measured fold whose outline has
/// other sides may be another fold than the step's. The 1.5B model called every photo the pair backed complete in
/// the live library runs, but withheld "complete" from half the backed done photos of a model-written tutorial,
/// where no shape is known.
///
/// A library step that opens the piece (`LibraryStep.opens`: the cup's last step) leaves no flat shape; there the
/// change must hold a curved rim new since the earlier photo, and with it the step is done on the measurement alone
/// (on the sample cup the 1.5B model called the opened cup "not completely open", and the step could not be finished
/// through the coach).
public struct Coach: Sendable {
    /// The session the check runs on (switched to coach mode).
    public let session: LanguageModelSession

    /// Creates the flow on a session, which may continue a transcript restored from a project file.
    public init(session: LanguageModelSession) {
        self.session = session
    }

    /// Checks `photos` against step `step` (1-based) of `tutorial`.
    ///
    /// - Parameters:
    ///   - note: what the person says they did, added as their quoted words after the photos.
    ///   - change: the measured change of the piece since its earlier photo, said after the photos; nil when it
    ///     could not be measured.
    ///   - retake: whether that earlier photo was an attempt at this same step (see `StepChange.isRetake`).
    ///   - opens: whether the library says the step opens a pocket into a rim (`LibraryStep.opens`).
    public func check(
        tutorial: Tutorial,
        step: Int,
        photos: [Attachment],
        note: String? = nil,
        shape: ShapeCheck? = nil,
        change: PhotoChange? = nil,
        retake: Bool = false,
        opens: Bool = false,
        onRetry: @escaping @Sendable ([String]) -> Void = { _ in }
    ) async throws -> CoachResult {
        guard let current = tutorial.steps.first(where: { $0.number == step }) else {
            throw FlowError.noSuchStep(step, stepCount: tutorial.steps.count)
        }
        guard !photos.isEmpty else { throw FlowError.noProgressPhoto(step: step) }
        try await session.switchMode(.coach)
        let measured = change.map {
            StepChange(change: $0, step: current.title + ". " + current.instruction, retake: retake, opens: opens)
        }
        if let measured, measured.change.after == nil, !CraftPrompts.hasText(note), await !session.modelSeesPhotos() {
            return Self.nothingMeasured(step: step, photos: photos, change: measured, shape: shape)
        }
        let prompt = CraftPrompts.coach(
            step: step, title: current.title, instruction: current.instruction, photos: photos, note: note,
            change: measured?.words
        )
        let result = try await session.respond(
            to: shape.map { Prompt(prompt.segments + [.text($0.sentence)]) } ?? prompt,
            generating: CoachFeedback.self,
            onUpdate: { if case .retrying(let violations) = $0 { onRetry(violations) } }
        )
        var feedback = result.content
        let evidence: CoachEvidence =
            result.modelSawNewPhotos ? .photo
            : CraftPrompts.hasText(note) ? .note
            : measured?.supportsCompletion == true ? .change : .description
        let unconfirmed = feedback.isCurrentStepComplete && evidence == .description
        if unconfirmed {
            feedback.isCurrentStepComplete = false
            feedback.completionMessage = nil
        }
        let overruled = shape?.overrules(&feedback) ?? false
        let decided = evidence == .change && !feedback.isCurrentStepComplete
            && Self.measurementShowsStepDone(change: measured, shape: shape)
        if decided, let measured {
            feedback.isCurrentStepComplete = true
            feedback.completionMessage = Self.measuredCompletion(step: step, shape: shape, change: measured)
        }
        let complete = feedback.isCurrentStepComplete
        let last = tutorial.steps.map(\.number).max() ?? step
        return CoachResult(
            feedback: feedback,
            step: step,
            isStepComplete: complete,
            unconfirmedCompletion: unconfirmed,
            modelSaidComplete: result.content.isCurrentStepComplete,
            decidedByMeasurement: decided,
            evidence: evidence,
            nextStep: complete ? step + 1 : step,
            isTutorialComplete: complete && step == last,
            modelSawPhotos: result.modelSawNewPhotos,
            change: measured,
            report: result.report,
            retries: result.retries,
            usage: result.usage,
            repairs: result.repairs,
            shapeCheck: shape,
            overruledByShape: overruled
        )
    }
}

extension Coach {
    /// Whether a blind "complete" without the person's note would move the tutorial on: the measured change backs
    /// it (`StepChange.supportsCompletion`) and, on a library step, the measured outline does not disagree with the
    /// step's shape. What origami's measurement alone decides, whatever the model says (`origami eval
    /// --measurement-only`).
    public static func measurementBacksCompletion(change: StepChange?, shape: ShapeCheck?) -> Bool {
        change?.supportsCompletion == true && shape?.verdict != .disagrees
    }

    /// Whether origami's measurement alone shows a library step done, whatever a blind model says: the measured
    /// change backs the step and the measured outline agrees with the step's shape, or, on a step that opens a pocket
    /// into a rim, the change (which then holds a new curved edge) backs it. A step with neither in the library, or
    /// an outline that could not be measured, leaves the verdict to the model (and the rules above).
    public static func measurementShowsStepDone(change: StepChange?, shape: ShapeCheck?) -> Bool {
        guard let change, change.supportsCompletion else { return false }
        return shape?.verdict == .agrees || change.expectsRim
    }

    /// The completion message of a step done on origami's measurement: what was measured, in one sentence within the
    /// schema's 100 characters.
    static func measuredCompletion(step: Int, shape: ShapeCheck?, change: StepChange) -> String {
        guard let shape else {
            return "origami measured the piece opened \(change.since): a curved rim, as step \(step) leaves."
        }
        return "origami measured a fold \(change.since) and \(shape.measuredWords), as step \(step) leaves."
    }

    /// The check of a photo in which origami found no piece, for a model that cannot see and no note: the model is
    /// not asked. It would have only origami's words, which say nothing of a fold, and its verdict could not count
    /// (a blind "complete" needs a measured change or the person's note); asked anyway, the 1.5B model called a real
    /// photo of a kitten a correctly folded triangle. origami says what it found and how to take a photo it can
    /// measure; the step stays open.
    static func nothingMeasured(
        step: Int, photos: [Attachment], change: StepChange, shape: ShapeCheck?
    ) -> CoachResult {
        var observation = "origami found no single piece lying on a surface in this photo, so it has nothing to hold "
            + "against step \(step)."
        if let reading = CategoryReading(photos.last?.reading), reading.category == .inspiration {
            observation += " origami reads the photo as inspiration: \(reading.reason)."
        }
        let retake = CoachSection(
            title: "Try This Instead",
            body: "Lay the piece flat on a plain table of another colour, with nothing else near it, and photograph "
                + "it from above with some of the table showing all around it.")
        return CoachResult(
            feedback: CoachFeedback(
                observation: observation, sections: [retake], isCurrentStepComplete: false, completionMessage: nil),
            step: step, isStepComplete: false, evidence: .description, nextStep: step, isTutorialComplete: false,
            modelSawPhotos: false, change: change, report: FallbackReport(), retries: 0, usage: nil,
            shapeCheck: shape)
    }
}

/// What a coach's verdict rests on, which decides whether a complete verdict may move the tutorial.
public enum CoachEvidence: String, Sendable, Hashable, Codable, CaseIterable {
    /// The model saw the progress photos: a complete verdict moves the tutorial on.
    case photo
    /// The model could not see; origami measured a change of the piece since its earlier photo that fits the step
    /// (`StepChange.supportsCompletion`): a complete verdict moves the tutorial on.
    case change
    /// The model could not see; the person said what they did, and the model judged their words with origami's
    /// description of the photo: a complete verdict moves the tutorial on.
    case note
    /// The model could not see and had only origami's description, with no measured change that fits the step: a
    /// complete verdict is its opinion and does not move the tutorial.
    case description
}

/// What a coach check found.
public struct CoachResult: Sendable, Hashable {
    /// The model's feedback: observation, sections, verdict, completion message.
    public var feedback: CoachFeedback
    /// The step that was checked.
    public var step: Int
    /// Whether the step is done: the only thing that advances the tutorial.
    public var isStepComplete: Bool
    /// True when the model called the step complete from origami's description alone (it could not see, and the
    /// person gave no note): the verdict was not taken, and `feedback` holds it as incomplete.
    public var unconfirmedCompletion: Bool = false
    /// The model's own verdict, before origami's rules took it or set it aside; false when no model was asked.
    public var modelSaidComplete: Bool = false
    /// True when a model that could not see called the step not complete, but origami's measurement showed it done
    /// (`Coach.measurementShowsStepDone`): the step is complete and `feedback` carries origami's completion message.
    public var decidedByMeasurement: Bool = false
    /// What the verdict rests on.
    public var evidence: CoachEvidence = .photo
    /// The step to work on next: the following one when this one is complete (one past the last when the
    /// tutorial is finished), else the same.
    public var nextStep: Int
    /// True when the last step was just completed.
    public var isTutorialComplete: Bool
    /// False when the model could not see this check's photos and worked from origami's descriptions of them.
    public var modelSawPhotos: Bool
    /// The measured change since the piece's earlier photo, held against the step; nil when none was measured.
    public var change: StepChange?
    /// Which backend answered and why others were passed over.
    public var report: FallbackReport
    /// How many answers were asked for again.
    public var retries: Int
    /// Token counts and timings of the answer.
    public var usage: Usage?
    /// The repairs made to the answer before it was checked, e.g. a completion message dropped from an incomplete
    /// verdict.
    public var repairs: [String] = []
    /// The photo's measured outline against the library step's expected shape, when the step has one.
    public var shapeCheck: ShapeCheck?
    /// True when the model called the step complete but the measured outline disagreed, so it was not taken.
    public var overruledByShape = false

    /// Whether a model answered this check: not when origami found nothing to measure for a model that cannot see
    /// (see `Coach.nothingMeasured`).
    public var modelWasAsked: Bool { report.answeredBy != nil }
}
