public import CraftBackends

/// Maps each `Mode` to its `Profile`, and re-configures a transcript in place when the session switches mode.
///
/// A pure value: the session holds one and asks it what to send; tests check it without any backend.
public struct OrchestratorProfile: Sendable, Hashable, Codable {
    /// Context windows of this many tokens or fewer get a history transform by default.
    public static let smallContextLimit = 8192
    /// How many transcript entries a small-context model keeps by default.
    public static let defaultKeptEntries = 4
    /// The longest answer a brainstorm, tutorial or coach request may have by default: well above the longest
    /// answer the default model gave in the recorded flows (616 tokens), so only a model repeating itself reaches it.
    public static let defaultMaximumResponseTokens = 1500
    /// The longest answer a term request may have by default (a list of terms or one short explanation).
    public static let defaultMaximumTermTokens = 600

    /// The brainstorm profile: creative, temperature 1.0.
    public var brainstorm: Profile
    /// The tutorial profile, also used by the coach: focused, low temperature, reasoning when supported.
    public var tutorial: Profile
    /// The term profile: greedy extraction on the small model when one is configured.
    public var term: Profile

    /// Creates an orchestrator from its three profiles.
    public init(brainstorm: Profile, tutorial: Profile, term: Profile) {
        self.brainstorm = brainstorm
        self.tutorial = tutorial
        self.term = term
    }

    /// The profile of a mode; the coach reuses the tutorial profile, with its own repetition penalties
    /// (`Repetition.coach`).
    public func profile(for mode: Mode) -> Profile {
        switch mode {
        case .brainstorm: brainstorm
        case .tutorial: tutorial
        case .coach: Self.coach(from: tutorial)
        case .term: term
        }
    }

    /// The coach's profile: the tutorial's instructions, model and options, with DRY allowing the longer repeats of
    /// `Repetition.coach` where the tutorial's are DRY's (an override's are kept).
    static func coach(from tutorial: Profile) -> Profile {
        var coach = tutorial
        if coach.options.repetition == Repetition.tutorial { coach.options.repetition = Repetition.coach }
        return coach
    }

    /// The standard profiles (brainstorm at temperature 1.0, tutorial and coach focused, term on the small model)
    /// for models with the given context sizes, with the repetition penalties of `Repetition`.
    ///
    /// Without a small model (`hasSmallModel` false) the term mode runs on the main model. A main model whose
    /// context is at most `smallContextLimit` tokens keeps only the last `defaultKeptEntries` entries on a mode
    /// switch. A small model is sent only the current mode's part (`CurrentModeLanguageModel`), so its own context
    /// never trims the conversation, which would lose the primary model's prompt cache.
    public static func standard(
        contextSize: Int?,
        hasSmallModel: Bool = false,
        overrides: Overrides = .init()
    ) -> OrchestratorProfile {
        let main = transform(forContextSize: contextSize)
        let brainstorm = Profile(
            instructions: CraftInstructions.brainstorm,
            options: GenerationOptions(
                temperature: 1.0, sampling: .random(seed: nil), maximumResponseTokens: defaultMaximumResponseTokens,
                repetition: Repetition.brainstorm),
            historyTransform: main
        )
        let tutorial = Profile(
            instructions: CraftInstructions.tutorial,
            options: GenerationOptions(
                temperature: 0.2, sampling: .random(seed: nil), maximumResponseTokens: defaultMaximumResponseTokens,
                reasoning: .medium, repetition: Repetition.tutorial),
            historyTransform: main
        )
        let term = Profile(
            instructions: CraftInstructions.term,
            options: GenerationOptions(
                temperature: 0, sampling: .greedy, maximumResponseTokens: defaultMaximumTermTokens,
                repetition: Repetition.term),
            model: hasSmallModel ? .small : .primary,
            historyTransform: main
        )
        return OrchestratorProfile(
            brainstorm: overrides.apply(to: brainstorm),
            tutorial: overrides.apply(to: tutorial),
            term: overrides.apply(to: term)
        )
    }

    /// The default history transform for a context size: keep the last few entries when it is small.
    public static func transform(forContextSize contextSize: Int?) -> HistoryTransform {
        guard let contextSize, contextSize <= smallContextLimit else { return .keepAll }
        return .keepLast(defaultKeptEntries)
    }

    /// The transcript re-configured for `mode`, when the session enters a different mode or its first one
    /// (`previous` nil, as a session restored from a project file in a new process does).
    ///
    /// A model that keeps every entry (`keepAll`) keeps the conversation exactly as it was read, and the new mode's
    /// instructions are added after it (replacing instructions nothing was said under yet), where they take over:
    /// replacing the instructions at the top would change the first tokens of every later prompt, and a server's
    /// prompt cache would then hold none of it. For a small-context model the mode's instructions replace all
    /// others at the top and its history transform trims the rest, which keeps the transcript bounded however many
    /// `origami coach` runs continue it.
    public func switching(_ transcript: Transcript, from previous: Mode?, to mode: Mode) -> Transcript {
        let profile = profile(for: mode)
        let current = transcript.currentInstructions
        guard current != profile.instructions || previous != mode else { return transcript }
        if profile.historyTransform == .keepAll {
            guard current != profile.instructions else { return transcript }
            // Instructions that nothing was said under yet give way instead of staying.
            var entries = transcript.entries
            while case .instructions = entries.last { entries.removeLast() }
            return Transcript(entries: entries + [.instructions(profile.instructions)])
        }
        let history = transcript.entries.filter { if case .instructions = $0 { false } else { true } }
        let trimmed = profile.historyTransform.apply(to: Transcript(entries: history))
        return Transcript(entries: [.instructions(profile.instructions)] + trimmed.entries)
    }

    /// Options the person set on the command line, which win over every profile's own.
    public struct Overrides: Sendable, Hashable, Codable {
        /// Replaces every profile's temperature.
        public var temperature: Double?
        /// Makes random sampling reproducible.
        public var seed: UInt64?
        /// Replaces every profile's response length limit.
        public var maximumResponseTokens: Int?

        /// Creates overrides; nil leaves the profile's value.
        public init(temperature: Double? = nil, seed: UInt64? = nil, maximumResponseTokens: Int? = nil) {
            self.temperature = temperature
            self.seed = seed
            self.maximumResponseTokens = maximumResponseTokens
        }

        /// The profile with these overrides applied.
        public func apply(to profile: Profile) -> Profile {
            var profile = profile
            if let temperature { profile.options.temperature = temperature }
            if let seed, case .random = profile.options.sampling { profile.options.sampling = .random(seed: seed) }
            if let maximumResponseTokens { profile.options.maximumResponseTokens = maximumResponseTokens }
            return profile
        }
    }
}
