public import Foundation

/// Turns a server's error — an HTTP status with its error document, or an error line inside a stream — into the
/// one taxonomy every backend shares.
///
/// Servers word errors differently (Ollama `{"error": "text"}`, OpenAI and llama-server
/// `{"error": {"message", "type", "code"}}`); the classifier reads all of these shapes.
public struct ServerErrorClassifier: Sendable {
    /// The backend's name, for messages.
    public var backend: String
    /// The model asked for, for `modelNotFound`.
    public var model: String
    /// What to do when the model is missing, e.g. "run `ollama pull qwen2.5`".
    public var missingModelRemedy: String
    /// Removes secrets from every message.
    public var redactor: Redactor

    /// Creates a classifier.
    public init(backend: String, model: String, missingModelRemedy: String, redactor: Redactor) {
        self.backend = backend
        self.model = model
        self.missingModelRemedy = missingModelRemedy
        self.redactor = redactor
    }

    /// The error a server's error document means.
    ///
    /// - Parameters:
    ///   - status: the HTTP status, or nil for an error that arrived inside a 200 stream.
    ///   - body: the error document (JSON in any of the known shapes, or plain text).
    ///   - headers: response headers with lower-cased names (for rate-limit reset times).
    ///   - now: the current time.
    public func error(status: Int?, body: Data, headers: [String: String] = [:], now: Date = Date()) -> ModelError {
        let document = ErrorDocument(body)
        let message = redactor.redact(document.message)
        let words = (message + " " + (document.type ?? "") + " " + (document.code ?? "")).lowercased()
        let status = status ?? document.status

        if status == 401 || status == 403 || words.contains("invalid_api_key") || words.contains("authentication") {
            return .unauthorized(backend: backend, message: message)
        }
        if status == 429 || words.contains("rate_limit") || words.contains("rate limit") {
            return .rateLimited(backend: backend, retryAfterSeconds: RateLimitHeaders.retryAfterSeconds(headers, now: now))
        }
        if words.contains("loading model") || words.contains("model is loading") || words.contains("still loading") {
            return .loading(backend: backend)
        }
        if words.contains("busy") && status == 503 {
            return .rateLimited(backend: backend, retryAfterSeconds: RateLimitHeaders.retryAfterSeconds(headers, now: now))
        }
        if Self.isContextError(words) {
            return .contextExceeded(backend: backend, detail: message)
        }
        if words.contains("model_not_found") || (status == 404 && words.contains("model"))
            || (words.contains("model") && words.contains("not found")) {
            return .modelNotFound(backend: backend, model: model, remedy: missingModelRemedy)
        }
        if words.contains("content_filter") || words.contains("content management policy") {
            return .refusal(backend: backend, message: message)
        }
        return .serverError(backend: backend, status: status, message: message.isEmpty ? "no message" : message)
    }

    private static func isContextError(_ words: String) -> Bool {
        words.contains("context_length_exceeded") || words.contains("exceed_context_size")
            || (words.contains("context") && ["exceed", "too long", "maximum context", "context length",
                                              "context size", "context window"].contains { words.contains($0) })
    }
}

/// The message, type and code of an error document, whatever its shape.
struct ErrorDocument {
    var message: String
    var type: String?
    var code: String?
    var status: Int?

    init(_ body: Data) {
        let object = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
        if let root = object as? [String: Any] {
            if let error = root["error"] as? [String: Any] {
                message = Self.text(error["message"]) ?? Self.text(error["error"]) ?? ""
                type = Self.text(error["type"])
                code = Self.text(error["code"])
                status = error["code"] as? Int
            } else {
                message = Self.text(root["error"]) ?? Self.text(root["message"]) ?? Self.text(root["detail"]) ?? ""
                type = Self.text(root["type"])
                code = Self.text(root["code"])
            }
        } else {
            let text = String(decoding: body.prefix(2048), as: UTF8.self)
            message = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if message.count > 500 { message = String(message.prefix(500)) + "…" }
    }

    /// Whether a JSON object has a top-level `error` key.
    static func isError(_ bytes: Data) -> Bool {
        guard bytes.first == UInt8(ascii: "{"), let text = String(data: bytes, encoding: .utf8), text.contains("\"error\"")
        else { return false }
        let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any]
        return object?["error"] != nil
    }

    private static func text(_ value: Any?) -> String? {
        switch value {
        case let string as String: string
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }
}
