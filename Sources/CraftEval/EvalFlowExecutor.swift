public import CraftBackends
public import CraftCore
public import CraftImages
import CraftSchema
public import Foundation

/// Runs eval cases through origami's own flows (Brainstorm, TutorialWriter, Coach, TermGlossary), each run on a
/// fresh `LanguageModelSession` over the given backends, so nothing leaks from one case to the next.
///
/// Any `LanguageModel` works: one backend, a fallback chain (several), a recorder wrapping a live backend, or the
/// replay backend serving a cassette.
public struct EvalFlowExecutor: EvalExecutor {
    /// Turns a photo file into a prompt attachment (label, model-ready bytes, description).
    public typealias PhotoLoader = @Sendable (URL) throws -> Attachment
    /// Measures the change of the piece from an earlier photo (nil: an unfolded sheet) to a later one.
    public typealias ChangeMeter = @Sendable (_ earlier: URL?, _ later: URL) -> PhotoChange?

    /// The backends, in fallback order.
    public let backends: [any LanguageModel]
    /// The small, fast model for term mode, when one is configured.
    public let smallModel: (any LanguageModel)?
    /// Temperature, seed and token-limit overrides applied to every profile.
    public let overrides: OrchestratorProfile.Overrides
    /// What answers; the prompt version covers origami's instructions, prompts, schemas and the overrides.
    public let identity: EvalIdentity
    private let loadPhoto: PhotoLoader

    /// Reads a photo with origami's photo pipeline: upright, resized, re-encoded, described.
    public static let standardPhotoLoader: PhotoLoader = { try Photo.load(contentsOf: $0).attachment() }

    /// Measures the change as `origami coach` does: each photo read with origami's pipeline, the largest piece of
    /// each compared; nil when either cannot be read.
    public static let standardChangeMeter: ChangeMeter = { earlier, later in
        guard let after = try? Photo.load(contentsOf: later).analysis.scene else { return nil }
        guard let earlier else { return PhotoChange(before: nil, after: after) }
        guard let before = try? Photo.load(contentsOf: earlier).analysis.scene else { return nil }
        return PhotoChange(before: before, after: after)
    }

    private let measureChange: ChangeMeter

    /// Creates an executor over `backends` (at least one); `model` names the model for reports and the cache.
    public init(
        backends: [any LanguageModel], smallModel: (any LanguageModel)? = nil, model: String? = nil,
        overrides: OrchestratorProfile.Overrides = .init(), loadPhoto: @escaping PhotoLoader = standardPhotoLoader,
        measureChange: @escaping ChangeMeter = standardChangeMeter
    ) {
        precondition(!backends.isEmpty, "an eval needs at least one backend")
        self.backends = backends
        self.smallModel = smallModel
        self.overrides = overrides
        self.loadPhoto = loadPhoto
        self.measureChange = measureChange
        identity = EvalIdentity(
            backend: FallbackChain(backends).name, model: model, promptVersion: EvalPromptVersion.current(overrides: overrides)
        )
    }

    /// The executor `origami eval` uses: the configured backend chain, term's own small model when it has one (see
    /// `ModeModels`), and the configuration's temperature, seed and token limit over each mode's own. When term has
    /// a model of its own, both models are named in the identity (even when the configuration names none), so
    /// cached answers of other models are not taken for theirs.
    public static func live(configuration: Configuration) throws -> EvalFlowExecutor {
        let factory = BackendFactory(configuration: configuration)
        let overrides = OrchestratorProfile.Overrides(
            temperature: configuration.temperature.value, seed: configuration.seed.value,
            maximumResponseTokens: configuration.maxTokens.value)
        let modes = factory.modeModels()
        return EvalFlowExecutor(
            backends: try factory.chain().backends, smallModel: try factory.smallModel(),
            model: modes.summary ?? configuration.model.value, overrides: overrides)
    }

