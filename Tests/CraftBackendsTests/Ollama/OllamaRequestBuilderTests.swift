@testable import CraftBackends
import CraftTesting
import Foundation
import Testing

@Suite struct OllamaRequestBuilderTests {
    private func body(_ transcript: Transcript, _ request: GenerationRequest, thinking: Bool = false,
                      contextSize: Int? = nil) throws -> [String: Any] {
        let builder = OllamaRequestBuilder(model: "qwen2.5vl:3b", keepAlive: "10m", contextSize: contextSize)
        let text = builder.body(for: transcript, request: request, thinking: thinking).jsonString
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func photosTravelAsBareBase64InImages() throws {
        let photo = OpenAIRequestBuilderTests.photo
        let messages = try #require(try body(prompt("Look", attachments: [photo, photo]), .init())["messages"]
            as? [[String: Any]])
        let images = try #require(messages[1]["images"] as? [String])
        #expect(images == Array(repeating: Data([0xFF, 0xD8, 0xFF, 0xE0]).base64EncodedString(), count: 2))
        #expect(messages[1]["content"] as? String == "Look\n\n[Photo_3fa2c1]\n\n[Photo_3fa2c1]")
        #expect(messages[0]["images"] == nil)
    }

    @Test func formatIsThePlainSchemaObjectAndOptionsCarrySampling() throws {
        let format = OpenAIRequestBuilderTests.format
        let request = GenerationRequest(responseFormat: format, options: .init(
            temperature: 0.7, sampling: .random(seed: 9), maximumResponseTokens: 256))
        let json = try body(prompt("Hi"), request, contextSize: 8192)
        #expect((json["format"] as? [String: Any])?["properties"] != nil)
        let options = try #require(json["options"] as? [String: Any])
        #expect(options["temperature"] as? Double == 0.7 && options["seed"] as? Int == 9)
        #expect(options["num_predict"] as? Int == 256 && options["num_ctx"] as? Int == 8192)
        #expect(json["keep_alive"] as? String == "10m" && json["stream"] as? Bool == true)
        #expect(json["think"] == nil)
    }

    @Test func greedySamplingIsTemperatureZeroAndTopKOne() throws {
        let options = try body(prompt("Hi"), .init(options: .init(sampling: .greedy)))["options"] as? [String: Any]
        #expect(options?["temperature"] as? Double == 0 && options?["top_k"] as? Int == 1)
    }

    @Test func thinkIsSentOnlyToModelsThatThink() throws {
        let reasoning = GenerationRequest(options: .init(reasoning: .high))
        #expect(try body(prompt("Hi"), reasoning, thinking: true)["think"] as? Bool == true)
        #expect(try body(prompt("Hi"), .init(), thinking: true)["think"] as? Bool == false)
        #expect(try body(prompt("Hi"), reasoning, thinking: false)["think"] == nil)
    }

    @Test func toolCallsCarryArgumentObjectsAndToolOutputsTheirName() throws {
        let transcript = Transcript(entries: [
            .prompt(Prompt([.text("Done?")])),
            .toolCalls([ToolCall(id: "call_1", name: "movePhotoToStep", arguments: #"{"step":2}"#)]),
            .toolOutput(ToolOutput(id: "call_1", name: "movePhotoToStep", output: "moved")),
        ])
        let messages = try #require(try body(transcript, .init())["messages"] as? [[String: Any]])
        let call = (messages[1]["tool_calls"] as? [[String: Any]])?.first?["function"] as? [String: Any]
        #expect((call?["arguments"] as? [String: Any])?["step"] as? Int == 2)
        #expect(messages[2]["role"] as? String == "tool" && messages[2]["tool_name"] as? String == "movePhotoToStep")
    }
}
