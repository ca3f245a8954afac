import CraftSchema
import Foundation

/// One backend's view of its server: base URL, headers, limits and error classification, shared by the Ollama
/// and OpenAI clients so both refuse insecure URLs, retry a loading model and report errors the same way.
struct HTTPEndpoint: Sendable {
    let backend: String
    let baseURL: URL
    let headers: [String: String]
    var limits: HTTPLimits
    let allowInsecureHTTP: Bool
    /// Seconds to keep retrying while the server answers 503 "Loading model"; 0 reports `loading` at once.
    var loadingWait: Double
    let classifier: ServerErrorClassifier
    let log: (@Sendable (String) -> Void)?
    let transport: HTTPTransport = .shared

    /// A copy for availability and capability probes: shorter limits than an answer's, no waiting for a loading
    /// model. The limits leave room for a loaded machine: on a fresh-clone test run with several engines loading
    /// their models at once, local servers went over 10 s without a byte.
    var probing: HTTPEndpoint {
        var copy = self
        copy.loadingWait = 0
        copy.limits = HTTPLimits(idleTimeout: 30, totalTimeout: 60, maximumResponseBytes: 4 * 1_048_576)
        return copy
    }

    /// The URL of a path below the base URL (the base URL's own path is kept, e.g. `/v1`).
    func url(_ path: String) -> URL {
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return URL(string: text + path) ?? baseURL
    }

    /// Sends a request and returns its whole 2xx body; any other status becomes the matching `ModelError`.
    func data(_ path: String, body: GeneratedContent? = nil, limits: HTTPLimits? = nil) async throws -> Data {
        let response = try await open(path, body: body, accepting: [], limits: limits)
        return try await response.collect()
    }

    /// Sends a request and decodes its 2xx JSON body; a body of another shape is a `serverError`.
    func decode<T: Decodable>(_ type: T.Type, from path: String, body: GeneratedContent? = nil) async throws -> T {
        let data = try await data(path, body: body)
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            let start = classifier.redactor.redact(String(decoding: data.prefix(120), as: UTF8.self))
            throw ModelError.serverError(backend: backend, status: 200, message: "\(path) is not the expected JSON: \(start)")
        }
    }

    /// Sends a request and returns the 2xx response whose body is still streaming.
    ///
    /// Retries while the model is loading, up to `loadingWait` seconds. A content type outside `accepting`
    /// (when the list is not empty and the server names one) is a `serverError`.
    func open(_ path: String, body: GeneratedContent?, accepting: [String], limits: HTTPLimits? = nil) async throws
        -> HTTPResponse
    {
        try checkSecurity()
        let request = HTTPRequest(
            url: url(path), method: body == nil ? "GET" : "POST",
            headers: headers.merging(body == nil ? [:] : ["Content-Type": "application/json"]) { $1 },
            body: body.map { Data($0.jsonString.utf8) }, limits: limits ?? self.limits)
        let started = ContinuousClock.now
        var pause = 0.25
        while true {
            log?(classifier.redactor.redact("\(request.method) \(request.url.absoluteString)"))
            let response = try await transport.send(request, backend: backend)
            log?("\(backend): HTTP \(response.status) \(response.header("content-type") ?? "")")
            if (200..<300).contains(response.status) {
                try await checkContentType(response, accepting: accepting)
                return response
            }
            let document = try await errorBody(response)
            let error = classifier.error(status: response.status, body: document, headers: response.headers)
            log?("\(backend): \(error)")
            let waited = ContinuousClock.now - started
            guard case .loading = error, waited + .seconds(pause) < .seconds(loadingWait) else { throw error }
            log?("\(backend): model loading; retrying in \(pause) s")
            try await Task.sleep(for: .seconds(pause))
            pause = min(pause * 2, 2)
        }
    }

    /// Refuses plain `http://` to a host that is not this machine unless allowed.
    func checkSecurity() throws(ModelError) {
        let scheme = baseURL.scheme?.lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw .unavailable(backend: backend, reason: "\(baseURL.absoluteString) is not an http:// or https:// URL")
        }
        if scheme == "http", !allowInsecureHTTP, !Self.isLoopback(baseURL.host ?? "") {
            throw .insecureConnection(backend: backend, url: baseURL.absoluteString)
        }
    }

    /// Whether a host name or address is this machine.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return host == "localhost" || host.hasSuffix(".localhost") || host.hasPrefix("127.") || host == "::1"
            || host == "0:0:0:0:0:0:0:1"
    }

    private func errorBody(_ response: HTTPResponse) async throws -> Data {
        var data = Data()
        for try await chunk in response.body {
            data.append(chunk)
            if data.count > 65_536 { break }
        }
        return data
    }

    private func checkContentType(_ response: HTTPResponse, accepting: [String]) async throws {
        guard !accepting.isEmpty, let type = response.header("content-type")?.lowercased(),
              !accepting.contains(where: { type.hasPrefix($0) })
        else { return }
        let start = try await errorBody(response).prefix(120)
        throw ModelError.serverError(
            backend: backend, status: response.status,
            message: classifier.redactor.redact(
                "expected \(accepting.joined(separator: " or ")) but the server sent \(type): "
                    + String(decoding: start, as: UTF8.self)))
    }
}