    /// Throws when none of the backends can answer, in the words the fallback chain would use: the one backend's
    /// `ModelError.unavailable`, or `FallbackError.exhausted` listing each backend's reason.
    public func preflight() async throws {
        var skipped: [FallbackReport.Skip] = []
        for backend in backends {
            switch await backend.availability() {
            case .available: return
            case .unavailable(let reason): skipped.append(.init(backend: backend.name, kind: .unavailable, detail: reason))
            }
        }
        if let only = skipped.first, skipped.count == 1 {
            throw ModelError.unavailable(backend: only.backend, reason: only.detail)
        }
        throw FallbackError.exhausted(skipped, exitStatus: .unavailable)
    }

    /// The pool among the backends, when one was given several servers.
    private var pool: EndpointPool? {
        backends.lazy.compactMap { $0 as? EndpointPool }.first
    }

    /// The pool's endpoints with their slots (asked of each server that says), or none without a pool.
    public func poolEndpoints() async -> [ResolvedEndpoint] {
        await pool?.resolvedEndpoints() ?? []
    }

    /// The photo as the model is sent it: the file's digest, the model-ready bytes' digest and the description that
    /// stands in for sight, so a change to how photos are described or resized misses the cache.
    public func photoFingerprint(_ photo: EvalPhoto) -> String {
        guard let attachment = try? loadPhoto(photo.url) else { return EvalCache.digest(of: photo) }
        let bytes = attachment.data.map { SHA256.hex(of: Array($0)) } ?? "no image"
        let material = [attachment.sha256, bytes, attachment.description ?? "no description"]
        return SHA256.hex(of: Array(material.joined(separator: "\u{0}").utf8))
    }

    /// Runs `evalCase` once on a new session and records what it produced; a flow error becomes the outcome's
    /// error, never a thrown one, so the tokens and retries spent before it are kept.
    public func run(_ evalCase: EvalCase) async throws -> EvalOutcome {
        try await run(evalCase, on: backends).outcome
    }

    /// Runs `evalCase` with the pool's endpoint `endpoint` in the pool's place; when that endpoint refused, failed or
    /// timed out, throws `PoolError.endpointFailed` naming it, so the runner asks another.
    public func run(_ evalCase: EvalCase, endpoint: Int) async throws -> EvalOutcome {
        guard let pool, pool.members.indices.contains(endpoint) else { return try await run(evalCase) }
        let member = pool.members[endpoint]
        let (outcome, error) = try await run(evalCase, on: backends.map { $0 is EndpointPool ? member : $0 })
        if let error, PoolPolicy.isEndpointFault(error) {
            throw PoolError.endpointFailed(
                backend: pool.name, url: pool.endpoints[endpoint].url,
                reason: Availability.reason(error, of: pool.name),
                exitStatus: FallbackPolicy.exitStatus(of: error))
        }
        return outcome
    }

    /// Runs the case on a new session over `backends`; the outcome, and the flow's error when it failed.
    private func run(_ evalCase: EvalCase, on backends: [any LanguageModel]) async throws
        -> (outcome: EvalOutcome, error: (any Error)?)
    {
        let meter = MeteredLanguageModel.Meter()
        let session = LanguageModelSession(
            chain: FallbackChain(backends.map { MeteredLanguageModel(wrapped: $0, meter: meter) }),
            smallModel: smallModel.map { MeteredLanguageModel(wrapped: $0, meter: meter) },
            overrides: overrides
        )
        let clock = ContinuousClock()
        let start = clock.now
        var outcome: EvalOutcome
        var failure: (any Error)?
        do {
            outcome = try await answer(evalCase, on: session)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            outcome = .failed(error, latencyMs: 0)
            failure = error
        }
        outcome.latencyMs = EvalRunner.milliseconds(start.duration(to: clock.now))
        (outcome.promptTokens, outcome.completionTokens) = meter.tokens
        let tally = await session.tally
        outcome.retries = tally.retries
        outcome.cappedAnswers = tally.cappedAnswers
        outcome.loopsCut = tally.loopsCut
        outcome.repairs = tally.repairs
        outcome.backend = await session.lastReport?.answeredBy ?? outcome.backend
        return (outcome, failure)
    }

