public import Foundation

/// Everything needed to talk to one Ollama server: where it is, which model, and how patient to be.
public struct OllamaConfiguration: Sendable {
    /// Ollama's own default address.
    public static let defaultBaseURL = URL(string: "http://127.0.0.1:11434")!

    /// The server's base URL.
    public var baseURL: URL
    /// Whether the model sees, when the person said so; nil asks `/api/show`.
    public var vision: Bool?
    /// Where `vision` was set, for `origami doctor`.
    public var visionSource: String
    /// The model name as Ollama knows it, e.g. `qwen2.5vl:3b`.
    public var model: String
    /// How long Ollama keeps the model loaded after a request (`keep_alive`, e.g. `5m`); nil leaves its default.
    public var keepAlive: String?
    /// The context window to ask for (`num_ctx`); nil leaves the model's default.
    public var contextSize: Int?
    /// Seconds without a byte before a request fails.
    public var idleTimeout: Double
    /// Seconds for a whole answer.
    public var totalTimeout: Double
    /// Whether plain `http://` to another machine is allowed (`--allow-insecure-http`).
    public var allowInsecureHTTP: Bool
    /// The largest response accepted, in bytes.
    public var maximumResponseBytes: Int
    /// Seconds to keep retrying while the server answers 503 while loading; 0 reports `loading` at once.
    public var loadingWait: Double
    /// The backend's name in messages.
    public var name: String
    /// Receives one line per request and retry (for `--verbose`).
    public var log: (@Sendable (String) -> Void)?

    /// Creates a configuration.
    public init(
        baseURL: URL = OllamaConfiguration.defaultBaseURL,
        model: String,
        keepAlive: String? = nil,
        contextSize: Int? = nil,
        idleTimeout: Double = 120,
        totalTimeout: Double = 600,
        allowInsecureHTTP: Bool = false,
        maximumResponseBytes: Int = 16 * 1_048_576,
        loadingWait: Double = 60,
        vision: Bool? = nil,
        visionSource: String = "the vision setting",
        name: String = "ollama",
        log: (@Sendable (String) -> Void)? = nil
    ) {
        self.vision = vision
        self.visionSource = visionSource
        self.baseURL = baseURL
        self.model = model
        self.keepAlive = keepAlive
        self.contextSize = contextSize
        self.idleTimeout = idleTimeout
        self.totalTimeout = totalTimeout
        self.allowInsecureHTTP = allowInsecureHTTP
        self.maximumResponseBytes = maximumResponseBytes
        self.loadingWait = loadingWait
        self.name = name
        self.log = log
    }

    /// The base URL a command should use: `--base-url` when given, else `OLLAMA_HOST`, else the default.
    ///
    /// `OLLAMA_HOST` may omit the scheme and the port (`0.0.0.0`, `myhost:8080`, `https://ollama.example`), as
    /// Ollama's own client allows; `0.0.0.0` (listen everywhere) means this machine.
    public static func baseURL(flag: String?, environment: [String: String]) -> URL? {
        if let flag, !flag.isEmpty { return URL(string: flag) }
        guard var host = environment["OLLAMA_HOST"]?.trimmingCharacters(in: .whitespaces), !host.isEmpty else {
            return defaultBaseURL
        }
        var scheme = "http"
        if let range = host.range(of: "://") {
            scheme = String(host[..<range.lowerBound]).lowercased()
            host = String(host[range.upperBound...])
        }
        var path = ""
        if let slash = host.firstIndex(of: "/") {
            path = String(host[slash...])
            host = String(host[..<slash])
        }
        let hasPort = host.hasPrefix("[") ? host.contains("]:") : host.contains(":")
        if !hasPort { host += scheme == "https" ? ":443" : ":11434" }
        if host.hasPrefix("0.0.0.0:") { host = "127.0.0.1" + host.dropFirst("0.0.0.0".count) }
        while path.hasSuffix("/") { path.removeLast() }
        return URL(string: "\(scheme)://\(host)\(path)")
    }

    /// The endpoint the client sends through.
    var endpoint: HTTPEndpoint {
        HTTPEndpoint(
            backend: name,
            baseURL: baseURL,
            headers: [:],
            limits: HTTPLimits(idleTimeout: idleTimeout, totalTimeout: totalTimeout,
                               maximumResponseBytes: maximumResponseBytes),
            allowInsecureHTTP: allowInsecureHTTP,
            loadingWait: loadingWait,
            classifier: ServerErrorClassifier(backend: name, model: model,
                                              missingModelRemedy: "run `ollama pull \(model)`", redactor: Redactor()),
            log: log)
    }
}
