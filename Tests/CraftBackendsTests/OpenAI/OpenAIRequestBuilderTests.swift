@testable import CraftBackends
import CraftTesting
import Foundation
import Testing

@Suite struct OpenAIRequestBuilderTests {
    static let photo = Attachment(label: "Photo_3fa2c1", sha256: "3fa2c1ff", data: Data([0xFF, 0xD8, 0xFF, 0xE0]),
                                  description: "a red paper sheet")
    static let format = ResponseFormat(
        name: "ImageAnalysisList",
        plainJSONSchema: #"{"type":"object","properties":{"zeta":{"type":"string"},"alpha":{"type":"integer"}}}"#,
        strictJSONSchema: #"{"type":"object","additionalProperties":false,"required":["zeta"],"properties":{"zeta":{"type":"string"}}}"#,
        promptDescription: "Answer as ImageAnalysisList: {zeta: string, alpha: integer}")

    private func body(_ flavor: OpenAIConfiguration.Flavor, _ transcript: Transcript,
                      _ request: GenerationRequest) throws -> [String: Any] {
        let text = OpenAIRequestBuilder(model: "m", flavor: flavor).body(for: transcript, request: request).jsonString
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func photosTravelAsImageURLDataURIsAfterTheirLabel() throws {
        let transcript = prompt("Look", attachments: [Self.photo])
        let messages = try #require(try body(.llamaServer, transcript, .init())["messages"] as? [[String: Any]])
        #expect(messages.map { $0["role"] as? String } == ["system", "user"])
        let parts = try #require(messages[1]["content"] as? [[String: Any]])
        #expect(parts.map { $0["type"] as? String } == ["text", "text", "image_url"])
        #expect(parts[1]["text"] as? String == "[Photo_3fa2c1]")
        let url = (parts[2]["image_url"] as? [String: Any])?["url"] as? String
        #expect(url == "data:image/jpeg;base64," + Data([0xFF, 0xD8, 0xFF, 0xE0]).base64EncodedString())
    }

    @Test func aPhotoWithoutBytesIsSentAsItsDescription() throws {
        var blind = Self.photo
        blind.data = nil
        let messages = try #require(try body(.generic, prompt("Look", attachments: [blind]), .init())["messages"]
            as? [[String: Any]])
        #expect(messages[1]["content"] as? String == "Look\n\n[Photo_3fa2c1: a red paper sheet]")
    }

    @Test func llamaServerGetsThePlainSchemaInItsOrderAndCachePrompt() throws {
        let request = GenerationRequest(responseFormat: Self.format, options: .init(sampling: .greedy,
                                                                                    maximumResponseTokens: 300))
        let text = OpenAIRequestBuilder(model: "m", flavor: .llamaServer).body(for: prompt("Hi"), request: request)
            .jsonString
        #expect(text.contains(#""schema":{"type":"object","properties":{"zeta":{"type":"string"},"alpha""#))
        let json = try body(.llamaServer, prompt("Hi"), request)
        #expect(json["cache_prompt"] as? Bool == true)
        #expect(json["max_tokens"] as? Int == 300)
        #expect(json["temperature"] as? Double == 0 && json["top_k"] as? Int == 1)
        #expect((json["stream_options"] as? [String: Any])?["include_usage"] as? Bool == true)
        let schema = (json["response_format"] as? [String: Any])?["json_schema"] as? [String: Any]
        #expect(schema?["strict"] == nil && schema?["name"] as? String == "ImageAnalysisList")
    }

    @Test func openAIGetsTheStrictSchemaAndItsOwnTokenField() throws {
        let request = GenerationRequest(responseFormat: Self.format, options: .init(
            sampling: .random(seed: 42), maximumResponseTokens: 50, reasoning: .low))
        let json = try body(.openAI, prompt("Hi"), request)
        let schema = try #require((json["response_format"] as? [String: Any])?["json_schema"] as? [String: Any])
        #expect(schema["strict"] as? Bool == true)
        #expect((schema["schema"] as? [String: Any])?["additionalProperties"] as? Bool == false)
        #expect(json["max_completion_tokens"] as? Int == 50 && json["max_tokens"] == nil)
        #expect(json["seed"] as? Int == 42 && json["reasoning_effort"] as? String == "low")
        #expect(json["cache_prompt"] == nil)
    }

    @Test func userMessagesCarryThePromptsTextAsTheTranscriptHoldsIt() throws {
        let transcript = Transcript(entries: [.prompt(Prompt([.text("First"), .text(Self.format.promptDescription)])),
                                              .response(Response(text: "{}")), .prompt(Prompt([.text("Second")]))])
        let messages = try body(.generic, transcript, .init(responseFormat: Self.format))["messages"] as? [[String: Any]]
        #expect(messages?.first?["content"] as? String == "First\n\n" + Self.format.promptDescription)
        #expect(messages?.last?["content"] as? String == "Second")
    }

    @Test func toolCallsAndOutputsTakeTheirWireForms() throws {
        let call = ToolCall(id: "call_1", name: "movePhotoToStep", arguments: #"{"step":2}"#)
        let transcript = Transcript(entries: [
            .prompt(Prompt([.text("Done?")])), .toolCalls([call]),
            .toolOutput(ToolOutput(id: "call_1", name: "movePhotoToStep", output: "moved")),
        ])
        let tool = ToolDefinition(name: "movePhotoToStep", description: "Moves a photo",
                                  parametersJSONSchema: #"{"type":"object"}"#)
        let json = try body(.generic, transcript, .init(tools: [tool]))
        let messages = try #require(json["messages"] as? [[String: Any]])
        let calls = try #require(messages[1]["tool_calls"] as? [[String: Any]])
        #expect((calls[0]["function"] as? [String: Any])?["arguments"] as? String == #"{"step":2}"#)
        #expect(messages[2]["role"] as? String == "tool" && messages[2]["tool_call_id"] as? String == "call_1")
        let tools = try #require(json["tools"] as? [[String: Any]])
        #expect(((tools[0]["function"] as? [String: Any])?["parameters"] as? [String: Any])?["type"] as? String
            == "object")
    }

    @Test func schemaNamesAreMadeAcceptable() {
        #expect(OpenAIRequestBuilder.schemaName("Coach Feedback!") == "Coach_Feedback_")
        #expect(OpenAIRequestBuilder.schemaName("") == "response")
    }
}
