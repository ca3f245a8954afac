public import CraftSchema

/// A pool of endpoints could not answer.
public enum PoolError: Error, Sendable, Hashable {
    // MARK: Answering

    /// Every endpoint of the pool refused, failed or timed out; each failure names its URL.
    case noEndpointAnswered(backend: String, failures: [EndpointFailure], exitStatus: ExitStatus)
    /// One endpoint refused, failed or timed out on a request another endpoint may answer (the eval runner sends the
    /// run elsewhere).
    case endpointFailed(backend: String, url: String, reason: String, exitStatus: ExitStatus)
}

/// One endpoint that failed a request, as reports and messages keep it.
public struct EndpointFailure: Sendable, Hashable, Codable {
    /// The endpoint's base URL.
    public var url: String
    /// What went wrong, in words.
    public var reason: String

    /// Creates a failure record.
    public init(url: String, reason: String) {
        self.url = url
        self.reason = reason
    }
}

/// Decides, from an error alone, whether it is the endpoint's fault (so another endpoint may answer) or the
/// request's (which every endpoint would fail the same way).
public enum PoolPolicy {
    /// True for an endpoint that refuses, fails, is overloaded or times out; false for cancellation, a context
    /// that does not fit, a refusal and answers that break the rules.
    public static func isEndpointFault(_ error: any Error) -> Bool {
        guard let error = error as? ModelError else { return false }
        switch error {
        case .unreachable, .modelNotFound, .unavailable, .loading, .rateLimited, .timeout, .serverError,
            .interrupted, .responseTooLarge:
            return true
        case .unauthorized, .insecureConnection, .contextExceeded, .truncated, .refusal, .invalidOutput,
            .repetitive, .concurrentRequest:
            return false
        }
    }
}

extension PoolError: ExitStatusProviding {
    /// The exit status of the last endpoint's failure.
    public var exitStatus: ExitStatus {
        switch self {
        case .noEndpointAnswered(_, _, let status), .endpointFailed(_, _, _, let status): status
        }
    }
}

extension PoolError: BackendFailure {
    /// The pool's backend.
    public var backend: String? {
        switch self {
        case .noEndpointAnswered(let backend, _, _), .endpointFailed(let backend, _, _, _): backend
        }
    }

    /// What happened and what to do, without the backend's name.
    public var reason: String {
        switch self {
        case .noEndpointAnswered(_, let failures, _):
            "no endpoint of the pool answered; start one, or remove the dead ones from --base-url or the "
                + "configuration (see `origami doctor`):\n"
                + failures.map { "  - \($0.url): \($0.reason)" }.joined(separator: "\n")
        case .endpointFailed(_, let url, let reason, _):
            "the endpoint \(url) failed (\(reason)); another endpoint of the pool is asked"
        }
    }
}
