@testable import CraftBackends
@testable import CraftCore
import CraftTesting
import Testing

/// The small model is sent only what was said under the current instructions; the session keeps the whole
/// conversation for the primary model.
struct CurrentModeLanguageModelTests {
    static let earlier = Transcript(entries: [
        .instructions(Instructions("brainstorm")), .prompt(Prompt([.text("ideas?")])), .response(Response(text: "{}")),
        .instructions(Instructions("tutorial")), .prompt(Prompt([.text("steps?")])), .response(Response(text: "{}")),
    ])

    @Test func onlyTheLastInstructionsAndWhatFollowsAreKept() {
        let current = Transcript(entries: Self.earlier.entries + [
            .instructions(Instructions("term")), .prompt(Prompt([.text("terms?")])),
        ])
        #expect(CurrentModeLanguageModel.currentMode(of: current).entries == [
            .instructions(Instructions("term")), .prompt(Prompt([.text("terms?")])),
        ])
        let bare = Transcript(entries: [.prompt(Prompt([.text("hello")]))])
        #expect(CurrentModeLanguageModel.currentMode(of: bare) == bare)
    }

    @Test func termAfterATutorialSendsTheSmallModelOnlyItsOwnPart() async throws {
        let primary = TestLanguageModel(answers: [Flow.tutorialJSON])
        let small = TestLanguageModel(name: "small", answers: [#"{"terms": ["triangle"]}"#])
        let session = LanguageModelSession(model: primary, smallModel: CurrentModeLanguageModel(wrapping: small))
        let tutorial = try await TutorialWriter(session: session).write(idea: TutorialAndTermTests.idea)
        _ = try await TermGlossary(session: session).extractTerms(from: tutorial.content)

        #expect(primary.calls.count == 1)
        let call = try #require(small.calls.first)
        #expect(call.instructions == [CraftInstructions.term.text])
        #expect(call.transcript.entries.count == 2)
        #expect(call.prompt?.text.contains("Fold a triangle") == true)
        // The session still holds the tutorial exchange, so the primary model's cache keeps matching.
        // Instructions, prompt and answer of the tutorial; then what the small model read, and its answer.
        let kept = await session.transcript.entries
        #expect(kept.count == 6)
        #expect(Array(kept[3...4]) == call.transcript.entries)
    }

    @Test func aSmallModelWithASmallContextLeavesTheConversationWhole() async throws {
        let tight = Capabilities(vision: false, nativeJSONSchema: true, tools: false, contextSize: 2048)
        let primary = TestLanguageModel(answers: [Flow.tutorialJSON])
        let small = TestLanguageModel(name: "small", capabilities: tight, answers: [#"{"terms": ["triangle"]}"#])
        let session = LanguageModelSession(model: primary, smallModel: CurrentModeLanguageModel(wrapping: small))
        let tutorial = try await TutorialWriter(session: session).write(idea: TutorialAndTermTests.idea)
        _ = try await TermGlossary(session: session).extractTerms(from: tutorial.content)
        #expect(try #require(small.calls.first).transcript.entries.count == 2)
        #expect(await session.transcript.entries.count == 6)
    }

    @Test func prewarmingWarmsTheCurrentPartOnly() async throws {
        let small = TestLanguageModel(name: "small", answers: [])
        try await CurrentModeLanguageModel(wrapping: small).prewarm(Self.earlier)
        #expect(small.prewarmed == [Transcript(entries: Array(Self.earlier.entries.suffix(3)))])
    }
}
