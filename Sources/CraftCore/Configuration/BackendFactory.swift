public import CraftBackends
import Foundation

/// Makes the backends the configuration names, so commands and `origami doctor` never build one themselves.
///
/// With `--record FILE` every backend is wrapped so its exchanges are appended to that cassette.
public struct BackendFactory: Sendable {
    /// The model Ollama is asked for when none is configured: a small vision-language model.
    public static let defaultOllamaModel = "qwen2.5vl:3b"
    /// The model an OpenAI-compatible server is asked for when none is configured.
    public static let defaultOpenAIModel = "gpt-4o-mini"

    /// The configuration the backends are made from.
    public var configuration: Configuration
    /// Receives one line per request and retry, for `--verbose`.
    public var log: (@Sendable (String) -> Void)?
    /// Receives the engine's start progress (launching, loading, ready).
    public var progress: @Sendable (EngineProgress) -> Void
    /// The world the engine runs in (its directories); tests give it a home of its own.
    public var engineEnvironment: EngineEnvironment

    /// Creates a factory.
    public init(
        configuration: Configuration,
        log: (@Sendable (String) -> Void)? = nil,
        progress: @escaping @Sendable (EngineProgress) -> Void = { _ in },
        engineEnvironment: EngineEnvironment = .live
    ) {
        self.configuration = configuration
        self.log = log
        self.progress = progress
        self.engineEnvironment = engineEnvironment
    }

    /// The manager of one of the engine's servers, with the model, projector, server and idle time the
    /// configuration names: flags and environment as explicit paths, the configuration file as configured ones.
    ///
    /// The primary server runs `model` (and `mmproj`); the small one runs `smallModel`, else the small model
    /// `scripts/setup` installs. Which of them a mode uses is `modeModels()`'s decision.
    public func engineManager(role: EngineRole = .primary) -> EngineManager {
        var explicit = EnginePaths()
        var configured = EnginePaths()
        func place(_ setting: Setting<String?>, _ path: WritableKeyPath<EnginePaths, LocatedFile?>) {
            guard let value = setting.value else { return }
            let located = LocatedFile(path: value, source: setting.source.description)
            if case .file = setting.source { configured[keyPath: path] = located } else { explicit[keyPath: path] = located }
        }
        switch role {
        case .primary:
            if let own = configuration.backendOverrides[.engine]?.model {
                explicit.model = LocatedFile(path: own, source: configuration.backends.source.description)
            } else if modelSetting(for: .engine).value != nil {
                place(configuration.model, \.model)
            }
            place(configuration.mmproj, \.mmproj)
        case .small:
            place(configuration.smallModel, \.model)
        }
        place(configuration.llamaServer, \.server)
        return EngineManager(
            configuration: EngineConfiguration(
                role: role, explicit: explicit, configured: configured,
                idleTimeout: configuration.engineIdleTimeout.value),
            environment: engineEnvironment)
    }

    /// The managers of the engine's servers this configuration uses: the primary's, and the small model's when
    /// term runs on an engine model of its own.
    public func engineManagers() -> [EngineManager] {
        let modes = modeModels()
        let small = modes.termHasOwnModel && modes.term.backend == .engine
        return [engineManager(role: .primary)] + (small ? [engineManager(role: .small)] : [])
    }

    /// Which backend and model each mode runs on, and where that came from (see `ModeModels`).
    public func modeModels() -> ModeModels {
        // The modes run on the chain's first backend, with the model that backend is given.
        var shown = configuration
        shown.model = modelSetting(for: configuration.backends.value.first ?? .engine)
        return ModeModels.resolve(shown) { role in
            let manager = engineManager(role: role)
            let named = manager.namedModel()
            return (named?.path ?? EngineSetup.modelPath(engineEnvironment, role: role), named?.source)
        }
    }

    /// Term's own model, when it has one (see `ModeModels`): the session's small model, tried before the chain.
    ///
    /// On the engine it is the small model's server. On every backend it reads only what was said since term's
    /// instructions (see `CurrentModeLanguageModel`); with `--record` its exchanges are recorded as the session
    /// sent them, so a replay without a small model finds them.
    public func smallModel() throws -> (any LanguageModel)? {
        let modes = modeModels()
        guard modes.termHasOwnModel else { return nil }
        let backend = CurrentModeLanguageModel(
            wrapping: try makeUnrecorded(modes.term.backend, model: modes.term.model, role: .small))
        guard let record = configuration.record.value else { return backend }
        return RecordingLanguageModel(
            wrapping: backend, cassette: Cassette(url: URL(fileURLWithPath: record)),
            model: configuration.smallModel.value)
    }

    /// The backend of one kind, configured; throws `ModelError.unavailable` when it cannot be made.
    public func make(_ kind: BackendKind) throws -> any LanguageModel {
        let setting = modelSetting(for: kind)
        let model = setting.value
        if kind == .engine, let model, !BackendOverride.fits(model, .engine),
            !FileManager.default.fileExists(atPath: model)
        {
            throw ConfigurationError.engineNeedsModelFile(source: setting.source, model: model)
        }
        let backend = try makeUnrecorded(kind, model: model, role: .primary)
        guard let record = configuration.record.value, kind != .replay else { return backend }
        return RecordingLanguageModel(
            wrapping: backend, cassette: Cassette(url: URL(fileURLWithPath: record)), model: model)
    }

