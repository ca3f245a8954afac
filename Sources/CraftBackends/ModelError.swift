public import CraftSchema

/// Every way asking a model can fail, shared by all backends and the session.
///
/// Each case says what happened and to what; `description` adds what to do; `exitStatus` maps it to origami's
/// exit codes (`ExitStatus`).
public enum ModelError: Error, Sendable, Hashable {
    // MARK: Reaching the backend

    /// Nothing answers at the backend's address.
    case unreachable(backend: String, url: String, detail: String)
    /// The backend answers but does not have the model.
    case modelNotFound(backend: String, model: String, remedy: String)
    /// The backend cannot be used at all; `reason` says why and what to do.
    case unavailable(backend: String, reason: String)
    /// The model is still loading (HTTP 503 "Loading model").
    case loading(backend: String)
    /// The server refused the credentials (HTTP 401/403); the message is already redacted.
    case unauthorized(backend: String, message: String)
    /// The base URL is plain `http://` to a host that is not this machine, and insecure HTTP was not allowed.
    case insecureConnection(backend: String, url: String)

    // MARK: Limits

    /// The backend refuses more requests for now; `retryAfterSeconds` when it said when to come back.
    case rateLimited(backend: String, retryAfterSeconds: Double?)
    /// The transcript does not fit the model's context window.
    case contextExceeded(backend: String, detail: String)
    /// No answer arrived in time; `idle` when the stream went quiet rather than the total time running out.
    case timeout(backend: String, seconds: Double, idle: Bool)
    /// The answer reached the maximum number of response tokens and is cut short.
    case truncated(maximumTokens: Int?)
    /// The response body grew past the size origami accepts.
    case responseTooLarge(backend: String, limitBytes: Int)
    /// The connection ended before the answer was complete (the server died or cut the stream).
    case interrupted(backend: String, detail: String)

    // MARK: The answer

    /// The model or a guardrail refused to answer.
    case refusal(backend: String, message: String)
    /// The answer is not what was asked for (not JSON, or JSON that breaks the schema or a domain rule).
    case invalidOutput(violations: [String])
    /// Every answer started repeating itself and was cut; `phrase` says how the last one looped.
    case repetitive(phrase: String, attempts: Int)
    /// The server reported an error of its own.
    case serverError(backend: String, status: Int?, message: String)

    // MARK: The session

    /// A second request was made while one is still running on the same session.
    case concurrentRequest
}

extension ModelError: ExitStatusProviding {
    /// The exit status for this error (see `ExitStatus`).
    public var exitStatus: ExitStatus {
        switch self {
        case .unreachable, .modelNotFound, .unavailable: .unavailable
        case .unauthorized, .insecureConnection: .configuration
        case .loading, .rateLimited, .timeout, .interrupted: .temporaryFailure
        case .contextExceeded, .truncated, .refusal, .invalidOutput, .repetitive: .dataError
        case .serverError, .responseTooLarge: .unavailable
        case .concurrentRequest: .software
        }
    }
}

/// An error whose description starts with the name of the backend it is about (`ollama: …`).
///
/// `reason` is the same words without the name, for places that show the name themselves: `origami doctor`'s
/// backend column, an availability reason, the fallback chain's list of skipped backends.
public protocol BackendFailure: Error, CustomStringConvertible {
    /// The backend's name, nil when the error is about no one backend.
    var backend: String? { get }
    /// What happened and what to do, without the backend's name.
    var reason: String { get }
}

extension BackendFailure {
    /// What happened, to what, and what to do: the backend's name, then the reason (`ollama: nothing answers …`).
    /// The one place an error's words get the backend's name.
    public var description: String {
        backend.map { "\($0): \(reason)" } ?? reason
    }
}

extension ModelError: BackendFailure {
    /// The backend the error is about; nil for the session's own errors (truncated, invalid output, concurrent).
    public var backend: String? {
        switch self {
        case .unreachable(let backend, _, _), .modelNotFound(let backend, _, _), .unavailable(let backend, _),
            .loading(let backend), .unauthorized(let backend, _), .insecureConnection(let backend, _),
            .rateLimited(let backend, _), .contextExceeded(let backend, _), .timeout(let backend, _, _),
            .responseTooLarge(let backend, _), .interrupted(let backend, _), .refusal(let backend, _),
            .serverError(let backend, _, _):
            backend
        case .truncated, .invalidOutput, .repetitive, .concurrentRequest:
            nil
        }
    }

    /// What happened and what to do, without the backend's name.
    public var reason: String {
        switch self {
        case .unreachable(_, let url, let detail):
            "nothing answers at \(url) (\(detail)); start the server or pass --base-url"
        case .modelNotFound(_, let model, let remedy):
            "model \(model) is not available; \(remedy)"
        case .unavailable(_, let reason):
            "\(reason)"
        case .loading:
            "the model is still loading; try again in a few seconds"
        case .unauthorized(_, let message):
            "the server refused the API key (\(message)); set OPENAI_API_KEY or ORIGAMI_API_KEY"
        case .insecureConnection(_, let url):
            "refusing plain http:// to \(url), which is not this machine; use https:// or pass --allow-insecure-http"
        case .rateLimited(_, let seconds):
            "rate limited; try again \(Self.relative(seconds))"
        case .contextExceeded(_, let detail):
            "the conversation no longer fits the model's context (\(detail)); start a new project or use a model with a larger context"
        case .timeout(_, let seconds, let idle):
            idle
                ? "no data for \(Self.format(seconds)) s; the server stalled (raise --timeout if the model is slow)"
                : "no complete answer within \(Self.format(seconds)) s (raise --timeout if the model is slow)"
        case .truncated(let maximum):
            "the answer was cut off at the token limit\(maximum.map { " (\($0) tokens)" } ?? ""); raise --max-tokens"
        case .responseTooLarge(_, let limit):
            "the response is larger than \(limit / 1_048_576) MB; the server misbehaves or the answer runs away"
        case .interrupted(_, let detail):
            "the connection ended before the answer was complete (\(detail)); try again"
        case .refusal(_, let message):
            "the model refused to answer: \(message)"
        case .invalidOutput(let violations):
            "the model's answer is not valid:\n" + violations.map { "  - \($0)" }.joined(separator: "\n")
        case .repetitive(let phrase, let attempts):
            "the model kept repeating itself: \(attempts) answers were cut when they started looping (the last: "
                + "\(phrase)); try again, or use a larger model (--model)"
        case .serverError(_, let status, let message):
            "server error\(status.map { " \($0)" } ?? ""): \(message)"
        case .concurrentRequest:
            "the session is already answering a request; wait for it to finish"
        }
    }

    /// "in 4 minutes", "in 30 seconds", or "later" when the server gave no time.
    static func relative(_ seconds: Double?) -> String {
        guard let seconds, seconds > 0 else { return "later" }
        if seconds < 90 { return "in \(Int(seconds.rounded(.up))) seconds" }
        if seconds < 90 * 60 { return "in \(Int((seconds / 60).rounded())) minutes" }
        return "in \(Int((seconds / 3600).rounded())) hours"
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
