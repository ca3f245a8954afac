import Foundation

/// The on-box engine as a backend: the OpenAI-compatible client (`.llamaServer` flavor) plus lifecycle.
///
/// Every call first makes sure the managed `llama-server` runs (reusing a warm one, starting one otherwise, with
/// progress reported through `progress`), then hands the request to `OpenAILanguageModel` pointed at it. While an
/// answer streams, the server is marked used so the watchdog does not stop it mid-answer. If the server dies
/// during a request, the error says so; the next call finds the dead pid and starts a fresh server.
public struct EngineLanguageModel: LanguageModel {
    /// The lifecycle manager this backend runs its server through.
    public let manager: EngineManager
    /// Seconds without a byte before a request fails.
    public var idleTimeout: Double
    /// Seconds a whole answer may take.
    public var totalTimeout: Double
    /// Receives start progress (launching, loading, ready); the CLI shows it on a terminal.
    public var progress: @Sendable (EngineProgress) -> Void
    /// Receives one line per HTTP request and retry (for `--verbose`).
    public var log: (@Sendable (String) -> Void)?
    /// The person's `--vision` setting: false makes a server with a projector be sent descriptions instead of
    /// photos; true needs a projector (without one the backend is unavailable and says why); nil asks the server.
    public var vision: Bool?
    /// Where `vision` was set, for `origami doctor` and the refusal.
    public var visionSource = "the vision setting"

    /// Creates the backend; nothing starts until the first request.
    public init(
        manager: EngineManager,
        idleTimeout: Double = 300,
        totalTimeout: Double = 900,
        progress: @escaping @Sendable (EngineProgress) -> Void = { _ in },
        log: (@Sendable (String) -> Void)? = nil
    ) {
        self.manager = manager
        self.idleTimeout = idleTimeout
        self.totalTimeout = totalTimeout
        self.progress = progress
        self.log = log
    }

    /// `engine`.
    public var name: String { "engine" }

    /// Installed, model verified, processor suitable, port free, and a projector when vision is required; does not
    /// start the server.
    public func availability() async -> Availability {
        if vision == true, (try? await manager.installation())?.mmproj == nil {
            return .unavailable(reason: Self.visionWithoutProjector(visionSource))
        }
        return await manager.availability()
    }

    /// Why the engine cannot honour vision set to yes: it sees only through a projector.
    static func visionWithoutProjector(_ source: String) -> String {
        "\(source) says the model sees, but the engine sees only through a vision model's projector and none is "
            + "named; pass --mmproj FILE (ORIGAMI_MMPROJ) with one, or set vision to auto or no"
    }

    /// What the loaded model can do, from the server's `/props`: vision only when a projector is loaded.
    ///
    /// Asking does not start a server: with none running, the answer is what it would be started with (the
    /// configured context, vision when a projector is named). A session asks every model it may use when it
    /// begins, and the small model's server should start only when a term request needs it.
    public func capabilities() async throws -> Capabilities {
        var capabilities = try await measuredCapabilities()
        switch vision {
        case false?:
            capabilities.vision = false
            capabilities.visionSource = "off by \(visionSource)"
        case true?:
            guard capabilities.vision else {
                throw ModelError.unavailable(backend: name, reason: Self.visionWithoutProjector(visionSource))
            }
        case nil:
            break
        }
        return capabilities
    }

    /// What the server (or the configuration, before it starts) says the model can do.
    private func measuredCapabilities() async throws -> Capabilities {
        guard await manager.warmRecord() != nil else {
            let installation = try await manager.installation()
            return Capabilities(
                vision: installation.mmproj != nil, nativeJSONSchema: true, tools: true,
                contextSize: manager.configuration.contextSize,
                visionSource: installation.mmproj != nil ? "a projector is named" : Self.noProjector)
        }
        let (record, client) = try await running()
        var capabilities = try await guarded(record) { try await client.capabilities() }
        capabilities.visionSource = record.mmproj != nil ? "projector loaded, /props" : Self.noProjector
        return capabilities
    }

    /// Where a blind engine's vision comes from, for `origami doctor`.
    static let noProjector = "no projector; --mmproj FILE adds one"

