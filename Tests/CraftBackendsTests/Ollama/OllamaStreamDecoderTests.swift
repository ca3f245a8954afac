@testable import CraftBackends
import CraftTesting
import Foundation
import Testing

@Suite struct OllamaStreamDecoderTests {
    private func replay(_ fixture: String) throws -> [Result<[ModelEvent], ModelError>] {
        let bytes = try WireFixtures.bytes(fixture)
        return WireFixtures.sizes(for: 300).map { WireFixtures.ollamaEvents(bytes, size: $0) }
    }

    @Test func theDoneLineCarriesUsageInMillisecondsAndStop() throws {
        for result in try replay("ollama/chat-stop.ndjson") {
            #expect(try result.get().suffix(2) == [
                .usage(Usage(promptTokens: 412, promptTokensEvaluated: 412, completionTokens: 12,
                             promptMilliseconds: 1203.945, generationMilliseconds: 1143.552)),
                .finished(.stop),
            ])
        }
    }

    @Test func doneReasonLengthIsTruncation() throws {
        for result in try replay("ollama/chat-length.ndjson") {
            let events = try result.get()
            #expect(WireFixtures.text(events) == "{\"ideas\":[{\"")
            #expect(events.last == .finished(.length))
        }
    }

    @Test func toolCallsKeepTheirArgumentsAsJSONText() throws {
        for result in try replay("ollama/chat-tool-call.ndjson") {
            let events = try result.get()
            guard case .toolCall(let call) = events.first else { Issue.record("no tool call"); continue }
            #expect(call.name == "movePhotoToStep" && call.id == "call_1")
            let arguments = try JSONSerialization.jsonObject(with: Data(call.arguments.utf8)) as? [String: Any]
            #expect(arguments?["photo"] as? String == "Photo_3fa2c1" && arguments?["step"] as? Int == 2)
            #expect(events.last == .finished(.toolCalls))
        }
    }

    @Test func anErrorLineAfterTextIsRaised() throws {
        for result in try replay("ollama/chat-midstream-error.ndjson") {
            #expect(result == .failure(.serverError(
                backend: "ollama", status: nil,
                message: "an error was encountered while running the model: unexpected EOF")))
        }
    }

    @Test func aStreamWithoutDoneIsInterrupted() throws {
        let whole = try WireFixtures.bytes("ollama/chat-stop.ndjson")
        let lastLineStart = try #require(whole.dropLast().lastIndex(of: UInt8(ascii: "\n"))) + 1
        for (cut, size) in [(lastLineStart, 1), (lastLineStart + 40, 7), (lastLineStart - 1, 100)] {
            let bytes = Array(whole[..<cut])
            guard case .failure(.interrupted) = WireFixtures.ollamaEvents(bytes, size: size) else {
                Issue.record("a stream cut at byte \(cut) must be interrupted"); continue
            }
        }
    }
}
