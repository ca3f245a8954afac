import CraftBackends

/// What a coach run's verdict rested on, kept beside the verdict so a report shows why it was given or set aside.
public struct EvalCoachEvidence: Sendable, Hashable, Codable {
    /// Whether the model saw the progress photos itself (a vision model), rather than origami's descriptions.
    public var sawPhoto: Bool
    /// What origami treated as the evidence: `photo`, `note` or `description` (see `CoachEvidence`).
    public var basis: String
    /// The description of each photo as it was sent in the prompt, in the case's order.
    public var descriptions: [String]
    /// The person's note sent with the photos, if any.
    public var note: String?
    /// The measured change since the earlier photo, as the model was told it; nil when none was measured.
    public var change: String?
    /// On a library step with a shape, what the shape check said of the photo's outline: `agrees`, `disagrees` or
    /// `unmeasured`; nil for other steps.
    public var shape: String?
    /// True when a model that could not see called the step not complete and origami's measurement (the change and
    /// the agreeing outline) made it complete; nil when it did not.
    public var decidedByMeasurement: Bool?

    /// Creates a record.
    public init(
        sawPhoto: Bool, basis: String, descriptions: [String], note: String? = nil, change: String? = nil,
        shape: String? = nil, decidedByMeasurement: Bool? = nil
    ) {
        self.sawPhoto = sawPhoto
        self.basis = basis
        self.descriptions = descriptions
        self.note = note
        self.change = change
        self.shape = shape
        self.decidedByMeasurement = decidedByMeasurement
    }

    /// The record in one line for reports: `saw the photo` or `read the description: "…"`, the measured change and
    /// shape, what the verdict rests on, and the note.
    public var summary: String {
        let seen = sawPhoto ? "saw the photo" : "read the description: \"" + descriptions.joined(separator: " | ") + "\""
        return seen + (change.map { " · measured change: \"\($0)\"" } ?? "")
            + (shape.map { " · shape check: \($0)" } ?? "") + " · verdict rests on the \(basis)"
            + (decidedByMeasurement == true ? " · done on origami's measurement" : "")
            + (note.map { " · note: \"\($0)\"" } ?? "")
    }
}

/// Whether a run's answer was valid, invalid after its retries, or never came; `schemaValid` is the first of these.
public enum EvalAnswerState: String, Sendable, Hashable, Codable {
    /// The answer decoded and passed every schema guide and domain rule.
    case valid
    /// The model answered, but no answer passed validation within the retries.
    case invalid
    /// No answer came: the backend failed, was unavailable, or the run timed out.
    case unanswered

    /// Whether `error` means the model's answers were refused by validation (rather than never given): an answer
    /// that broke the schema or a rule after its retries, repeated itself, ran to the cap or refused.
    public static func isInvalidAnswer(_ error: any Error) -> Bool {
        switch error {
        case let error as ModelError:
            if case .contextExceeded = error { return false }
            return error.exitStatus == .dataError
        case let error as FallbackError:
            return error.exitStatus == .dataError
        default:
            return false
        }
    }
}
