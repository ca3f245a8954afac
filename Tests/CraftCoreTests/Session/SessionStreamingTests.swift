@testable import CraftBackends
@testable import CraftCore
@testable import CraftSchema
import CraftTesting
import Foundation
import Testing

@Suite struct SessionStreamingTests {
    static let prompt = Prompt([.text("List what I need.")])

    @Test(arguments: Array(1...Fixture.valid.count))
    func everyChunkSizeGivesTheSameValueAndFinalSnapshot(chunkSize: Int) async throws {
        let model = TestLanguageModel { _, _ in TestLanguageModel.events(streaming: Fixture.valid, chunkSize: chunkSize)
        }
        let stream = LanguageModelSession(model: model).streamResponse(to: Self.prompt, generating: Checklist.self)
        var last: Checklist.PartiallyGenerated?
        for try await snapshot in stream { last = snapshot }
        #expect(last?.items == ["paper", "patience"])
        #expect(try await stream.collect().content == Checklist(title: "Crane", items: ["paper", "patience"]))
    }

    @Test func aCodeFenceAroundTheJSONIsIgnored() async throws {
        let fenced = "```json\n" + Fixture.valid + "\n```"
        let result = try await LanguageModelSession(model: TestLanguageModel(answers: [fenced]))
            .respond(to: Self.prompt, generating: Checklist.self)
        #expect(result.content.title == "Crane")
    }

    @Test func anAnswerThatIsNotJSONIsRetriedThenFails() async throws {
        let model = TestLanguageModel(answers: ["I would suggest a crane."])
        await #expect {
            try await LanguageModelSession(model: model).respond(to: Self.prompt, generating: Checklist.self)
        } throws: { error in
            guard case .invalidOutput(let violations) = error as? ModelError else { return false }
            return violations.count == 1 && model.calls.count == 2
        }
    }

    @Test func aStreamThatEndsWithoutAFinishIsAnError() async throws {
        let model = TestLanguageModel { _, _ in [.textDelta(Fixture.valid)] }
        await #expect {
            try await LanguageModelSession(model: model).respond(to: Self.prompt, generating: Checklist.self)
        } throws: { error in
            "\(error)".contains("ended without a finish reason")
        }
    }

    @Test func aWholeBrainstormRecordedThroughTheSessionReplaysInANewSession() async throws {
        let cassette = Cassette.temporary()
        defer { try? FileManager.default.removeItem(at: cassette.url) }
        let live = TestLanguageModel(answers: [Flow.analyses(["Photo_a1b2c3"]), Flow.ideas, Flow.tutorialJSON])
        let recorder = RecordingLanguageModel(wrapping: live, cassette: cassette)
        let recordedSession = LanguageModelSession(model: recorder)
        let recorded = try await Brainstorm(session: recordedSession).run(photos: [Flow.paper], hint: "small")
        let tutorial = try await TutorialWriter(session: recordedSession).write(idea: recorded.ideas[0])

        let replaySession = LanguageModelSession(model: ReplayLanguageModel(cassette: cassette))
        let replayed = try await Brainstorm(session: replaySession).run(photos: [Flow.paper], hint: "small")
        #expect(replayed.ideas == recorded.ideas)
        #expect(replayed.analyses == recorded.analyses)
        #expect(
            try await TutorialWriter(session: replaySession).write(idea: replayed.ideas[0]).content == tutorial.content)
        #expect(await replaySession.transcript == recordedSession.transcript)

        await #expect(throws: CassetteError.self) {
            _ = try await Brainstorm(session: LanguageModelSession(model: ReplayLanguageModel(cassette: cassette)))
                .run(photos: [Flow.paper], hint: "large")
        }
    }
}