    /// Streams the answer from the managed server: through `/completion` with earlier answers as their token ids
    /// when the request needs no tools and no photo bytes (see `EngineCompletion`), else through the chat API.
    public func stream(_ transcript: Transcript, request: GenerationRequest)
        -> AsyncThrowingStream<ModelEvent, any Error>
    {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let (record, client) = try await running()
                    try await manager.keepingInUse {
                        try await guarded(record) {
                            let events = EngineCompletion.applies(to: transcript, request: request)
                                ? complete(transcript, request: request, client: client)
                                : chat(transcript, request: request, client: client)
                            for try await event in events { continuation.yield(event) }
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Starts the server if needed and evaluates the transcript so the next request reuses its prompt cache.
    public func prewarm(_ transcript: Transcript) async throws {
        let (record, client) = try await running()
        try await manager.keepingInUse { try await guarded(record) { try await client.prewarm(transcript) } }
    }

    /// Streams an answer from `/completion`: the transcript rendered by the server's chat template, earlier answers
    /// of this model spliced in as token ids.
    private func complete(_ transcript: Transcript, request: GenerationRequest, client: OpenAILanguageModel)
        -> AsyncThrowingStream<ModelEvent, any Error>
    {
        let configuration = client.configuration
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let endpoint = configuration.endpoint
                    let completion = EngineCompletion(model: configuration.model)
                    let (sent, rendered) = try await render(transcript, request: request, endpoint: endpoint,
                                                            model: configuration.model)
                    let body = completion.body(
                        prompt: completion.prompt(rendered: rendered, transcript: sent), request: request)
                    let response = try await endpoint.open("/completion", body: body, accepting: ["text/event-stream"])
                    try await response.relayEvents(
                        through: EngineCompletionDecoder(classifier: endpoint.classifier, model: configuration.model),
                        backend: name, into: continuation)
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The transcript rendered by the server's chat template, and the transcript that was rendered: a refused one
    /// is rendered again as `retryable` says (some templates refuse the system message a mode switch adds).
    private func render(_ transcript: Transcript, request: GenerationRequest, endpoint: HTTPEndpoint, model: String)
        async throws -> (Transcript, String)
    {
        func rendering(_ transcript: Transcript) async throws -> String {
            let body = EngineCompletion.templateBody(for: transcript, request: request, model: model)
            return try await endpoint.decode(RenderedPrompt.self, from: "/apply-template", body: body).prompt
        }
        do {
            return (transcript, try await rendering(transcript))
        } catch {
            guard let collapsed = Self.retryable(transcript, after: error) else { throw error }
            return (collapsed, try await rendering(collapsed))
        }
    }

    /// The transcript to ask again with after `error`, or nil: a server error for a transcript with instructions
    /// after its first entry may be a chat template that refuses a later system message, so it is asked again with
    /// only the current instructions, at the top.
    private static func retryable(_ transcript: Transcript, after error: any Error) -> Transcript? {
        guard case ModelError.serverError = error else { return nil }
        let collapsed = transcript.withCurrentInstructionsFirst()
        return collapsed == transcript ? nil : collapsed
    }

    /// Streams an answer from the chat API; a request the server refuses before answering is asked again as
    /// `retryable` says.
    private func chat(_ transcript: Transcript, request: GenerationRequest, client: OpenAILanguageModel)
        -> AsyncThrowingStream<ModelEvent, any Error>
    {
        AsyncThrowingStream { continuation in
            let task = Task {
                var answered = false
                do {
                    do {
                        for try await event in client.stream(transcript, request: request) {
                            answered = true
                            continuation.yield(event)
                        }
                    } catch {
                        guard !answered, let collapsed = Self.retryable(transcript, after: error) else { throw error }
                        for try await event in client.stream(collapsed, request: request) {
                            continuation.yield(event)
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The body `/apply-template` answers with.
    private struct RenderedPrompt: Decodable {
        var prompt: String
    }

    /// The running server and a client pointed at it.
    private func running() async throws -> (EngineRecord, OpenAILanguageModel) {
        let record = try await manager.start(progress: progress)
        let configuration = OpenAIConfiguration(
            baseURL: record.baseURL,
            model: (record.model as NSString).lastPathComponent,
            flavor: .llamaServer,
            idleTimeout: idleTimeout,
            totalTimeout: totalTimeout,
            name: name,
            log: log
        )
        return (record, OpenAILanguageModel(configuration: configuration))
    }

    /// Runs `body`; when it fails because the server is gone, says so instead of reporting a lost connection.
    private func guarded<T>(_ record: EngineRecord, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as ModelError {
            switch error {
            case .interrupted, .unreachable, .timeout:
                guard !(await manager.isRunning(record)) else { throw error }
                throw ModelError.interrupted(
                    backend: name,
                    detail: "llama-server (pid \(record.pid), port \(record.port)) stopped during the request; "
                        + "the next request starts it again; its log is \(record.log)")
            default:
                throw error
            }
        }
    }
}
