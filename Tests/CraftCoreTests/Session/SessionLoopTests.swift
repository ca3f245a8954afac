@testable import CraftBackends
@testable import CraftCore
import CraftTesting
import Foundation
import Synchronization
import Testing

/// A backend whose first answers loop for as long as anyone reads them, one list item per chunk, and whose later
/// answer is valid; it records how many chunks each stream yielded and whether its reader went away.
final class LoopingModel: LanguageModel {
    struct Stream: Sendable, Hashable {
        var chunks = 0
        var cancelled = false
        var ended = false
    }

    static let cap = 10_000
    let name = "looping"
    let loops: Int
    private final class Log: Sendable {
        let state = Mutex<(calls: [GenerationRequest], streams: [Stream])>(([], []))
    }

    private let log = Log()

    init(loops: Int) {
        self.loops = loops
    }

    var requests: [GenerationRequest] { log.state.withLock { $0.calls } }
    var streams: [Stream] { log.state.withLock { $0.streams } }

    func availability() async -> Availability { .available }

    func capabilities() async throws -> Capabilities { Fixture.seeing }

    func stream(_ transcript: Transcript, request: GenerationRequest) -> AsyncThrowingStream<ModelEvent, any Error> {
        let index = log.state.withLock { state in
            state.calls.append(request)
            state.streams.append(Stream())
            return state.calls.count - 1
        }
        let looping = index < loops
        let log = self.log
        return AsyncThrowingStream { continuation in
            let task = Task {
                defer { log.state.withLock { $0.streams[index].ended = true } }
                guard looping else {
                    for event in TestLanguageModel.events(streaming: Fixture.valid) { continuation.yield(event) }
                    continuation.finish()
                    return
                }
                continuation.yield(.textDelta(#"{"title": "Crane", "items": ["#))
                for _ in 0..<Self.cap {
                    if Task.isCancelled {
                        log.state.withLock { $0.streams[index].cancelled = true }
                        return
                    }
                    continuation.yield(.textDelta(#""Fold the smaller triangle in half again, edge to edge.", "#))
                    log.state.withLock { $0.streams[index].chunks += 1 }
                    await Task.yield()
                }
                continuation.yield(.finished(.length))
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

@Suite struct SessionLoopTests {
    static let prompt = Prompt([.text("List what I need for a paper crane.")])

    @Test func aLoopingAnswerIsCutWhileItStreamsAndAskedAgain() async throws {
        let model = LoopingModel(loops: 1)
        let session = LanguageModelSession(model: model)
        let notices = Mutex<[[String]]>([])
        let result = try await session.respond(to: Self.prompt, generating: Checklist.self, onUpdate: { update in
            if case .retrying(let violations) = update { notices.withLock { $0.append(violations) } }
        })
        #expect(result.content.title == "Crane")
        #expect(result.loopsCut == 1 && result.retries == 1)
        let notice = try #require(notices.withLock { $0 }.first?.first)
        #expect(notice.hasPrefix("the answer started repeating itself (\"fold the smaller triangle"))
        #expect(notice.hasSuffix("3 times); asking again"))
        while !model.streams[0].ended { await Task.yield() }
        let cut = model.streams[0]
        #expect(cut.cancelled, "leaving the loop cancels the backend's stream")
        #expect(cut.chunks < 20, "cut after a few items, not at the cap of \(LoopingModel.cap)")
        let tally = await session.tally
        #expect(tally.loopsCut == 1 && tally.retries == 1 && tally.cappedAnswers == 0)
        #expect(await session.transcript.entries.count == 3, "the cut answer is not kept")
    }

    @Test func anAnswerThatKeepsLoopingFailsAfterTwoNewSamples() async throws {
        let model = LoopingModel(loops: 10)
        let session = LanguageModelSession(model: model)
        await #expect {
            try await session.respond(to: Self.prompt, generating: Checklist.self)
        } throws: { error in
            guard case .repetitive(let phrase, let attempts) = error as? ModelError else { return false }
            return attempts == 3 && phrase.contains("fold the smaller triangle")
                && (error as? ModelError)?.exitStatus == .dataError
        }
        #expect(model.requests.count == 3)
        #expect(await session.tally.loopsCut == 3)
    }

    /// How a new sample after a loop differs from the first request, per sampling.
    enum Sampling: String, CaseIterable, CustomTestStringConvertible {
        case unseeded, seeded, greedy
        var testDescription: String { rawValue }
    }

    @Test(arguments: Sampling.allCases)
    func aNewSampleChangesOnlyDeterministicSampling(_ sampling: Sampling) async throws {
        let model = LoopingModel(loops: 2)
        let session = LanguageModelSession(model: model, overrides: sampling == .seeded ? .init(seed: 7) : .init())
        try await session.switchMode(sampling == .greedy ? .term : .brainstorm)
        let result = try await session.respond(to: Self.prompt, generating: Checklist.self)
        #expect(result.loopsCut == 2)
        let (first, second, third) = (model.requests[0].options, model.requests[1].options, model.requests[2].options)
        let profile = first.repetition ?? RepetitionPenalties()
        switch sampling {
        case .unseeded:
            #expect(second == first && third == first, "the same request, a new sample")
        case .seeded:
            #expect(first.sampling == .random(seed: 7))
            #expect(second.sampling == .random(seed: 8) && third.sampling == .random(seed: 9))
            #expect(second.repetition == profile.strengthened(by: 1) && third.repetition == profile.strengthened(by: 2))
        case .greedy:
            #expect(second.sampling == .greedy && second.repetition == profile.strengthened(by: 1))
            #expect(third.repetition == profile.strengthened(by: 2))
        }
    }

    @Test func anAnswerAtTheCapIsCountedInTheTally() async throws {
        let model = TestLanguageModel { _, index in
            index == 0
                ? TestLanguageModel.events(streaming: #"{"title": "Crane", "items": ["pa"#, finish: .length)
                : TestLanguageModel.events(streaming: Fixture.valid)
        }
        let session = LanguageModelSession(model: model)
        _ = try await session.respond(to: Self.prompt, generating: Checklist.self)
        let tally = await session.tally
        #expect(tally.cappedAnswers == 1 && tally.retries == 1 && tally.loopsCut == 0)
    }

    @Test func aValidationRetryIsStillAllowedAfterANewSample() async throws {
        let model = TestLanguageModel { _, index in
            switch index {
            case 0: TestLanguageModel.events(streaming: #"{"title": "Crane", "items": ["pa"#, finish: .length)
            case 1: TestLanguageModel.events(streaming: Fixture.tooShort)
            default: TestLanguageModel.events(streaming: Fixture.valid)
            }
        }
        let result = try await LanguageModelSession(model: model).respond(to: Self.prompt, generating: Checklist.self)
        #expect(result.retries == 2 && model.calls.count == 3)
        #expect(model.calls[2].prompt?.text.contains("items: expected at least 2 items, got 1") == true)
    }

    @Test func aCutAnswerIsRecordedAsFarAsItWentAndReplaysTheSameWay() async throws {
        let cassette = Cassette.temporary()
        defer { try? FileManager.default.removeItem(at: cassette.url) }
        // Seeded, so the new sample is another request and the two recordings cannot be confused.
        let live = LanguageModelSession(
            model: RecordingLanguageModel(wrapping: LoopingModel(loops: 1), cassette: cassette), overrides: .init(seed: 7))
        let recorded = try await live.respond(to: Self.prompt, generating: Checklist.self)
        var entries = try cassette.load()
        for _ in 0..<10_000 where entries.count < 2 {
            await Task.yield()
            entries = try cassette.load()
        }
        #expect(entries.count == 2, "the cut answer and the new sample")
        let cut = try #require(entries.first { !$0.events.contains { if case .finished = $0 { true } else { false } } })
        #expect(cut.events.count < 30, "the cut stream, not the cap")
        let replay = LanguageModelSession(model: ReplayLanguageModel(cassette: cassette), overrides: .init(seed: 7))
        let replayed = try await replay.respond(to: Self.prompt, generating: Checklist.self)
        #expect(replayed.content == recorded.content && replayed.loopsCut == 1 && recorded.loopsCut == 1)
    }
}
