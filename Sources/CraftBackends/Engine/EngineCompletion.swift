import CraftSchema
import Foundation

/// The engine's request through llama-server's own `/completion` endpoint, used for answers that need no tools
/// and carry no photo bytes (every request of a text-only model but the coach's, which offers a tool).
///
/// A chat request makes the server tokenize every earlier answer again. Under a JSON-schema grammar the model
/// often spells its answer with tokens that re-tokenizing the same text does not give back, so the server's
/// prompt cache stops matching at the first earlier answer and evaluates the rest again. Here the prompt is the
/// chat template's rendering of the transcript (from the server's `/apply-template`), in which each earlier answer
/// this model produced is replaced by the token ids it was generated as, so the cache matches through them.
struct EngineCompletion: Sendable {
    /// The model file's name; only answers recorded with this name are sent as token ids.
    let model: String

    /// Whether a request can go through `/completion`: no tools on offer and no photo bytes in the transcript.
    static func applies(to transcript: Transcript, request: GenerationRequest) -> Bool {
        guard request.tools.isEmpty else { return false }
        return !transcript.entries.contains { entry in
            switch entry {
            case .prompt(let prompt): prompt.attachments.contains { $0.data != nil }
            case .toolCalls, .toolOutput: true
            default: false
            }
        }
    }

    /// The body of `/apply-template` for a transcript: the chat messages, rendered as the chat endpoint would.
    static func templateBody(for transcript: Transcript, request: GenerationRequest, model: String) -> GeneratedContent {
        let builder = OpenAIRequestBuilder(model: model, flavor: .llamaServer)
        return .object([GeneratedContent.Member("messages", builder.messages(for: transcript, request: request))])
    }

    /// The prompt as text pieces and token ids: the rendered transcript, with each earlier answer of this model
    /// that appears in it verbatim replaced by its ids. An answer the rendering does not hold as it is stays text.
    func prompt(rendered: String, transcript: Transcript) -> [GeneratedContent] {
        var pieces: [GeneratedContent] = []
        var cursor = rendered.startIndex
        for entry in transcript.entries {
            guard case .response(let response) = entry, let tokens = response.tokens, tokens.model == model,
                  !tokens.ids.isEmpty, !response.text.isEmpty,
                  let found = rendered.range(of: response.text, range: cursor..<rendered.endIndex)
            else { continue }
            if cursor < found.lowerBound { pieces.append(.string(String(rendered[cursor..<found.lowerBound]))) }
            pieces += tokens.ids.map(GeneratedContent.init)
            cursor = found.upperBound
        }
        if cursor < rendered.endIndex || pieces.isEmpty { pieces.append(.string(String(rendered[cursor...]))) }
        return pieces
    }

    /// The `/completion` body: the prompt, the schema (`schemaMember`), sampling (repetition penalties included) as
    /// the chat request would set it, streaming with token ids, and the prompt cache on.
    func body(prompt: [GeneratedContent], request: GenerationRequest) -> GeneratedContent {
        let sampling = WireSampling(request.options)
        let head: [(String, GeneratedContent?)] = [
            ("prompt", .array(prompt)),
            ("stream", .bool(true)),
            ("return_tokens", .bool(true)),
            ("cache_prompt", .bool(true)),
            ("temperature", sampling.temperature.map(GeneratedContent.init)),
            ("top_k", sampling.topK.map(GeneratedContent.init)),
            ("seed", sampling.seed.map(GeneratedContent.init)),
        ]
        return .object(head + sampling.penalties(for: .llamaCpp) + [
            ("n_predict", request.options.maximumResponseTokens.map(GeneratedContent.init)),
            schemaMember(request.responseFormat),
        ])
    }

    /// The answer's shape: as a grammar of one-line JSON when the schema has one (the model spends no tokens on line
    /// breaks and indents), else as the JSON Schema, which llama-server turns into a grammar that allows any layout.
    private func schemaMember(_ format: ResponseFormat?) -> (String, GeneratedContent?) {
        guard let format else { return ("json_schema", nil) }
        if let grammar = format.compactJSONGrammar { return ("grammar", .string(grammar)) }
        return ("json_schema", GeneratedContent(jsonOrString: format.plainJSONSchema))
    }
}
