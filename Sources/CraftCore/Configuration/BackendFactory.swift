public import Foundation

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

    /// Creates a factory.
    public init(
        configuration: Configuration,
        log: (@Sendable (String) -> Void)? = nil,
        progress: @escaping @Sendable (EngineProgress) -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.log = log
        self.progress = progress
    }

    /// The engine's manager, with the model, projector, server and idle time the configuration names: flags and
    /// environment as explicit paths, the configuration file as configured ones.
    public func engineManager() -> EngineManager {
        var explicit = EnginePaths()
        var configured = EnginePaths()
        func place(_ setting: Setting<String?>, _ path: WritableKeyPath<EnginePaths, LocatedFile?>) {
            guard let value = setting.value else { return }
            let located = LocatedFile(path: value, source: setting.source.description)
            if case .file = setting.source { configured[keyPath: path] = located } else { explicit[keyPath: path] = located }
        }
        place(configuration.model, \.model)
        place(configuration.mmproj, \.mmproj)
        place(configuration.llamaServer, \.server)
        return EngineManager(configuration: EngineConfiguration(
            explicit: explicit, configured: configured, idleTimeout: configuration.engineIdleTimeout.value))
    }

    /// The backend of one kind, configured; throws `ModelError.unavailable` when it cannot be made.
    public func make(_ kind: BackendKind) throws -> any LanguageModel {
        let backend = try makeUnrecorded(kind)
        guard let record = configuration.record.value, kind != .replay else { return backend }
        return RecordingLanguageModel(
            wrapping: backend, cassette: Cassette(url: URL(fileURLWithPath: record)), model: configuration.model.value)
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

    private func makeUnrecorded(_ kind: BackendKind) throws -> any LanguageModel {
        let timeout = configuration.timeout.value
        let total = max(600, timeout)
        switch kind {
        case .engine:
            return EngineLanguageModel(
                manager: engineManager(), idleTimeout: timeout, totalTimeout: total, progress: progress, log: log)
        case .ollama:
            return OllamaLanguageModel(configuration: OllamaConfiguration(
                baseURL: try url(configuration.ollamaURL),
                model: configuration.model.value ?? Self.defaultOllamaModel, idleTimeout: timeout,
                totalTimeout: total, allowInsecureHTTP: configuration.allowInsecureHTTP.value, log: log))
        case .openai:
            let base = try url(configuration.openAIURL)
            return OpenAILanguageModel(configuration: OpenAIConfiguration(
                baseURL: base, model: configuration.model.value ?? Self.defaultOpenAIModel,
                apiKey: configuration.apiKey.value?.value,
                flavor: base.host?.hasSuffix("openai.com") == true ? .openAI : .generic,
                idleTimeout: timeout, totalTimeout: total, allowInsecureHTTP: configuration.allowInsecureHTTP.value,
                log: log))
        case .replay:
            guard let cassette = configuration.cassette.value else {
                throw ConfigurationError.replayWithoutCassette(source: configuration.backends.source)
            }
            return ReplayLanguageModel(cassette: Cassette(url: URL(fileURLWithPath: cassette)))
        }
    }

    private func url(_ setting: Setting<String>) throws -> URL {
        guard let url = URL(string: setting.value) else {
            throw ConfigurationError.invalidValue(
                source: setting.source, value: setting.value, expected: "an http:// or https:// URL")
        }
        return url
    }
}

/// One backend's state, as `origami doctor` reports it.
public struct BackendReport: Sendable {
    /// Which backend.
    public var kind: BackendKind
    /// Whether the backend setting names it.
    public var chosen: Bool
    /// Whether it can answer, and why not.
    public var availability: Availability
    /// What its model can do, when it is available and says (the engine says only while it runs).
    public var capabilities: Capabilities?
    /// The engine's own checks: installed, model verified, processor, port, last start.
    public var checks: [EngineCheck] = []

    /// Whether it can answer now.
    public var isAvailable: Bool { availability == .available }

    /// Checks every backend (the chosen ones first, in their order), one at a time.
    public static func check(_ configuration: Configuration) async -> [BackendReport] {
        let chosen = configuration.backends.value
        let order = chosen + BackendKind.allCases.filter { !chosen.contains($0) }
        let factory = BackendFactory(configuration: configuration)
        var reports: [BackendReport] = []
        for kind in order {
            var report = BackendReport(
                kind: kind, chosen: chosen.contains(kind), availability: .available, capabilities: nil)
            do {
                let backend = try factory.make(kind)
                report.availability = await backend.availability()
                var running = true
                if kind == .engine {
                    let manager = factory.engineManager()
                    report.checks = await manager.diagnose()
                    if case .stopped = try await manager.status() { running = false }
                }
                if report.isAvailable, running { report.capabilities = try? await backend.capabilities() }
            } catch {
                // The report shows the backend's name in its own column.
                report.availability = .unavailable(because: error, of: kind.rawValue)
            }
            reports.append(report)
        }
        return reports
    }

    /// No backend the configuration chose can answer; `origami doctor` ends with this (exit 69).
    public struct NoneAvailable: Error, ExitStatusProviding, CustomStringConvertible {
        /// The chosen backends.
        public var chosen: [BackendKind]

        /// Creates the error for the chosen backends.
        public init(chosen: [BackendKind]) {
            self.chosen = chosen
        }

        /// Always "unavailable".
        public var exitStatus: ExitStatus { .unavailable }
        public var description: String {
            let names = chosen.map(\.rawValue).joined(separator: ", ")
            return "none of the chosen backends (\(names)) is available; see the reasons above, or choose another"
                + " with --backend"
        }
    }
}