    /// Runs the case's flow and fills the outcome from its result.
    private func answer(_ evalCase: EvalCase, on session: LanguageModelSession) async throws -> EvalOutcome {
        let inputs = evalCase.inputs
        // Decoding, describing and classifying photos is CPU work that waits on its own threads: off the pool.
        let attachments = try await BlockingCall.run { [loadPhoto] in try inputs.photos.map { try loadPhoto($0.url) } }
        var labels: [String: String] = [:]
        for (photo, attachment) in zip(inputs.photos, attachments) {
            labels[photo.path] = attachment.label
        }
        var outcome = EvalOutcome(photoLabels: labels, schemaValid: true, latencyMs: 0)
        switch evalCase.mode {
        case .brainstorm:
            let result = try await Brainstorm(session: session).run(photos: attachments, hint: inputs.hint)
            outcome.answer = GeneratedContent.object([
                .init("analyses", .array(result.analyses.map(\.generatedContent))),
                .init("ideas", .array(result.ideas.map(\.generatedContent))),
            ]).jsonString
            outcome.analyses = result.analyses.map { .init(label: $0.image.label, category: $0.typeOfImage.rawValue) }
            outcome.ideaCount = result.ideas.count
        case .tutorial:
            guard let idea = inputs.idea else { throw EvalError.missingKey(file: evalCase.name, path: "inputs.idea") }
            outcome.tutorialSource = TutorialSource.of(idea)
            if let tutorial = try TutorialSource.libraryTutorial(for: idea) {
                outcome.answer = tutorial.generatedContent.jsonString
                return outcome
            }
            let result = try await TutorialWriter(session: session).write(idea: idea, hint: inputs.hint)
            outcome.answer = result.content.generatedContent.jsonString
        case .coach:
            guard let tutorial = inputs.tutorial, let step = inputs.step else {
                throw EvalError.missingKey(file: evalCase.name, path: "inputs.tutorial and inputs.step")
            }
            outcome.tutorialSource = TutorialSource.of(tutorial)
            let (shape, change) = try await BlockingCall.run { [measureChange] in
                (try TutorialSource.shapeCheck(tutorial, step: step, photo: inputs.photos.first?.url),
                 inputs.photos.first.flatMap { measureChange(inputs.earlierPhoto?.url, $0.url) })
            }
            let result = try await Coach(session: session).check(
                tutorial: tutorial, step: step, photos: attachments, note: inputs.hint, shape: shape, change: change,
                retake: inputs.earlierPhotoIsRetake, opens: try TutorialSource.opens(tutorial, step: step))
            outcome.answer = result.feedback.generatedContent.jsonString
            outcome.stepComplete = result.isStepComplete
            // The model's own verdict, before origami set a blind "complete" aside or acted on its measurement.
            outcome.modelStepComplete = result.modelSaidComplete
            outcome.coachEvidence = EvalCoachEvidence(
                sawPhoto: result.modelSawPhotos, basis: result.evidence.rawValue,
                descriptions: attachments.map { $0.description ?? "" }, note: inputs.hint,
                change: result.change?.words, shape: shape?.verdict.rawValue,
                decidedByMeasurement: result.decidedByMeasurement ? true : nil)
        case .term:
            guard let tutorial = inputs.tutorial else { throw EvalError.missingKey(file: evalCase.name, path: "inputs.tutorial") }
            let glossary = TermGlossary(session: session)
            let terms = try await glossary.extractTerms(from: tutorial).content.terms
            var members: [GeneratedContent.Member] = [.init("terms", .array(terms.map { .string($0) }))]
            if let term = inputs.term ?? terms.first {
                let explanation = try await glossary.explain(term: term, in: tutorial)
                members.append(.init("explanation", explanation.content.generatedContent))
            }
            outcome.answer = GeneratedContent.object(members).jsonString
        }
        return outcome
    }
}
