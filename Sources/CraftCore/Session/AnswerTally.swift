import CraftBackends

/// What it took to get a session's answers: asked again, loops cut, answers at the token cap, repairs made.
///
/// The session adds to it over its life, whatever the request's outcome; an eval run reads it to report retries,
/// loops and repairs beside the answers.
public struct AnswerTally: Sendable, Hashable, Codable {
    /// Answers asked for again: after a broken rule, a loop, or an answer cut at the token cap.
    public var retries = 0
    /// Answers cut while streaming because they had started repeating themselves.
    public var loopsCut = 0
    /// Answers that ran to the token cap.
    public var cappedAnswers = 0
    /// The repairs made to accepted answers, in words (see `AnswerRepair`).
    public var repairs: [String] = []

    /// An empty tally.
    public init() {}
}

extension GenerationOptions {
    /// The options for the `attempt`-th new sample after answers that looped.
    ///
    /// Unseeded random sampling is asked as it was: each sample is new. Deterministic sampling would loop the same
    /// way again, so it changes deterministically: stronger repetition penalties (`RepetitionPenalties.strengthened`)
    /// and, for a seeded request, the seed moved on by `attempt`.
    func resampled(afterLoops attempt: Int) -> GenerationOptions {
        var options = self
        switch sampling {
        case .random(seed: nil)?:
            return options
        case nil:
            // The server's own sampling: random unless the temperature says greedy.
            guard temperature == 0 else { return options }
        case .random(let seed?)?:
            options.sampling = .random(seed: seed &+ UInt64(attempt))
        case .greedy?:
            break
        }
        options.repetition = (repetition ?? RepetitionPenalties()).strengthened(by: attempt)
        return options
    }
}
