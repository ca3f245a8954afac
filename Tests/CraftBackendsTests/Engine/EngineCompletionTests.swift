@testable import CraftBackends
@testable import CraftSchema
import CraftTesting
import Foundation
import Testing

/// The engine's `/completion` path: which requests take it, the prompt with earlier answers as token ids, the
/// body, and the stream decoder on streams captured from the real llama-server, replayed at every chunk size.
@Suite struct EngineCompletionTests {
    static let model = "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"
    static let format = ResponseFormat(
        name: "Fold", plainJSONSchema: #"{"type":"object"}"#, strictJSONSchema: #"{"type":"object"}"#,
        promptDescription: "Answer with JSON.")

    private func events(_ fixture: String, size: Int, cutBeforeEnd: Bool = false) -> Result<[ModelEvent], ModelError> {
        Result { () throws(ModelError) -> [ModelEvent] in
            var bytes = (try? WireFixtures.bytes("engine/\(fixture)")) ?? []
            if cutBeforeEnd, let end = String(decoding: bytes, as: UTF8.self).range(of: #""stop":true"#) {
                bytes = Array(String(decoding: bytes, as: UTF8.self)[..<end.lowerBound].utf8)
            }
            var splitter = SSESplitter()
            var decoder = EngineCompletionDecoder(classifier: WireFixtures.classifier("engine"), model: Self.model)
            var events: [ModelEvent] = []
            do {
                for chunk in WireFixtures.chunks(bytes, size: size) {
                    for event in try splitter.feed(chunk) { events += try decoder.decode(event) }
                }
                if !decoder.isDone, let last = splitter.finish() { events += try decoder.decode(last) }
                events += try decoder.finish()
            } catch let error as ModelError {
                throw error
            } catch {
                throw .serverError(backend: "test", status: nil, message: "\(error)")
            }
            return events
        }
    }

