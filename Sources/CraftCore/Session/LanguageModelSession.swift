public import CraftBackends
public import CraftSchema

/// One long-lived conversation with a model: it owns the transcript and the current mode's profile, sends one
/// request at a time, and turns answers into validated values.
///
/// Switching mode re-configures the same session in place (instructions, options, model, history transform).
/// A request whose answer breaks the schema or a domain rule is asked again with the violations appended (at
/// most `maximumRetries` times), then fails with every violation listed, unless the request's `rescue` turns the
/// last answer into a valid one (which is reported among its repairs); a request cut by the token limit is
/// sampled again (at most twice) when its sampling is random and unseeded, then fails with `truncated`. An answer
/// that starts repeating itself is cut while it streams and sampled again (at most twice, deterministic sampling
/// changed so it does not loop the same way), then fails with `repetitive`. Repairs that cannot change an answer's
/// meaning are made before it is checked (`DomainRules`), and reported.
/// The transcript is only changed by a request that succeeds.
public actor LanguageModelSession {
    /// The backends tried in order for every request.
    public let chain: FallbackChain
    /// The small, fast model of profiles that ask for one (term), if configured.
    public let smallModel: (any LanguageModel)?
    /// Command-line options that win over every profile's own.
    public let overrides: OrchestratorProfile.Overrides
    /// How many times an invalid answer is asked for again before the request fails.
    public let maximumRetries: Int
    /// The profiles per mode; resolved from the first backend's context size on first use unless given.
    public private(set) var orchestrator: OrchestratorProfile?
    /// The current mode.
    public private(set) var mode: Mode
    /// Everything said so far, each mode's instructions where it began (see `OrchestratorProfile.switching`).
    public private(set) var transcript: Transcript
    /// Token counts and timings of the last answer received.
    public private(set) var lastUsage: Usage?
    /// What the session's answers took over its life: retries, loops cut, answers at the cap, repairs.
    public internal(set) var tally = AnswerTally()
    /// How many answers were asked for again over the session's life.
    public var totalRetries: Int { tally.retries }
    /// Which backend answered the last request and why others were passed over.
    public private(set) var lastReport: FallbackReport?
    private var isResponding = false
    private var knownCapabilities: [String: Capabilities] = [:]
    private var knownBudget: ConversationBudget??
    private var hasEnteredMode = false

    /// Creates a session over a chain of backends, continuing `transcript` (e.g. restored from a project file).
    public init(
        chain: FallbackChain,
        smallModel: (any LanguageModel)? = nil,
        orchestrator: OrchestratorProfile? = nil,
        overrides: OrchestratorProfile.Overrides = .init(),
        mode: Mode = .brainstorm,
        transcript: Transcript = Transcript(),
        maximumRetries: Int = 1
    ) {
        self.chain = chain
        self.smallModel = smallModel
        self.orchestrator = orchestrator
        self.overrides = overrides
        self.mode = mode
        self.transcript = transcript
        self.maximumRetries = max(0, maximumRetries)
    }

    /// Creates a session over one backend.
    public init(
        model: any LanguageModel,
        smallModel: (any LanguageModel)? = nil,
        orchestrator: OrchestratorProfile? = nil,
        overrides: OrchestratorProfile.Overrides = .init(),
        mode: Mode = .brainstorm,
        transcript: Transcript = Transcript(),
        maximumRetries: Int = 1
    ) {
        self.init(
            chain: FallbackChain([model]), smallModel: smallModel, orchestrator: orchestrator, overrides: overrides,
            mode: mode, transcript: transcript, maximumRetries: maximumRetries
        )
    }

    /// Whether a request is running now.
    public var isBusy: Bool { isResponding }

    /// Re-configures the session for `mode`: its instructions take over from the current ones (added after the
    /// conversation, or for a small-context model put at the top with the history trimmed; see
    /// `OrchestratorProfile.switching`).
    public func switchMode(_ mode: Mode) async throws {
        guard !isResponding else { throw ModelError.concurrentRequest }
        let orchestrator = try await configured()
        guard !isResponding else { throw ModelError.concurrentRequest }
        transcript = orchestrator.switching(transcript, from: hasEnteredMode ? self.mode : nil, to: mode)
        self.mode = mode
        hasEnteredMode = true
    }

    /// Loads the model of the current mode and lets it evaluate the transcript so far, so the next request
    /// starts warm. Call it as soon as the person's intent is clear.
    public func prewarm() async throws {
        let profile = try await configured().profile(for: mode)
        for backend in chain(for: profile).backends where await backend.availability() == .available {
            let vision = (try? await capabilities(of: backend).vision) ?? false
            try await backend.prewarm(transcript.prepared(forVision: vision))
            return
        }
    }

    /// Whether the backend that answers the current mode's next request sees photos: the first available one of
    /// the mode's chain, as `respond` tries them. False when none is available or the backend cannot say.
    public func modelSeesPhotos() async -> Bool {
        guard let profile = try? await configured().profile(for: mode) else { return false }
        for backend in chain(for: profile).backends where await backend.availability() == .available {
            return (try? await capabilities(of: backend).vision) ?? false
        }
        return false
    }

    /// Asks for a `Content` answer to `prompt` and returns it once complete and valid.
    ///
    /// - Parameters:
    ///   - schema: the schema to ask for, e.g. the type's schema resolved with the session's photo labels;
    ///     the type's own schema when nil.
    ///   - temperature: this request's temperature in place of the mode's, unless the person set one (a choice
    ///     among fixed answers, such as a photo's category, wants 0 where the mode is creative).
    ///   - validate: domain rules beyond the schema; each returned string is one violation.
    ///   - rescue: what to make of an answer that still breaks a domain rule when no correction is left: a valid
    ///     value and the repair in words, or nil to fail as without it.
    ///   - onUpdate: receives cumulative partial snapshots and retry notices while the answer streams.
    public func respond<Content: Generable>(
        to prompt: Prompt,
        generating type: Content.Type = Content.self,
        schema: GenerationSchema? = nil,
        temperature: Double? = nil,
        validate: @Sendable (Content) -> [String] = { _ in [] },
        rescue: (@Sendable (Content) -> (value: Content, repair: String)?)? = nil,
        onUpdate: (@Sendable (GenerationUpdate<Content>) -> Void)? = nil
    ) async throws -> GenerationResult<Content> {
        guard !isResponding else { throw ModelError.concurrentRequest }
        isResponding = true
        defer { isResponding = false }
        var profile = try await configured().profile(for: mode)
        if let temperature, overrides.temperature == nil { profile.options.temperature = temperature }
        var plan = RequestPlan(
            prompt: prompt, schema: schema ?? Content.generationSchema, profile: profile,
            base: transcript
        )
        if let budget = await budget() { plan.base = budget.compacted(transcript, before: plan.promptSent) }
        let (outcome, report) = try await chain(for: profile).run { backend in
            try await attempt(plan, on: backend, validate: validate, rescue: rescue, onUpdate: onUpdate)
        }
        transcript = outcome.transcript
        lastReport = report
        var result = outcome.result
        result.report = report
        onUpdate?(.complete(result))
        return result
    }

    /// Streams cumulative partial snapshots of a `Content` answer to `prompt`; `collect()` gives the result.
    public nonisolated func streamResponse<Content: Generable>(
        to prompt: Prompt,
        generating type: Content.Type = Content.self,
        schema: GenerationSchema? = nil,
        validate: @escaping @Sendable (Content) -> [String] = { _ in [] }
    ) -> ResponseStream<Content> {
        let (updates, continuation) = AsyncThrowingStream<GenerationUpdate<Content>, any Error>.makeStream()
        let task = Task {
            do {
                _ = try await respond(
                    to: prompt, generating: type, schema: schema, validate: validate,
                    onUpdate: { continuation.yield($0) })
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return ResponseStream(updates: updates)
    }

    /// The orchestrator, resolving the standard one from the backends' context sizes on first use, and the
    /// transcript given the current mode's instructions when it has none.
    func configured() async throws -> OrchestratorProfile {
        let orchestrator: OrchestratorProfile
        if let resolved = self.orchestrator {
            orchestrator = resolved
        } else {
            let main = await Self.contextSize(of: chain.backends)
            if knownBudget == nil { knownBudget = .some(main.map { ConversationBudget(contextSize: $0) }) }
            orchestrator = .standard(contextSize: main, hasSmallModel: smallModel != nil, overrides: overrides)
            self.orchestrator = orchestrator
        }
        let hasInstructions = transcript.entries.first.map { if case .instructions = $0 { true } else { false } }
        if hasInstructions != true {
            transcript.entries.insert(.instructions(orchestrator.profile(for: mode).instructions), at: 0)
        }
        return orchestrator
    }

    /// The share of the context the conversation may fill (see `ConversationBudget`), from the first available
    /// backend's context size, asked once; nil when no backend reports one.
    func budget() async -> ConversationBudget? {
        if let known = knownBudget { return known }
        let budget = await Self.contextSize(of: chain.backends).map { ConversationBudget(contextSize: $0) }
        knownBudget = .some(budget)
        return budget
    }

    /// The chain a profile runs on: the small model first when the profile asks for it and one is configured.
    func chain(for profile: Profile) -> FallbackChain {
        guard profile.model == .small, let smallModel else { return chain }
        return FallbackChain([smallModel] + chain.backends)
    }

    /// A backend's capabilities, asked once per session (backends are asked by name).
    func capabilities(of backend: any LanguageModel) async throws -> Capabilities {
        if let known = knownCapabilities[backend.name] { return known }
        let capabilities = try await backend.capabilities()
        knownCapabilities[backend.name] = capabilities
        return capabilities
    }

    func record(usage: Usage?) {
        if let usage { lastUsage = usage }
    }

    /// The context size of the first available backend that reports one.
    static func contextSize(of backends: [any LanguageModel]) async -> Int? {
        for backend in backends where await backend.availability() == .available {
            if let capabilities = try? await backend.capabilities() { return capabilities.contextSize }
        }
        return nil
    }
}