    /// The model `kind` is asked for: its own from the chain (`ollama:NAME`), else the shared `model` when that fits
    /// the kind (a GGUF file the engine, a name the servers) or no other backend of the chain takes it; nil for the
    /// backend's default. So a name meant for Ollama never sends the engine looking for a file of that name.
    public func modelSetting(for kind: BackendKind) -> Setting<String?> {
        if let own = configuration.backendOverrides[kind]?.model {
            return Setting(own, from: configuration.backends.source)
        }
        guard let shared = configuration.model.value else { return configuration.model }
        let takers = configuration.backends.value.filter { BackendOverride.fits(shared, $0) }
        guard BackendOverride.fits(shared, kind) || takers.isEmpty else { return Setting(nil, from: .builtIn) }
        return configuration.model
    }

    /// The servers of `kind`: its own from the chain (`openai:MODEL@URL`), else the shared setting; more than one
    /// makes a pool.
    private func endpoints(for kind: BackendKind, _ shared: Setting<[PoolEndpoint]>) throws -> [PoolEndpoint] {
        guard let own = configuration.backendOverrides[kind]?.baseURL else { return shared.value }
        let kind = ValueKind<[PoolEndpoint]>.endpoints(defaultPort: kind == .ollama ? 11434 : nil)
        guard let endpoints = kind.parse(own) else {
            throw ConfigurationError.invalidValue(
                source: configuration.backends.source, value: own, expected: kind.expected)
        }
        return endpoints
    }

    /// The pool of `kind` when it is given several servers, without recording; nil for one server or another kind.
    public func endpointPool(_ kind: BackendKind) throws -> EndpointPool? {
        try makeUnrecorded(kind, model: modelSetting(for: kind).value, role: .primary) as? EndpointPool
    }

    /// The chosen backends in order, as a fallback chain; backends that cannot be made are left out, and when
    /// none can be, the first one's error is thrown.
    public func chain() throws -> FallbackChain {
        var backends: [any LanguageModel] = []
        var firstError: (any Error)?
        for kind in configuration.backends.value {
            do {
                backends.append(try make(kind))
            } catch {
                firstError = firstError ?? error
            }
        }
        guard !backends.isEmpty else {
            throw firstError ?? ModelError.unavailable(backend: "origami", reason: "no backend is configured")
        }
        return FallbackChain(backends)
    }

    /// One backend of `kind`: `model` names the model of ollama and openai; the engine runs `role`'s server.
    private func makeUnrecorded(_ kind: BackendKind, model: String?, role: EngineRole) throws -> any LanguageModel {
        let timeout = configuration.timeout.value
        let total = max(600, timeout)
        switch kind {
        case .engine:
            var engine = EngineLanguageModel(
                manager: engineManager(role: role), idleTimeout: timeout, totalTimeout: total, progress: progress,
                log: log)
            // The small model (term) reads text only, whatever the primary model's vision.
            if role == .primary {
                engine.vision = configuration.vision.value
                engine.visionSource = configuration.vision.visionSource ?? engine.visionSource
            }
            return engine
        case .ollama:
            return try pooled(.ollama, endpoints(for: .ollama, configuration.ollamaEndpoints)) { base in
                OllamaLanguageModel(configuration: OllamaConfiguration(
                    baseURL: base, model: model ?? Self.defaultOllamaModel, idleTimeout: timeout,
                    totalTimeout: total, allowInsecureHTTP: configuration.allowInsecureHTTP.value,
                    vision: configuration.vision.value, visionSource: configuration.vision.visionSource ?? "",
                    log: log))
            }
        case .openai:
            return try pooled(.openai, endpoints(for: .openai, configuration.openAIEndpoints)) { base in
                OpenAILanguageModel(configuration: OpenAIConfiguration(
                    baseURL: base, model: model ?? Self.defaultOpenAIModel,
                    apiKey: configuration.apiKey.value?.value,
                    flavor: base.host?.hasSuffix("openai.com") == true ? .openAI : .generic,
                    idleTimeout: timeout, totalTimeout: total,
                    allowInsecureHTTP: configuration.allowInsecureHTTP.value,
                    vision: configuration.vision.value, visionSource: configuration.vision.visionSource ?? "",
                    log: log))
            }
        case .replay:
            guard let cassette = configuration.cassette.value else {
                throw ConfigurationError.replayWithoutCassette(source: configuration.backends.source)
            }
            return ReplayLanguageModel(cassette: Cassette(url: URL(fileURLWithPath: cassette)))
        }
    }

    /// One backend for one server, or a pool of them for several.
    private func pooled(
        _ kind: BackendKind, _ endpoints: [PoolEndpoint], make: (URL) -> any LanguageModel
    ) throws -> any LanguageModel {
        var members: [any LanguageModel] = []
        for endpoint in endpoints {
            guard let url = URL(string: endpoint.url) else {
                throw ConfigurationError.invalidValue(
                    source: configuration.backends.source, value: endpoint.url, expected: "an http:// or https:// URL")
            }
            members.append(make(url))
        }
        guard members.count > 1 else { return members[0] }
        return EndpointPool(name: kind.rawValue, endpoints: endpoints, members: members)
    }
}