    @Test func aCapturedSchemaAnswerYieldsTextTokenIdsWithoutTheEndOfTurnUsageAndStop() throws {
        for size in WireFixtures.sizes(for: 3209) {
            let events = try events("completion-stop.sse", size: size).get()
            let text = WireFixtures.text(events)
            #expect((try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["fold"] is String)
            #expect(events.suffix(3) == [
                .answerTokens(AnswerTokens(model: Self.model, ids: [515, 220, 330, 19961, 788, 330, 19961, 698, 92])),
                .usage(Usage(promptTokens: 16, promptTokensEvaluated: 16, completionTokens: 10,
                             promptMilliseconds: 12426.196, generationMilliseconds: 891.618)),
                .finished(.stop),
            ])
        }
    }

    @Test func anAnswerCutAtTheLimitKeepsEveryTokenAndFinishesWithLength() throws {
        for size in WireFixtures.sizes(for: 2219) {
            let events = try events("completion-length.sse", size: size).get()
            #expect(WireFixtures.text(events) == "# Introduction\n\nThis")
            #expect(events.contains(.answerTokens(AnswerTokens(model: Self.model, ids: [2, 28338, 271, 1986]))))
            #expect(events.last == .finished(.length))
        }
    }

    @Test func aStreamThatEndsBeforeItsLastEventIsInterrupted() {
        for size in [1, 7, 64, 4000] {
            guard case .failure(.interrupted) = events("completion-stop.sse", size: size, cutBeforeEnd: true) else {
                Issue.record("a cut stream must be reported as interrupted (chunk size \(size))")
                continue
            }
        }
    }

    @Test func anErrorObjectInTheStreamIsAModelError() {
        var decoder = EngineCompletionDecoder(classifier: WireFixtures.classifier("engine"), model: Self.model)
        let event = SSESplitter.Event(name: nil, data: #"{"error":{"code":500,"message":"boom","type":"server_error"}}"#)
        #expect(throws: ModelError.self) { _ = try decoder.decode(event) }
    }

    @Test func onlyRequestsWithoutToolsOrPhotoBytesTakeTheCompletionPath() {
        let described = Attachment(label: "Photo_a1b2c3", sha256: "ab", mimeType: "image/jpeg", data: nil,
                                   description: "mostly crimson")
        var seen = described
        seen.data = Data([0xFF, 0xD8])
        let text = Transcript(entries: [.prompt(Prompt([.text("Hi"), .image(described)]))])
        let tool = ToolDefinition(name: "movePhotoToStep", description: "moves", parametersJSONSchema: "{}")
        #expect(EngineCompletion.applies(to: text, request: GenerationRequest()))
        #expect(!EngineCompletion.applies(to: text, request: GenerationRequest(tools: [tool])))
        #expect(!EngineCompletion.applies(to: Transcript(entries: [.prompt(Prompt([.image(seen)]))]),
                                          request: GenerationRequest()))
    }

    @Test func earlierAnswersOfThisModelAreSentAsTheirTokenIds() {
        let mine = Response(text: #"{"a":1}"#, tokens: AnswerTokens(model: Self.model, ids: [5, 6, 7]))
        let other = Response(text: #"{"b":2}"#, tokens: AnswerTokens(model: "another.gguf", ids: [8]))
        let plain = Response(text: #"{"c":3}"#)
        let transcript = Transcript(entries: [
            .prompt(Prompt([.text("one")])), .response(mine), .prompt(Prompt([.text("two")])), .response(other),
            .prompt(Prompt([.text("three")])), .response(plain), .prompt(Prompt([.text("four")])),
        ])
        let rendered = #"<u>one<e><a>{"a":1}<e><u>two<e><a>{"b":2}<e><u>three<e><a>{"c":3}<e><u>four<e><a>"#
        let prompt = EngineCompletion(model: Self.model).prompt(rendered: rendered, transcript: transcript)
        #expect(prompt == [
            .string("<u>one<e><a>"), GeneratedContent(5), GeneratedContent(6), GeneratedContent(7),
            .string(#"<e><u>two<e><a>{"b":2}<e><u>three<e><a>{"c":3}<e><u>four<e><a>"#),
        ])
    }

    @Test func anAnswerTheRenderingChangedStaysText() {
        let mine = Response(text: "  padded  ", tokens: AnswerTokens(model: Self.model, ids: [1]))
        let transcript = Transcript(entries: [.prompt(Prompt([.text("q")])), .response(mine)])
        let prompt = EngineCompletion(model: Self.model).prompt(rendered: "<u>q<a>padded<e>", transcript: transcript)
        #expect(prompt == [.string("<u>q<a>padded<e>")])
    }

    @Test func theBodyCarriesSamplingLengthSchemaAndAsksForTokenIds() throws {
        let request = GenerationRequest(
            responseFormat: Self.format, options: .init(sampling: .greedy, maximumResponseTokens: 40))
        let body = EngineCompletion(model: Self.model)
            .body(prompt: [.string("p"), GeneratedContent(3)], request: request)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(body.jsonString.utf8)) as? [String: Any])
        #expect(json["prompt"] as? [AnyHashable] == ["p", 3])
        #expect(json["temperature"] as? Double == 0 && json["top_k"] as? Int == 1)
        #expect(json["n_predict"] as? Int == 40)
        #expect(json["return_tokens"] as? Bool == true && json["cache_prompt"] as? Bool == true)
        #expect((json["json_schema"] as? [String: Any])?["type"] as? String == "object")
        #expect(json["grammar"] == nil)
        #expect(json["stream"] as? Bool == true)
    }

    /// A schema the grammar of one-line JSON can carry goes as that grammar, in place of the JSON Schema (llama-server
    /// refuses a request with both).
    @Test func aSchemaWithACompactGrammarGoesAsThatGrammar() throws {
        var format = Self.format
        format.compactJSONGrammar = #"root ::= "{}""#
        let body = EngineCompletion(model: Self.model)
            .body(prompt: [.string("p")], request: .init(responseFormat: format))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(body.jsonString.utf8)) as? [String: Any])
        #expect(json["grammar"] as? String == #"root ::= "{}""#)
        #expect(json["json_schema"] == nil)
    }
}
