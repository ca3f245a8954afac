public import CraftSchema

/// An ordered list of backends tried in turn: the next one answers when an earlier one is unavailable, fails in
/// transport, or returns a result that breaks a domain rule (labels, counts, the completion-message rule).
///
/// The session runs each attempt (request, decoding, validation, retries) through `run(_:)`; the decision of
/// whether to move on is the pure `FallbackPolicy`, and the outcome is a `FallbackReport`.
public struct FallbackChain: Sendable {
    /// The backends, in the order they are tried.
    public let backends: [any LanguageModel]

    /// Creates a chain; it must hold at least one backend.
    public init(_ backends: [any LanguageModel]) {
        precondition(!backends.isEmpty, "a fallback chain needs at least one backend")
        self.backends = backends
    }

    /// The first backend, whose capabilities the session plans for.
    public var primary: any LanguageModel { backends[0] }

    /// The names joined by commas, as the person wrote them: `ollama,engine`.
    public var name: String { backends.map(\.name).joined(separator: ",") }

    /// Runs `attempt` on each available backend in order until one succeeds.
    ///
    /// A single-backend chain rethrows that backend's error unchanged; a longer chain throws
    /// `FallbackError.exhausted` listing why each backend was passed over.
    public func run<T: Sendable>(
        isolation: isolated (any Actor)? = #isolation,
        _ attempt: (any LanguageModel) async throws -> T
    ) async throws -> (value: T, report: FallbackReport) {
        var report = FallbackReport()
        var lastError: (any Error)?
        for backend in backends {
            if case .unavailable(let reason) = await backend.availability() {
                report.skipped.append(.init(backend: backend.name, kind: .unavailable, detail: reason))
                lastError = ModelError.unavailable(backend: backend.name, reason: reason)
                continue
            }
            do {
                let value = try await attempt(backend)
                report.answeredBy = backend.name
                return (value, report)
            } catch {
                guard let kind = FallbackPolicy.skipKind(for: error) else { throw error }
                let detail = Availability.reason(error, of: backend.name)
                report.skipped.append(.init(backend: backend.name, kind: kind, detail: detail))
                lastError = error
            }
        }
        if backends.count == 1, let lastError { throw lastError }
        throw FallbackError.exhausted(report.skipped, exitStatus: FallbackPolicy.exitStatus(of: lastError))
    }
}

/// Decides, from an error alone, whether the chain moves on to the next backend and under which heading.
public enum FallbackPolicy {
    /// The kind of skip an error justifies, or nil when the error must end the request (cancellation, a
    /// concurrent request, a refusal, an answer cut by the token limit).
    public static func skipKind(for error: any Error) -> FallbackReport.SkipKind? {
        if error is CancellationError { return nil }
        guard let error = error as? ModelError else { return .transport }
        switch error {
        case .unreachable, .modelNotFound, .unavailable, .loading, .unauthorized, .insecureConnection: return .unavailable
        case .rateLimited, .timeout, .serverError, .contextExceeded, .responseTooLarge, .interrupted: return .transport
        case .invalidOutput, .repetitive: return .domainRule
        case .truncated, .refusal, .concurrentRequest: return nil
        }
    }

    /// The exit status of the last failure, `unavailable` when there was none or it carries none.
    package static func exitStatus(of error: (any Error)?) -> ExitStatus {
        (error as? any ExitStatusProviding)?.exitStatus ?? .unavailable
    }
}

/// Which backend answered a request and why the ones before it were passed over.
public struct FallbackReport: Sendable, Hashable, Codable {
    /// The name of the backend that answered, nil while none has.
    public var answeredBy: String?
    /// The backends passed over, in order.
    public var skipped: [Skip]

    /// Creates a report.
    public init(answeredBy: String? = nil, skipped: [Skip] = []) {
        self.answeredBy = answeredBy
        self.skipped = skipped
    }

    /// Why a backend was passed over.
    public enum SkipKind: String, Sendable, Hashable, Codable {
        /// It said it cannot answer now.
        case unavailable
        /// Asking it failed: connection, timeout, server error, rate limit.
        case transport
        /// It answered, but the answer broke a schema or domain rule even after retries.
        case domainRule = "domain rule"
    }

    /// One backend passed over.
    public struct Skip: Sendable, Hashable, Codable {
        /// The backend's name.
        public var backend: String
        /// Why, in one word.
        public var kind: SkipKind
        /// The error or reason in words, without the backend's name (the skip names it).
        public var detail: String

        /// Creates a skip record.
        public init(backend: String, kind: SkipKind, detail: String) {
            self.backend = backend
            self.kind = kind
            self.detail = detail
        }
    }
}

/// Every backend of a chain failed.
public enum FallbackError: Error, Sendable, Hashable {
    /// No backend answered; each skip says why, `exitStatus` is the last failure's.
    case exhausted([FallbackReport.Skip], exitStatus: ExitStatus)
}

extension FallbackError: ExitStatusProviding {
    /// The exit status of the last backend's failure.
    public var exitStatus: ExitStatus {
        switch self {
        case .exhausted(_, let status): status
        }
    }
}

extension FallbackError: CustomStringConvertible {
    /// What went wrong, to what, and what to do.
    public var description: String {
        switch self {
        case .exhausted(let skipped, _):
            "no backend of the chain could answer; check each one with `origami doctor`:\n"
                + skipped.map { "  - \($0.backend) (\($0.kind.rawValue)): \($0.detail)" }.joined(separator: "\n")
        }
    }
}
