@testable import CraftBackends
import CraftTesting
import Foundation
import Testing

@Suite struct ServerErrorClassifierTests {
    let classifier = ServerErrorClassifier(backend: "openai", model: "gpt-x", missingModelRemedy: "check the name",
                                           redactor: Redactor(apiKey: "sk-live-abcdefghijklmnop"))

    private func error(_ status: Int?, _ body: String, _ headers: [String: String] = [:]) -> ModelError {
        classifier.error(status: status, body: Data(body.utf8), headers: headers,
                         now: Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test func theRecordedLlamaServerContextErrorIsContextExceeded() throws {
        let body = try WireFixtures.bytes("openai/llama-server-context-exceeded.json")
        guard case .contextExceeded(_, let detail) = classifier.error(status: 400, body: Data(body)) else {
            Issue.record("not contextExceeded"); return
        }
        #expect(detail.hasPrefix("request (5030 tokens) exceeds the available context size (4096 tokens)"))
    }

    @Test(arguments: [
        (503, #"{"error":{"code":503,"message":"Loading model","type":"unavailable_error"}}"#, "loading"),
        (404, #"{"error":"model \"qwen\" not found, try pulling it first"}"#, "modelNotFound"),
        (404, #"{"error":{"message":"The model `x` does not exist","code":"model_not_found"}}"#, "modelNotFound"),
        (400, #"{"error":{"message":"This model's maximum context length is 8192 tokens","code":"context_length_exceeded"}}"#, "contextExceeded"),
        (401, #"{"error":{"message":"Incorrect API key","code":"invalid_api_key"}}"#, "unauthorized"),
        (429, #"{"error":"too many"}"#, "rateLimited"),
        (503, #"{"error":"server busy, please try again.  maximum pending requests exceeded"}"#, "rateLimited"),
        (400, #"{"error":{"message":"flagged","code":"content_filter"}}"#, "refusal"),
        (502, "<html>Bad Gateway</html>", "serverError"),
    ])
    func eachServerWordingMapsToItsCase(status: Int, body: String, expected: String) {
        let result = error(status, body)
        #expect("\(Mirror(reflecting: result).children.first?.label ?? "")" == expected)
    }

    @Test func messagesLoseTheKeyAndKeyShapedWords() {
        let result = error(401, #"{"error":{"message":"Incorrect API key provided: sk-live-abcdefghijklmnop. Also sk-proj-ZZZZZZZZZZ1"}}"#)
        #expect(result == .unauthorized(backend: "openai", message: "Incorrect API key provided: [redacted]. Also [redacted]"))
    }

    @Test(arguments: [
        (["retry-after": "240"], 240.0),
        (["retry-after": "Fri, 15 Jan 2027 08:05:00 GMT"], 300.0),
        (["retry-after-ms": "1500"], 1.5),
        (["x-ratelimit-reset-requests": "1m30s", "x-ratelimit-reset-tokens": "6m0s"], 360.0),
        (["x-ratelimit-reset-tokens": "20ms"], 0.02),
        (["x-ratelimit-reset": "1800000090"], 90.0),
        (["ratelimit-reset": "45"], 45.0),
    ])
    func rateLimitHeadersBecomeSecondsToWait(headers: [String: String], seconds: Double) {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let wait = RateLimitHeaders.retryAfterSeconds(headers, now: now)
        #expect(abs((wait ?? -1) - seconds) < 0.001)
    }

    @Test func unreadableHeadersGiveNoWait() {
        #expect(RateLimitHeaders.retryAfterSeconds(["retry-after": "soon"], now: Date()) == nil)
        #expect(RateLimitHeaders.duration("5x") == nil && RateLimitHeaders.duration("12") == nil)
        #expect(RateLimitHeaders.duration("1h2m3.5s") == 3723.5)
    }
}
