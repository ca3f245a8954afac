@testable import CraftBackends
@testable import CraftCore
@testable import CraftSchema
import CraftTesting
import Foundation
import Testing

@Suite struct LanguageModelSessionTests {
    static let prompt = Prompt([.text("List what I need for a paper crane.")])

    @Test func aValidAnswerIsDecodedAndKeptInTheTranscript() async throws {
        let model = TestLanguageModel(answers: [Fixture.valid])
        let session = LanguageModelSession(model: model)
        let result = try await session.respond(to: Self.prompt, generating: Checklist.self)
        #expect(result.content == Checklist(title: "Crane", items: ["paper", "patience"]))
        #expect(result.retries == 0)
        #expect(result.report.answeredBy == "test")
        let entries = await session.transcript.entries
        #expect(entries.count == 3)
        #expect(entries.first == .instructions(CraftInstructions.brainstorm))
        #expect(model.calls[0].request.responseFormat?.name == "Checklist")
    }

    @Test func anInvalidAnswerIsRetriedWithTheViolationAppended() async throws {
        let model = TestLanguageModel(answers: [Fixture.tooShort, Fixture.valid])
        let session = LanguageModelSession(model: model)
        let result = try await session.respond(to: Self.prompt, generating: Checklist.self)
        #expect(result.content.items.count == 2)
        #expect(result.retries == 1)
        #expect(await session.totalRetries == 1)
        let retry = try #require(model.calls.last?.prompt?.text)
        #expect(retry.contains("items: expected at least 2 items, got 1"))
        #expect(model.calls[1].transcript.entries.count == 4)
        #expect(
            model.calls[1].transcript.entries[2]
                == .response(
                    Response(
                        text: Fixture.tooShort, schemaName: "Checklist",
                        schemaDigest: SHA256.hex(
                            of: Array(Checklist.generationSchema.responseFormat.plainJSONSchema.utf8)))))
        #expect(await session.transcript.entries.count == 3)
    }

    @Test func anAnswerStillInvalidAfterRetriesFailsListingEveryViolation() async throws {
        let model = TestLanguageModel(answers: [#"{"title": "forbidden", "items": ["a", "b"]}"#])
        let session = LanguageModelSession(model: model, maximumRetries: 2)
        await #expect(throws: ModelError.invalidOutput(violations: ["title: must not be forbidden"])) {
            try await session.respond(to: Self.prompt, generating: Checklist.self)
        }
        #expect(model.calls.count == 3)
        #expect(await session.transcript.entries.count <= 1)
    }

    @Test func anAnswerCutByTheTokenLimitIsATruncationError() async throws {
        let model = TestLanguageModel { _, _ in
            TestLanguageModel.events(streaming: #"{"title": "Crane", "items": ["pa"#, finish: .length)
        }
        let session = LanguageModelSession(model: model, overrides: .init(maximumResponseTokens: 12))
        await #expect(throws: ModelError.truncated(maximumTokens: 12)) {
            try await session.respond(to: Self.prompt, generating: Checklist.self)
        }
        #expect(model.calls[0].request.options.maximumResponseTokens == 12)
    }

    @Test func anAnswerThatRanToTheCapIsSampledAgainWhenSamplingIsRandom() async throws {
        let model = TestLanguageModel { _, index in
            index < 2
                ? TestLanguageModel.events(streaming: #"{"title": "Crane", "items": ["pa"#, finish: .length)
                : TestLanguageModel.events(streaming: Fixture.valid)
        }
        let session = LanguageModelSession(model: model)
        try await session.switchMode(.brainstorm)
        let result = try await session.respond(to: Self.prompt, generating: Checklist.self)
        #expect(result.retries == 2)
        #expect(model.calls.count == 3)
        #expect(model.calls[2].transcript == model.calls[0].transcript, "the same request, sampled again")
    }

    @Test func aGreedyOrSeededAnswerThatRanToTheCapFailsAtOnce() async throws {
        for overrides in [OrchestratorProfile.Overrides(seed: 3), .init()] {
            let model = TestLanguageModel { _, _ in
                TestLanguageModel.events(streaming: #"{"title": "Crane", "items": ["pa"#, finish: .length)
            }
            let session = LanguageModelSession(model: model, overrides: overrides)
            try await session.switchMode(overrides.seed == nil ? .term : .brainstorm)
            await #expect(throws: ModelError.self) {
                try await session.respond(to: Self.prompt, generating: Checklist.self)
            }
            #expect(model.calls.count == 1)
        }
    }

    @Test func aSecondRequestWhileOneRunsIsRefused() async throws {
        let gate = Gate()
        let model = TestLanguageModel { _, _ in
            await gate.wait()
            return TestLanguageModel.events(streaming: Fixture.valid)
        }
        let session = LanguageModelSession(model: model)
        let first = Task { try await session.respond(to: Self.prompt, generating: Checklist.self) }
        await Fixture.waitForCalls(model, count: 1)
        await #expect(throws: ModelError.concurrentRequest) {
            try await session.respond(to: Self.prompt, generating: Checklist.self)
        }
        await #expect(throws: ModelError.concurrentRequest) { try await session.switchMode(.tutorial) }
        gate.open()
        #expect(try await first.value.content.title == "Crane")
        #expect(model.calls.count == 1)
    }

    @Test func theSchemaIsLeftOutOfThePromptOnceTheSessionHasSentIt() async throws {
        let model = TestLanguageModel(answers: [Fixture.valid])
        let session = LanguageModelSession(model: model)
        _ = try await session.respond(to: Self.prompt, generating: Checklist.self)
        _ = try await session.respond(to: Self.prompt, generating: Checklist.self)
        let other = Checklist.generationSchema.guided(by: [.description("another shape")])
        _ = try await session.respond(to: Self.prompt, generating: Checklist.self, schema: other)
        let described = model.calls.map { call in
            call.prompt?.text.hasSuffix(call.request.responseFormat?.promptDescription ?? "-") == true
        }
        #expect(described == [true, false, true])
    }

    @Test func theSchemaDescriptionStaysInTheTranscriptSoLaterRequestsRepeatTheTurnUnchanged() async throws {
        let model = TestLanguageModel(answers: [Fixture.valid])
        let session = LanguageModelSession(model: model)
        _ = try await session.respond(to: Self.prompt, generating: Checklist.self)
        _ = try await session.respond(to: Self.prompt, generating: Checklist.self)
        let description = Checklist.generationSchema.responseFormat.promptDescription
        let firstTurn = try #require(model.calls[1].transcript.entries.first { if case .prompt = $0 { true } else { false } })
        #expect(firstTurn == .prompt(Prompt(Self.prompt.segments + [.text(description)])))
        #expect(model.calls[1].transcript.entries.prefix(2) == model.calls[0].transcript.entries.prefix(2))
    }

    @Test func streamingYieldsCumulativeSnapshotsThenTheResult() async throws {
        let model = TestLanguageModel { _, _ in TestLanguageModel.events(streaming: Fixture.valid, chunkSize: 3) }
        let session = LanguageModelSession(model: model)
        let stream = session.streamResponse(to: Self.prompt, generating: Checklist.self)
        var snapshots: [Checklist.PartiallyGenerated] = []
        for try await snapshot in stream { snapshots.append(snapshot) }
        #expect(snapshots.count > 5)
        for (earlier, later) in zip(snapshots, snapshots.dropFirst()) {
            #expect(later.items.count >= earlier.items.count)
            #expect(later.title.map { $0.hasPrefix(earlier.title ?? "") } ?? (earlier.title == nil))
        }
        #expect(snapshots.last?.items == ["paper", "patience"])
        #expect(try await stream.collect().content.title == "Crane")
    }

    @Test func switchingModeAppliesTheHistoryTransformOfSmallContextModels() async throws {
        let small = Capabilities(vision: true, nativeJSONSchema: true, tools: false, contextSize: 4096)
        let model = TestLanguageModel(capabilities: small, answers: [Fixture.valid])
        let session = LanguageModelSession(model: model)
        for _ in 0..<3 { _ = try await session.respond(to: Self.prompt, generating: Checklist.self) }
        #expect(await session.transcript.entries.count == 7)
        try await session.switchMode(.tutorial)
        _ = try await session.respond(to: Self.prompt, generating: Checklist.self)
        let sent = try #require(model.calls.last).transcript.entries
        #expect(sent.count == 1 + 4 + 1)
        #expect(sent.first == .instructions(CraftInstructions.tutorial))
        #expect(model.calls.last?.request.options.temperature == 0.2)
    }

    @Test func photosAModelCannotSeeAreSentAsDescriptionsUnderTheirLabels() async throws {
        let model = TestLanguageModel(capabilities: Fixture.blind, answers: [Fixture.valid])
        let session = LanguageModelSession(model: model)
        let photo = Fixture.photo("a1b2c3", description: "1024×768, landscape: mostly crimson (46 %)")
        let result = try await session.respond(to: Prompt([.text("Look"), .image(photo)]), generating: Checklist.self)
        #expect(!result.modelSawPhotos)
        let sent = try #require(model.calls[0].prompt)
        #expect(sent.attachments.isEmpty)
        #expect(sent.text.contains("Photo_a1b2c3: 1024×768, landscape: mostly crimson (46 %)"))
        #expect(await session.transcript.hasPhotos)
    }

    @Test func photosAModelCanSeeAreSentAsLabelledAttachments() async throws {
        let model = TestLanguageModel(capabilities: Fixture.seeing, answers: [Fixture.valid])
        let session = LanguageModelSession(model: model)
        let photo = Fixture.photo("d4e5f6")
        let result = try await session.respond(to: Prompt([.text("Look"), .image(photo)]), generating: Checklist.self)
        #expect(result.modelSawPhotos)
        #expect(model.calls[0].prompt?.segments.prefix(2) == [.text("Look"), .image(photo)])
        #expect(model.calls[0].prompt?.attachments.map(\.label) == ["Photo_d4e5f6"])
    }

    @Test func reasoningIsOnlyAskedOfModelsThatSupportIt() async throws {
        let thinking = Capabilities(
            vision: true, nativeJSONSchema: true, tools: false, reasoning: true, contextSize: nil)
        for (capabilities, expected) in [(Fixture.seeing, nil), (thinking, GenerationOptions.ReasoningLevel.medium)] {
            let model = TestLanguageModel(capabilities: capabilities, answers: [Fixture.valid])
            let session = LanguageModelSession(model: model, mode: .tutorial)
            _ = try await session.respond(to: Self.prompt, generating: Checklist.self)
            #expect(model.calls[0].request.options.reasoning == expected)
        }
    }

    @Test func theTermModeRunsOnTheSmallModelWhenOneIsConfigured() async throws {
        let main = TestLanguageModel(name: "main", answers: [Fixture.valid])
        let small = TestLanguageModel(name: "small", answers: [Fixture.valid])
        let session = LanguageModelSession(model: main, smallModel: small)
        try await session.switchMode(.term)
        let result = try await session.respond(to: Self.prompt, generating: Checklist.self)
        #expect(result.report.answeredBy == "small")
        #expect(main.calls.isEmpty)
        #expect(small.calls[0].request.options.sampling == .greedy)
    }

    @Test func prewarmHandsTheBackendTheCurrentTranscript() async throws {
        let model = TestLanguageModel(answers: [Fixture.valid])
        let session = LanguageModelSession(model: model)
        try await session.prewarm()
        #expect(model.prewarmed.map(\.entries) == [[.instructions(CraftInstructions.brainstorm)]])
        #expect(model.calls.isEmpty)
    }

    @Test func aRestoredTranscriptContinuesTheConversation() async throws {
        let first = TestLanguageModel(answers: [Fixture.valid])
        let earlier = LanguageModelSession(model: first)
        _ = try await earlier.respond(to: Self.prompt, generating: Checklist.self)
        let saved = try JSONEncoder().encode(await earlier.transcript)

        let second = TestLanguageModel(answers: [Fixture.valid])
        let later = LanguageModelSession(
            model: second, transcript: try JSONDecoder().decode(Transcript.self, from: saved))
        _ = try await later.respond(to: Self.prompt, generating: Checklist.self)
        #expect(second.calls[0].transcript.entries.count == 4)
        #expect(second.calls[0].prompt == Self.prompt)
    }
}

@Suite struct SessionFallbackTests {
    @Test func aSessionOverAChainSkipsUnavailableAndFailingBackendsAndSaysWhy() async throws {
        let down = TestLanguageModel(name: "ollama", availability: .unavailable(reason: "run `ollama serve`")) { _, _ in
            []
        }
        let failing = TestLanguageModel(name: "openai") { _, _ in
            throw ModelError.serverError(backend: "openai", status: 500, message: "boom")
        }
        let working = TestLanguageModel(name: "engine", answers: [Fixture.valid])
        let session = LanguageModelSession(chain: FallbackChain([down, failing, working]))
        let result = try await session.respond(to: Prompt([.text("List")]), generating: Checklist.self)
        #expect(result.report.answeredBy == "engine")
        #expect(result.report.skipped.map(\.kind) == [.unavailable, .transport])
        #expect(await session.lastReport == result.report)
        #expect(working.calls[0].transcript.entries.count == 2)
    }
}
