public import Foundation

/// Everything needed to talk to one OpenAI-compatible server: where it is, which model, which key, and how
/// patient to be.
///
/// The API key is handed in by the caller, who reads it from `OPENAI_API_KEY` or `ORIGAMI_API_KEY`; it is never a
/// command-line value and never written anywhere.
public struct OpenAIConfiguration: Sendable {
    /// Which server speaks on the other end; it decides the schema dialect and the extras sent and read.
    public enum Flavor: String, Sendable, Hashable, CaseIterable {
        /// OpenAI itself: strict JSON-schema dialect, `max_completion_tokens`, `reasoning_effort`.
        case openAI
        /// llama.cpp's llama-server: plain schema, `cache_prompt`, `timings`, `/props` and `/health`.
        case llamaServer
        /// Any other compatible server (vLLM, LM Studio): plain schema, standard fields only.
        case generic
    }

    /// The server's base URL, e.g. `http://127.0.0.1:8080` or `https://api.openai.com/v1`.
    public var baseURL: URL
    /// The model name sent in every request.
    public var model: String
    /// The bearer token, or nil for servers without authentication.
    public var apiKey: String?
    /// Which server this is.
    public var flavor: Flavor
    /// Seconds without a byte before a request fails.
    public var idleTimeout: Double
    /// Seconds for a whole answer.
    public var totalTimeout: Double
    /// Whether plain `http://` to another machine is allowed (`--allow-insecure-http`).
    public var allowInsecureHTTP: Bool
    /// The largest response accepted, in bytes.
    public var maximumResponseBytes: Int
    /// Seconds to keep retrying while the server answers 503 "Loading model"; 0 reports `loading` at once.
    public var loadingWait: Double
    /// Whether the model accepts images, when the server cannot tell (OpenAI, vLLM); nil means ask or assume not.
    public var vision: Bool?
    /// Where `vision` was set, for `origami doctor`.
    public var visionSource: String
    /// The backend's name in messages (`openai`; the on-box engine passes `engine`).
    public var name: String
    /// Receives one line per request and retry, secrets already redacted (for `--verbose`).
    public var log: (@Sendable (String) -> Void)?

    /// Creates a configuration.
    public init(
        baseURL: URL,
        model: String,
        apiKey: String? = nil,
        flavor: Flavor = .generic,
        idleTimeout: Double = 120,
        totalTimeout: Double = 600,
        allowInsecureHTTP: Bool = false,
        maximumResponseBytes: Int = 16 * 1_048_576,
        loadingWait: Double = 60,
        vision: Bool? = nil,
        visionSource: String = "the vision setting",
        name: String = "openai",
        log: (@Sendable (String) -> Void)? = nil
    ) {
        self.baseURL = baseURL
        self.model = model
        self.apiKey = apiKey
        self.flavor = flavor
        self.idleTimeout = idleTimeout
        self.totalTimeout = totalTimeout
        self.allowInsecureHTTP = allowInsecureHTTP
        self.maximumResponseBytes = maximumResponseBytes
        self.loadingWait = loadingWait
        self.vision = vision
        self.visionSource = visionSource
        self.name = name
        self.log = log
    }

    /// The API key from the environment: `ORIGAMI_API_KEY` first, then `OPENAI_API_KEY`; nil when neither is set.
    public static func apiKey(from environment: [String: String]) -> String? {
        for name in ["ORIGAMI_API_KEY", "OPENAI_API_KEY"] {
            if let value = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty {
                return value
            }
        }
        return nil
    }

    /// The redactor for this configuration's key.
    var redactor: Redactor { Redactor(apiKey: apiKey) }

    /// The endpoint the client sends through; `/v1` is stripped from the base URL because paths carry it.
    var endpoint: HTTPEndpoint {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        if base.hasSuffix("/v1") { base.removeLast(3) }
        let remedy = flavor == .llamaServer
            ? "start llama-server with this model (-m FILE)"
            : "check the model name against the server's /v1/models list"
        return HTTPEndpoint(
            backend: name,
            baseURL: URL(string: base) ?? baseURL,
            headers: apiKey.map { ["Authorization": "Bearer \($0)"] } ?? [:],
            limits: HTTPLimits(idleTimeout: idleTimeout, totalTimeout: totalTimeout,
                               maximumResponseBytes: maximumResponseBytes),
            allowInsecureHTTP: allowInsecureHTTP,
            loadingWait: loadingWait,
            classifier: ServerErrorClassifier(backend: name, model: model, missingModelRemedy: remedy,
                                              redactor: redactor),
            log: log)
    }
}
