@testable import CraftBackends
import CraftTesting
import Foundation
import Testing

@Suite struct OpenAIStreamDecoderTests {
    private func replay(_ fixture: String) throws -> [Result<[ModelEvent], ModelError>] {
        let bytes = try WireFixtures.bytes(fixture)
        return WireFixtures.sizes(for: 200).map { WireFixtures.openAIEvents(bytes, size: $0) }
    }

    @Test func aRecordedLlamaServerAnswerYieldsTextTimingsAndStop() throws {
        for result in try replay("openai/llama-server-stop.sse") {
            let events = try result.get()
            #expect(WireFixtures.text(events) == "Two paper crafts are knitting and weaving.")
            #expect(events.suffix(2) == [
                .usage(Usage(promptTokens: 22, promptTokensEvaluated: 22, completionTokens: 9,
                             promptMilliseconds: 123.026, generationMilliseconds: 173.239)),
                .finished(.stop),
            ])
        }
    }

    @Test func aRecordedSchemaAnswerIsJSONText() throws {
        for result in try replay("openai/llama-server-json-schema.sse") {
            let text = WireFixtures.text(try result.get())
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            #expect(object?["title"] is String && object?["steps"] is Int)
        }
    }

    @Test func aRecordedAnswerCutAtMaxTokensFinishesWithLengthAndCacheCounts() throws {
        for result in try replay("openai/llama-server-length.sse") {
            let events = try result.get()
            #expect(events.last == .finished(.length))
            #expect(events.contains(.usage(Usage(promptTokens: 35, promptTokensEvaluated: 11, completionTokens: 5,
                                                 promptMilliseconds: 76.806, generationMilliseconds: 86.272))))
        }
    }

    @Test func toolCallFragmentsAreAssembledBeforeTheFinish() throws {
        for result in try replay("openai/openai-tool-call.sse") {
            let events = try result.get()
            #expect(events == [
                .toolCall(ToolCall(id: "call_Qx1", name: "movePhotoToStep",
                                   arguments: #"{"photo":"Photo_3fa2c1","step":2}"#)),
                .usage(Usage(promptTokens: 90, promptTokensEvaluated: 26, completionTokens: 21)),
                .finished(.toolCalls),
            ])
        }
    }

    @Test func aRefusalBecomesTheRefusalError() throws {
        for result in try replay("openai/openai-refusal.sse") {
            #expect(result == .failure(.refusal(backend: "openai", message: "I'm sorry, I can't help with that.")))
        }
    }

    @Test func anErrorEventWithCRLFBecomesAServerError() throws {
        for result in try replay("openai/openai-error-event.sse") {
            #expect(result == .failure(.serverError(
                backend: "openai", status: nil, message: "The server had an error while processing your request.")))
        }
    }

    @Test func aStreamWithoutFinishIsInterrupted() {
        let bytes = Array("data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\n".utf8)
        guard case .failure(.interrupted) = WireFixtures.openAIEvents(bytes, size: 5) else {
            Issue.record("a stream without finish_reason must be interrupted"); return
        }
    }

    @Test func nothingAfterDoneIsRead() throws {
        let bytes = Array("data: {\"choices\":[{\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\ndata: junk\n\n".utf8)
        #expect(try WireFixtures.openAIEvents(bytes, size: 3).get() == [.finished(.stop)])
    }

    @Test func finishReasonsMapToTheProtocol() {
        #expect(OpenAIStreamDecoder.finishReason("length") == .length)
        #expect(OpenAIStreamDecoder.finishReason("content_filter") == .contentFilter)
        #expect(OpenAIStreamDecoder.finishReason("eos") == .other("eos"))
    }
}
