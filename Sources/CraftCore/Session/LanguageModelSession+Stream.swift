import CraftBackends
import CraftSchema

/// One streamed answer, gathered.
struct StreamedAnswer: Sendable {
    var text = ""
    var content: Result<GeneratedContent, SchemaError>?
    var usage: Usage?
    var finish: FinishReason?
    var tokens: AnswerTokens?
    /// The loop the answer fell into; the stream was cut there and the rest never read.
    var loop: RepetitionDetector.Finding?
}

/// A decoded answer: the value, its content after repairs, and the repairs made.
struct DecodedAnswer<Content: Generable>: Sendable {
    var value: Content
    var content: GeneratedContent
    var repairs: [String]
}

extension LanguageModelSession {
    /// Streams one answer, feeding the partial parser and reporting each new snapshot.
    ///
    /// Text before the first `{` or `[` (a code fence) and after the complete value is ignored. A `RepetitionDetector`
    /// reads the text as it arrives; when the answer starts repeating itself, the stream is cut there (leaving the
    /// loop ends the backend's stream, which cancels its request) and the answer comes back with `loop` set.
    func stream<Content: Generable>(
        _ backend: any LanguageModel,
        _ transcript: Transcript,
        _ request: GenerationRequest,
        _ type: Content.Type,
        _ onUpdate: (@Sendable (GenerationUpdate<Content>) -> Void)?
    ) async throws -> StreamedAnswer {
        var answer = StreamedAnswer()
        var parser = PartialJSONParser()
        var detector = RepetitionDetector(rule: RequestPlan.loopRule)
        var (started, last): (Bool, GeneratedContent?) = (false, nil)
        reading: for try await event in backend.stream(transcript, request: request) {
            switch event {
            case .textDelta(let delta):
                answer.text += delta
                guard answer.content == nil else { continue }
                if let loop = detector.feed(delta) {
                    answer.loop = loop
                    break reading
                }
                var chunk = Substring(delta)
                if !started {
                    chunk = chunk.drop { $0 != "{" && $0 != "[" }
                    started = !chunk.isEmpty
                }
                guard started else { continue }
                do {
                    try chunk.withUTF8 { bytes in
                        try parser.feed(bytes) { snapshot in
                            guard let snapshot, snapshot != last else { return }
                            last = snapshot
                            onUpdate?(.partial(Content.partial(snapshot)))
                        }
                    }
                    if parser.isComplete, let last { answer.content = .success(last) }
                } catch let error as SchemaError {
                    answer.content = parser.isComplete && last != nil ? .success(last!) : .failure(error)
                }
            case .toolCall: break  // no mode offers a tool, so a call is not acted on
            case .usage(let usage): answer.usage = usage
            case .answerTokens(let tokens): answer.tokens = tokens
            case .finished(let reason): answer.finish = reason
            }
        }
        // On Linux a cancelled request ends the loop above without throwing.
        try Task.checkCancellation()
        if answer.content == nil, answer.loop == nil {
            answer.content = Result { try parser.finish() }.mapError {
                $0 as? SchemaError ?? .violations([.init("\($0)")])
            }
        }
        return answer
    }

    /// Repairs, checks and decodes an answer's content: texts stopped at their length guide ended, whitespace trimmed
    /// and the type's `DomainRules` repairs made first, then the schema's guides and the type's decoder.
    static func decode<Content: Generable>(
        _ content: Result<GeneratedContent, SchemaError>?,
        as type: Content.Type,
        schema: GenerationSchema
    ) -> Result<DecodedAnswer<Content>, SchemaError> {
        guard let content else { return .failure(.violations([.init("the answer is empty")])) }
        return content.flatMap { content in
            var repair = AnswerRepair(content)
            repair.endCappedTexts(schema)
            repair.trimWhitespace()
            if let ruled = Content.self as? any DomainRules.Type { ruled.repair(&repair) }
            return Result {
                let value = try Content.decode(repair.content, schema: schema)
                return DecodedAnswer(value: value, content: repair.content, repairs: repair.repairs)
            }.mapError { $0 as? SchemaError ?? .violations([.init("\($0)")]) }
        }
    }

    /// The violations of a decoded value: the type's own `DomainRules`, then the flow's.
    static func violations<Content: Generable>(of value: Content, validate: (Content) -> [String]) -> [String] {
        ((value as? any DomainRules)?.ruleViolations ?? []) + validate(value)
    }
}
