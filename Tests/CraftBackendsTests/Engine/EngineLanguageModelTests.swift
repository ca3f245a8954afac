@testable import CraftBackends
import CraftSchema
import CraftTesting
import Foundation
import Synchronization
import Testing

/// The engine backend end to end on the real server and the default model (the 1.5B one brainstorm, tutorial and
/// coach run on): answers, the prompt cache, capabilities, and a server killed in the middle of an answer.
@Suite(.serialized, .enabled(if: LiveEngine.installation != nil, LiveEngine.missing))
struct EngineLanguageModelTests {
    let sandbox: EngineSandbox
    let manager: EngineManager

    init() throws {
        sandbox = try EngineSandbox()
        let installed = try #require(LiveEngine.installation)
        manager = EngineManager(
            configuration: EngineConfiguration(
                explicit: EnginePaths(server: installed.server, model: installed.model),
                contextSize: 4096, slots: 1, startTimeout: 120),
            environment: sandbox.environment(liveClock: true))
    }

    private func transcript(_ text: String) -> Transcript {
        Transcript(entries: [
            .instructions(Instructions("You are a helpful craft tutor. Answer briefly.")),
            .prompt(Prompt([.text(text)])),
        ])
    }

    @Test func streamsARealAnswerWithUsageAndStartsTheServerOnDemand() async throws {
        let phases = Mutex<[EngineProgress.Phase]>([])
        let engine = EngineLanguageModel(manager: manager) { progress in phases.withLock { $0.append(progress.phase) } }
        #expect(await engine.availability() == .available)
        var text = ""
        var usage: Usage?
        var finish: FinishReason?
        let request = GenerationRequest(options: .init(sampling: .greedy, maximumResponseTokens: 16))
        for try await event in engine.stream(transcript("Name one paper craft."), request: request) {
            switch event {
            case .textDelta(let delta): text += delta
            case .usage(let reported): usage = reported
            case .finished(let reason): finish = reason
            case .toolCall, .answerTokens: break
            }
        }
        #expect(!text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        #expect((usage?.completionTokens ?? 0) > 0)
        #expect(finish == .stop || finish == .length)
        #expect(phases.withLock { $0.first } == .launching)
        #expect(phases.withLock { $0.last } == .ready)
        try await manager.stop()
    }

    @Test func aSecondTurnReusesThePromptCacheThroughTheFirstAnswer() async throws {
        let engine = EngineLanguageModel(manager: manager)
        let schema = #"{"type":"object","properties":{"items":{"type":"array","items":{"type":"string"}}},"required":["items"]}"#
        let format = ResponseFormat(name: "Items", plainJSONSchema: schema, strictJSONSchema: schema,
                                    promptDescription: "Answer with JSON: {items: [string]}")
        let request = GenerationRequest(
            responseFormat: format, options: .init(sampling: .greedy, maximumResponseTokens: 120))
        func answer(_ transcript: Transcript) async throws -> (String, AnswerTokens?, Usage?) {
            var (text, tokens, usage): (String, AnswerTokens?, Usage?) = ("", nil, nil)
            for try await event in engine.stream(transcript, request: request) {
                switch event {
                case .textDelta(let delta): text += delta
                case .answerTokens(let ids): tokens = ids
                case .usage(let reported): usage = reported
                case .toolCall, .finished: break
                }
            }
            return (text, tokens, usage)
        }
        var conversation = transcript("List four supplies for paper folding, as JSON.")
        let (first, tokens, firstUsage) = try await answer(conversation)
        let ids = try #require(tokens?.ids)
        conversation.entries.append(.response(Response(text: first, tokens: tokens)))
        conversation.entries.append(.prompt(Prompt([.text("Now list two tools, as JSON.")])))
        let (_, _, secondUsage) = try await answer(conversation)
        let before = try #require(firstUsage?.promptTokens)
        let whole = try #require(secondUsage?.promptTokens)
        let evaluated = try #require(secondUsage?.promptTokensEvaluated)
        // Only the new turn (and the end-of-turn token after the first answer) is evaluated again.
        #expect(evaluated <= whole - before - ids.count + 1)
        try await manager.stop()
    }

