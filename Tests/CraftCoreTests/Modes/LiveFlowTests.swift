import Foundation
import Testing
@testable import CraftCore

/// The four flows against the real engine (llama-server with the setup script's text model), when installed.
///
/// Asserts structure only (valid values, labels, counts), never wording; prints usage to stderr for reports.
/// Several minutes of CPU on a shared machine, so it runs only with `ORIGAMI_LIVE_FLOWS=1`.
@Suite(
    .serialized,
    .enabled(
        if: LiveEngine.installation != nil && ProcessInfo.processInfo.environment["ORIGAMI_LIVE_FLOWS"] == "1",
        "needs scripts/setup's engine and model, and ORIGAMI_LIVE_FLOWS=1"
    )
)
struct LiveFlowTests {
    @Test func brainstormTutorialCoachAndTermRunOnTheRealEngine() async throws {
        let sandbox = try EngineSandbox()
        let installed = try #require(LiveEngine.installation)
        let engine = EngineManager(
            configuration: EngineConfiguration(
                explicit: EnginePaths(server: installed.server, model: installed.model),
                contextSize: 8192, slots: 1, idleTimeout: 3600, startTimeout: 180
            ),
            environment: sandbox.environment(liveClock: true)
        )
        _ = try await engine.start()
        defer { Task { _ = try? await engine.stop() } }
        // The engine backend itself, so brainstorm, tutorial and term go through `/completion` with earlier
        // answers as token ids, and the coach (which offers a tool) through the chat API.
        let model = EngineLanguageModel(manager: engine, totalTimeout: 1800)
        let session = LanguageModelSession(model: model, overrides: .init(seed: 7))
        let paper = Fixture.photo(
            "a1b2c3",
            description: "Photo_a1b2c3 (1024×768, landscape): mostly crimson (46 %) and cream (31 %), some navy "
                + "(12 %); bright, flat colour areas with straight edges: a stack of square origami paper."
        )
        let crane = Fixture.photo(
            "d4e5f6",
            description: "Photo_d4e5f6 (768×1024, portrait): mostly white (70 %) and grey (20 %); a folded paper "
                + "bird with pointed wings on a wooden table."
        )

        let brainstorm = try await Brainstorm(session: session).run(photos: [paper, crane])
        #expect(Set(brainstorm.analyses.map(\.image.label)) == ["Photo_a1b2c3", "Photo_d4e5f6"])
        #expect(brainstorm.ideas.count >= 3)
        #expect(!brainstorm.modelSawPhotos)
        Self.log("brainstorm", brainstorm.usage, retries: brainstorm.retries)

        let tutorial = try await TutorialWriter(session: session).write(idea: brainstorm.ideas[0])
        #expect(!tutorial.content.steps.isEmpty)
        Self.log("tutorial", tutorial.usage, retries: tutorial.retries)

        let progress = Fixture.photo(
            "0f0f0f", description: "Photo_0f0f0f (1024×1024, square): a crimson square of paper lying flat, unfolded."
        )
        let coach = try await Coach(session: session)
            .check(tutorial: tutorial.content, step: 1, photos: [progress])
        #expect((2...3).contains(coach.feedback.sections.count))
        #expect(coach.isStepComplete == (coach.feedback.completionMessage != nil))
        Self.log("coach", coach.usage, retries: coach.retries)

        let terms = try await TermGlossary(session: session).extractTerms(from: tutorial.content)
        Self.log("term", terms.usage, retries: terms.retries)
        let summary = "live flows: ideas \(brainstorm.ideas.map(\.title)), steps \(tutorial.content.steps.count), "
            + "complete \(coach.isStepComplete), terms \(terms.content.terms)\n"
        FileHandle.standardError.write(Data(summary.utf8))
        _ = try await engine.stop()
    }

    static func log(_ mode: String, _ usage: Usage?, retries: Int) {
        let text = "live \(mode): prompt \(usage?.promptTokens ?? -1) (evaluated \(usage?.promptTokensEvaluated ?? -1)), "
            + "completion \(usage?.completionTokens ?? -1), retries \(retries)\n"
        FileHandle.standardError.write(Data(text.utf8))
    }
}
