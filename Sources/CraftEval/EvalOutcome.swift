public import CraftBackends
import CraftSchema

/// What one run of a case produced: the model's answer and the facts the assertions and metrics read.
///
/// The flow runner fills it; everything here is plain data, so assertions are pure functions of it and a
/// cached outcome is as good as a fresh one.
public struct EvalOutcome: Sendable, Hashable, Codable {
    /// The final answer as JSON text (brainstorm: `{"analyses": …, "ideas": …}`), or nil when there is none.
    public var answer: String?
    /// The label each photo was sent under, keyed by the photo's path as the suite wrote it.
    public var photoLabels: [String: String]
    /// The photo analyses the model gave (brainstorm pass 1), in its order.
    public var analyses: [Analysis]?
    /// How many ideas the model offered (brainstorm pass 2).
    public var ideaCount: Int?
    /// The coach's verdict origami acted on: what moves the tutorial on (coach).
    public var stepComplete: Bool?
    /// The model's own `isCurrentStepComplete`, before origami set aside a complete verdict the model could not
    /// see to give (coach); nil in outcomes from before it was kept.
    public var modelStepComplete: Bool?
    /// False when no model was asked: the run was decided by origami's measurement alone (`--measurement-only`,
    /// `EvalMeasurementExecutor`); nil for runs that asked a model.
    public var modelAsked: Bool?
    /// What the coach's verdict rested on: whether the model saw the photo, the description sent in its place, the
    /// person's note (coach).
    public var coachEvidence: EvalCoachEvidence?
    /// Whether the answer decoded and passed every schema guide and domain rule (after retries).
    public var schemaValid: Bool
    /// True when the run ended because the model's answers failed validation after their retries (invalid), false
    /// or nil when it ended for want of an answer (a backend error or a timeout: unanswered).
    public var invalidAnswer: Bool?
    /// Wall-clock milliseconds the run took.
    public var latencyMs: Double
    /// Prompt tokens over all requests of the run, when the backend reports them.
    public var promptTokens: Int?
    /// Completion tokens over all requests of the run, when the backend reports them.
    public var completionTokens: Int?
    /// Answers the session asked for again: after a broken rule, a loop, or an answer cut at the token cap.
    public var retries: Int
    /// Answers that ran to the token cap (those asked for again included); nil in outcomes from before it was kept.
    public var cappedAnswers: Int?
    /// Answers cut while streaming because they had started repeating themselves.
    public var loopsCut: Int?
    /// The repairs made to accepted answers before they were checked, in words.
    public var repairs: [String]?
    /// The backend that answered (in a fallback chain, the one that won).
    public var backend: String?
    /// The endpoint of a pool that answered (its base URL); nil without a pool.
    public var endpoint: String?
    /// The endpoints of a pool that refused, failed or timed out on this run before another answered it, in order;
    /// each is a retry on another endpoint. Nil without a pool.
    public var failedEndpoints: [EndpointFailure]?
    /// Why the run failed before producing an answer, if it did.
    public var error: Failure?
    /// Where the tutorial of a tutorial, coach or term run came from: `library` or `model` (see `TutorialSource`).
    public var tutorialSource: String?

    /// Creates an outcome.
    public init(
        answer: String? = nil,
        photoLabels: [String: String] = [:],
        analyses: [Analysis]? = nil,
        ideaCount: Int? = nil,
        stepComplete: Bool? = nil,
        schemaValid: Bool,
        latencyMs: Double,
        promptTokens: Int? = nil,
        completionTokens: Int? = nil,
        retries: Int = 0,
        backend: String? = nil,
        error: Failure? = nil
    ) {
        self.answer = answer
        self.photoLabels = photoLabels
        self.analyses = analyses
        self.ideaCount = ideaCount
        self.stepComplete = stepComplete
        self.schemaValid = schemaValid
        self.latencyMs = latencyMs
        self.promptTokens = promptTokens
        self.completionTokens = completionTokens
        self.retries = retries
        self.backend = backend
        self.error = error
    }

    /// An outcome for a run that failed with `error` after `latencyMs`.
    public static func failed(_ error: any Error, latencyMs: Double, backend: String? = nil) -> EvalOutcome {
        var outcome = EvalOutcome(schemaValid: false, latencyMs: latencyMs, backend: backend, error: Failure(error))
        outcome.invalidAnswer = EvalAnswerState.isInvalidAnswer(error)
        return outcome
    }

    /// Whether the model's answer was valid, invalid after its retries, or never came.
    public var answerState: EvalAnswerState {
        if error == nil { return schemaValid ? .valid : .invalid }
        return invalidAnswer == true ? .invalid : .unanswered
    }

    /// Prompt plus completion tokens, when the backend reported either.
    public var totalTokens: Int? {
        guard promptTokens != nil || completionTokens != nil else { return nil }
        return (promptTokens ?? 0) + (completionTokens ?? 0)
    }

    /// One photo analysis: the label the model referred to and the category it chose.
    public struct Analysis: Sendable, Hashable, Codable {
        /// The photo label the analysis names, e.g. `Photo_3fa2c1`.
        public var label: String
        /// The category the model chose, in `ImageCategory`'s words.
        public var category: String

        /// Creates an analysis record.
        public init(label: String, category: String) {
            self.label = label
            self.category = category
        }
    }

    /// An error as a report keeps it: its message and the exit status it would have ended a command with.
    public struct Failure: Sendable, Hashable, Codable {
        /// The error's message.
        public var message: String
        /// The exit status the error maps to (see `ExitStatus`), 70 when it maps to none.
        public var exitStatus: Int32

        /// Creates a failure record.
        public init(message: String, exitStatus: Int32) {
            self.message = message
            self.exitStatus = exitStatus
        }

        /// The record of `error`.
        public init(_ error: any Error) {
            message = "\(error)"
            exitStatus = (error as? any ExitStatusProviding)?.exitStatus.rawValue ?? ExitStatus.software.rawValue
        }
    }
}