    /// The engine's greedy answer to `text` under `schema`'s compact grammar.
    private func answer(_ schema: GenerationSchema, to text: String, tokens: Int) async throws -> String {
        let format = ResponseFormat(
            name: schema.name, plainJSONSchema: schema.jsonSchema(.plain), strictJSONSchema: schema.jsonSchema(.plain),
            promptDescription: schema.promptDescription, compactJSONGrammar: try #require(schema.compactJSONGrammar))
        let request = GenerationRequest(
            responseFormat: format, options: .init(sampling: .greedy, maximumResponseTokens: tokens))
        var answer = ""
        for try await event in EngineLanguageModel(manager: manager).stream(transcript(text), request: request) {
            if case .textDelta(let delta) = event { answer += delta }
        }
        return answer
    }

    /// The grammar of one-line JSON on the real server: llama-server takes it, and the model's answer is JSON on one
    /// line, one space after each colon and comma, that holds to the schema.
    @Test func anAnswerUnderTheCompactGrammarIsOneLineJSONThatHoldsToTheSchema() async throws {
        let schema = GenerationSchema.object("Supplies", [
            .init("items", [String].self, .count(2...4)),
            .init("note", String.self, .maximumLength(60)),
            .init("forBeginners", Bool.self),
        ])
        let text = try await answer(schema, to: "List supplies for paper folding, as JSON.", tokens: 120)
        let content = try GeneratedContent(json: text)
        #expect(schema.validate(content).isEmpty, "\(text)")
        #expect(text.hasPrefix(#"{"items": [""#) && text == oneLineJSON(text), "\(text)")
        try await manager.stop()
    }

    /// The same grammar keeps the answer out of Chinese, Japanese and Korean on the real server, even when the
    /// prompt asks for Chinese characters (which the model writes without the grammar): llama-server reads the
    /// grammar's `\u` and `\U` ranges, and the model puts other words in their place.
    @Test func anAnswerUnderTheCompactGrammarHoldsNoChineseEvenWhenAskedForIt() async throws {
        let schema = GenerationSchema.object("Word", [.init("word", String.self, .maximumLength(40))])
        let text = try await answer(schema, to: "Write \"paper cup\" in Chinese characters, as JSON.", tokens: 40)
        let content = try GeneratedContent(json: text)
        #expect(schema.validate(content).isEmpty, "\(text)")
        let cjk = text.unicodeScalars.filter { (0x2E80...0x9FFF).contains($0.value) || (0xAC00...0xD7FF).contains($0.value) }
        #expect(cjk.isEmpty, "\(text)")
        try await manager.stop()
    }

    /// A mode switch adds the new mode's instructions as a later system message; a chat template that refuses one
    /// (as some do) is sent the conversation with the current instructions at the top instead, through
    /// `/completion` and through the chat API (which a request offering a callable tool takes).
    @Test(arguments: [false, true])
    func aTemplateThatRefusesALaterSystemMessageGetsTheCurrentInstructionsFirst(throughTheChatAPI: Bool) async throws {
        let installed = try #require(LiveEngine.installation)
        let template = try sandbox.write("strict.jinja", Self.templateRefusingALaterSystemMessage)
        // llama-server reads `--chat-template-file` from this variable too; the engine passes its environment on.
        let strict = EngineManager(
            configuration: EngineConfiguration(
                explicit: EnginePaths(server: installed.server, model: installed.model),
                contextSize: 4096, slots: 1, startTimeout: 120),
            environment: sandbox.environment(liveClock: true, extra: ["LLAMA_ARG_CHAT_TEMPLATE_FILE": template]))
        defer { Task { _ = try? await strict.stop() } }
        var conversation = transcript("Name one paper craft in one word.")
        conversation.entries += [
            .response(Response(text: "Origami.")),
            .instructions(Instructions("You explain craft words in one short sentence.")),
            .prompt(Prompt([.text("What is a crease?")])),
        ]
        let tool = ToolDefinition(name: "lookUp", description: "Looks a craft word up.",
                                  parametersJSONSchema: #"{"type":"object","properties":{"word":{"type":"string"}}}"#)
        let request = GenerationRequest(
            options: .init(sampling: .greedy, maximumResponseTokens: 12), tools: throughTheChatAPI ? [tool] : [])
        #expect(EngineCompletion.applies(to: conversation, request: request) == !throughTheChatAPI)
        var text = ""
        var called = false
        for try await event in EngineLanguageModel(manager: strict).stream(conversation, request: request) {
            if case .textDelta(let delta) = event { text += delta }
            if case .toolCall = event { called = true }
        }
        #expect(called || !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    }

    static let templateRefusingALaterSystemMessage = """
        {%- for message in messages -%}
        {%- if message.role == 'system' and not loop.first -%}{{ raise_exception('System role must come first') }}{%- endif -%}
        {{ '<|im_start|>' + message.role + '\\n' + message.content + '<|im_end|>\\n' }}
        {%- endfor -%}
        {%- if add_generation_prompt -%}{{ '<|im_start|>assistant\\n' }}{%- endif -%}
        """

    @Test func capabilitiesComeFromTheServerAndATextModelCannotSee() async throws {
        let engine = EngineLanguageModel(manager: manager)
        let expected = try await engine.capabilities()
        #expect(try await manager.status() == .stopped(note: nil), "asking must not start the server")
        try await manager.start()
        let capabilities = try await engine.capabilities()
        #expect(!capabilities.vision)
        #expect(capabilities.nativeJSONSchema)
        #expect(capabilities.contextSize == 4096)
        #expect(capabilities == expected)
        try await manager.stop()
    }

    @Test func aServerKilledMidAnswerGivesAClearErrorAndTheNextCallRestartsIt() async throws {
        let engine = EngineLanguageModel(manager: manager)
        let first = try await manager.start()
        let request = GenerationRequest(options: .init(maximumResponseTokens: 400))
        var caught: (any Error)?
        var deltas = 0
        do {
            for try await event in engine.stream(transcript("Write a long story about folding paper."), request: request) {
                if case .textDelta = event {
                    deltas += 1
                    if deltas == 3 { kill(first.pid, SIGKILL) }
                }
            }
        } catch {
            caught = error
        }
        #expect(deltas >= 3)
        let error = try #require(caught as? ModelError)
        guard case .interrupted(let backend, let detail) = error else {
            Issue.record("expected an interrupted answer, got \(error)")
            return
        }
        #expect(backend == "engine")
        #expect(detail.contains("pid \(first.pid)"))
        #expect(detail.contains("stopped during the request"))

        var answered = false
        for try await event in engine.stream(transcript("Say hi."), request: .init(options: .init(maximumResponseTokens: 8))) {
            if case .finished = event { answered = true }
        }
        #expect(answered)
        guard case .running(let running) = try await manager.status() else {
            Issue.record("the restarted server should be running")
            return
        }
        #expect(running.record.pid != first.pid)
        try await manager.stop()
    }
}
