import CraftBackends
import CraftSchema

/// Everything one request needs, fixed before the chain tries its backends.
struct RequestPlan: Sendable {
    /// New samples drawn for an answer that ran to the token cap (random, unseeded sampling only): a small model
    /// at temperature 1.0 repeats itself in a good share of its answers, and each sample is independent.
    static let maximumResamples = 2
    /// New samples drawn after answers cut because they started repeating themselves; one more loop is an error.
    static let maximumLoopResamples = 2
    /// When a streaming answer counts as a loop.
    static let loopRule = RepetitionDetector.Rule.standard

    var prompt: Prompt
    var schema: GenerationSchema
    var profile: Profile
    var base: Transcript

    var format: ResponseFormat { schema.responseFormat }
    var digest: String { SHA256.hex(of: Array(format.plainJSONSchema.utf8)) }

    /// The prompt as sent and kept: until the transcript holds an answer that followed this schema, the schema's
    /// prompt description ends it. Keeping it in the transcript means every later request renders this turn with
    /// the same text, so a server's prompt cache still matches it.
    var promptSent: Prompt {
        guard !base.hasAnswer(followingSchemaDigest: digest) else { return prompt }
        return Prompt(prompt.segments + [.text(format.promptDescription)])
    }
}

/// One backend's successful answer to a plan, and the transcript to keep.
struct AttemptOutcome<Content: Generable>: Sendable {
    var result: GenerationResult<Content>
    var transcript: Transcript
}

extension LanguageModelSession {
    /// Runs a plan on one backend: streams (cutting and re-sampling answers that loop), repairs, decodes, validates
    /// and retries.
    func attempt<Content: Generable>(
        _ plan: RequestPlan,
        on backend: any LanguageModel,
        validate: @Sendable (Content) -> [String],
        rescue: (@Sendable (Content) -> (value: Content, repair: String)?)? = nil,
        onUpdate: (@Sendable (GenerationUpdate<Content>) -> Void)?
    ) async throws -> AttemptOutcome<Content> {
        let capabilities = try await capabilities(of: backend)
        var options = plan.profile.options
        if !capabilities.reasoning { options.reasoning = nil }
        let digest = plan.digest
        var request = GenerationRequest(responseFormat: plan.format, options: options)

        var kept = plan.base
        kept.entries.append(.prompt(plan.promptSent))
        var working = kept
        var (retries, corrections, resamples, loops) = (0, 0, 0, 0)
        while true {
            let answer = try await stream(
                backend, working.prepared(forVision: capabilities.vision), request, Content.self, onUpdate
            )
            record(usage: answer.usage)
            if let loop = answer.loop {
                // A loop only grows until the cap: ask again, changing deterministic sampling so it does not
                // fall into the same loop (`GenerationOptions.resampled(afterLoops:)`).
                loops += 1
                tally.loopsCut += 1
                guard loops <= RequestPlan.maximumLoopResamples else {
                    throw ModelError.repetitive(phrase: loop.description, attempts: loops)
                }
                retries += 1
                tally.retries += 1
                request.options = options.resampled(afterLoops: loops)
                onUpdate?(.retrying(violations: ["the answer started repeating itself (\(loop)); asking again"]))
                continue
            }
            switch answer.finish {
            case .length:
                // An answer that ran to the cap is usually a small model repeating itself; unseeded random
                // sampling is asked once more (the same request, a new sample), anything else fails at once.
                tally.cappedAnswers += 1
                guard case .random(seed: nil)? = options.sampling, resamples < RequestPlan.maximumResamples else {
                    throw ModelError.truncated(maximumTokens: options.maximumResponseTokens)
                }
                resamples += 1
                retries += 1
                tally.retries += 1
                let cap = options.maximumResponseTokens.map { " (\($0) tokens)" } ?? ""
                onUpdate?(.retrying(violations: ["the answer was cut off at the token limit\(cap); asking again"]))
                continue
            case .contentFilter:
                throw ModelError.refusal(backend: backend.name, message: "a content filter stopped the answer")
            case nil:
                throw ModelError.serverError(
                    backend: backend.name, status: nil,
                    message: "the answer ended without a finish reason; the connection may have dropped")
            default: break
            }
            let response = Response(
                text: answer.text, schemaName: plan.format.name, schemaDigest: digest, tokens: answer.tokens)
            var violations: [String]
            switch Self.decode(answer.content, as: Content.self, schema: plan.schema) {
            case .success(var decoded):
                violations = Self.violations(of: decoded.value, validate: validate)
                // No correction left: the flow's rescue may still make a valid answer of this one.
                if !violations.isEmpty, corrections >= maximumRetries, let rescued = rescue?(decoded.value),
                   Self.violations(of: rescued.value, validate: validate).isEmpty {
                    (decoded.value, decoded.content) = (rescued.value, rescued.value.generatedContent)
                    decoded.repairs.append(rescued.repair)
                    violations = []
                }
                if violations.isEmpty {
                    kept.entries.append(.response(response))
                    tally.repairs += decoded.repairs
                    var result = GenerationResult(
                        content: decoded.value, rawContent: decoded.content, text: answer.text, usage: answer.usage,
                        retries: retries, report: FallbackReport(answeredBy: backend.name),
                        modelSawPhotos: !kept.hasPhotos || (capabilities.vision && Self.allPhotosHaveData(kept)),
                        repairs: decoded.repairs, loopsCut: loops
                    )
                    let photos = plan.prompt.attachments
                    result.modelSawNewPhotos = photos.isEmpty
                        || (capabilities.vision && photos.allSatisfy { $0.data != nil })
                    return AttemptOutcome(result: result, transcript: kept)
                }
            case .failure(let error):
                violations = error.violations.map(\.description)
            }
            guard corrections < maximumRetries else { throw ModelError.invalidOutput(violations: violations) }
            corrections += 1
            retries += 1
            tally.retries += 1
            onUpdate?(.retrying(violations: violations))
            working.entries.append(.response(response))
            working.entries.append(.prompt(Prompt([.text(Self.retryRequest(violations))])))
        }
    }

    /// The prompt asking again after an invalid answer: the violations, one per line.
    static func retryRequest(_ violations: [String]) -> String {
        "Your answer is not valid:\n" + violations.map { "- \($0)" }.joined(separator: "\n")
            + "\nAnswer the same request again, fixing these problems."
    }

    static func allPhotosHaveData(_ transcript: Transcript) -> Bool {
        transcript.entries.allSatisfy { entry in
            if case .prompt(let prompt) = entry { prompt.attachments.allSatisfy { $0.data != nil } } else { true }
        }
    }
}
