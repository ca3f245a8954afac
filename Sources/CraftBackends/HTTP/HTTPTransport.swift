public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One HTTP request as a backend sends it, with the limits its response must keep.
public struct HTTPRequest: Sendable {
    /// The full URL.
    public var url: URL
    /// `GET` or `POST`.
    public var method: String
    /// Request headers.
    public var headers: [String: String]
    /// The body, for `POST`.
    public var body: Data?
    /// Timeouts and size cap.
    public var limits: HTTPLimits

    /// Creates a request.
    public init(url: URL, method: String = "GET", headers: [String: String] = [:], body: Data? = nil,
                limits: HTTPLimits = .init()) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.limits = limits
    }
}

/// How long a response may take and how large it may grow.
public struct HTTPLimits: Sendable, Hashable {
    /// Seconds without a byte arriving before the request fails (`ModelError.timeout(idle: true)`).
    public var idleTimeout: Double
    /// Seconds for the whole exchange, head to last byte (`ModelError.timeout(idle: false)`).
    public var totalTimeout: Double
    /// The most response-body bytes accepted (`ModelError.responseTooLarge`).
    public var maximumResponseBytes: Int

    /// Creates limits; the defaults suit a local model answering one prompt.
    public init(idleTimeout: Double = 120, totalTimeout: Double = 600, maximumResponseBytes: Int = 16 * 1_048_576) {
        self.idleTimeout = idleTimeout
        self.totalTimeout = totalTimeout
        self.maximumResponseBytes = maximumResponseBytes
    }
}

/// A response whose head has arrived; its body streams in as it comes.
public struct HTTPResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// Headers with lower-cased names.
    public var headers: [String: String]
    /// The body's chunks as they arrive; throws `ModelError` on timeout, size cap or a broken connection, and ends
    /// without throwing when the consuming task is cancelled (check cancellation after the loop).
    public var body: AsyncThrowingStream<Data, any Error>

    /// The value of a header, by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The whole body, for short answers such as `/api/tags` or an error document.
    public func collect() async throws -> Data {
        var data = Data()
        for try await chunk in body { data.append(chunk) }
        try Task.checkCancellation()
        return data
    }
}

/// Streams HTTP responses over the one process-wide `URLSession`.
///
/// FoundationNetworking on Linux crashes when sessions are torn down while libcurl still holds them, and ignores
/// per-task delegates; so there is exactly one session, never invalidated, whose single delegate routes each
/// task's callbacks to the stream of the request that started it.
public final class HTTPTransport: Sendable {
    /// The transport every backend shares.
    public static let shared = HTTPTransport()

    private let router: StreamRouter
    private let session: URLSession

    private init() {
        let router = StreamRouter()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForResource = 7 * 24 * 3600
        // The default of 6 would queue requests behind slow streams (an eval with -j 8), and the queued time
        // would count against their idle timeout.
        configuration.httpMaximumConnectionsPerHost = 32
        self.router = router
        self.session = URLSession(configuration: configuration, delegate: router, delegateQueue: nil)
    }

    /// Sends a request and returns once the response head arrives.
    ///
    /// - Parameter backend: the backend's name, for error messages.
    /// - Throws: `ModelError.unreachable` when no connection could be made, `ModelError.timeout` when the head
    ///   does not arrive in time, `CancellationError` when the calling task is cancelled.
    public func send(_ request: HTTPRequest, backend: String) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        // The watchdog enforces the real limits; this is only a backstop should the watchdog be starved.
        urlRequest.timeoutInterval = request.limits.idleTimeout + 30

        let task = session.dataTask(with: urlRequest)
        let id = task.taskIdentifier
        let (body, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        let router = self.router
        continuation.onTermination = { termination in
            if case .cancelled = termination { router.fail(id, with: CancellationError()) }
        }
        router.register(task: task, body: continuation, context: .init(
            backend: backend, url: request.url.absoluteString, limits: request.limits))
        router.startWatchdog(for: id)
        task.resume()

        let head = try await withTaskCancellationHandler {
            try await router.head(of: id)
        } onCancel: {
            router.fail(id, with: CancellationError())
        }
        return HTTPResponse(status: head.status, headers: head.headers, body: body)
    }

    /// Sends a request and collects its whole body.
    public func data(for request: HTTPRequest, backend: String) async throws -> (HTTPResponse, Data) {
        let response = try await send(request, backend: backend)
        return (response, try await response.collect())
    }
}
