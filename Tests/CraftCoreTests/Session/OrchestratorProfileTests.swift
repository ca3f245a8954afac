@testable import CraftBackends
@testable import CraftCore
import Testing

@Suite struct OrchestratorProfileTests {
    static func history(_ count: Int) -> [Transcript.Entry] {
        (0..<count).flatMap { index -> [Transcript.Entry] in
            [.prompt(Prompt([.text("question \(index)")])), .response(Response(text: "answer \(index)"))]
        }
    }

    @Test func smallContextModelsKeepTheLastFourEntriesByDefault() {
        #expect(OrchestratorProfile.transform(forContextSize: 8192) == .keepLast(4))
        #expect(OrchestratorProfile.transform(forContextSize: 4096) == .keepLast(4))
        #expect(OrchestratorProfile.transform(forContextSize: 8193) == .keepAll)
        #expect(OrchestratorProfile.transform(forContextSize: nil) == .keepAll)
    }

    @Test func keepLastStartsAtAPromptSoNoAnswerIsOrphaned() {
        let transcript = Transcript(entries: [.instructions(Instructions("x"))] + Self.history(3))
        let kept = HistoryTransform.keepLast(3).apply(to: transcript)
        #expect(
            kept.entries == [
                .instructions(Instructions("x")), .prompt(Prompt([.text("question 2")])),
                .response(Response(text: "answer 2")),
            ])
        #expect(HistoryTransform.keepLast(4).apply(to: transcript).entries.count == 5)
        #expect(HistoryTransform.keepAll.apply(to: transcript) == transcript)
    }

    @Test func switchingModeReplacesInstructionsAndAppliesTheNewProfilesTransform() {
        let orchestrator = OrchestratorProfile.standard(contextSize: 4096)
        let brainstorming = Transcript(entries: [.instructions(CraftInstructions.brainstorm)] + Self.history(4))
        let tutorial = orchestrator.switching(brainstorming, from: .brainstorm, to: .tutorial)
        #expect(tutorial.entries.first == .instructions(CraftInstructions.tutorial))
        #expect(tutorial.entries.count == 5)
        #expect(tutorial.entries.dropFirst().first == .prompt(Prompt([.text("question 2")])))
    }

    @Test func stayingInAModeKeepsHistoryAndEnteringOneTrimsIt() {
        let orchestrator = OrchestratorProfile.standard(contextSize: 4096)
        let coaching = Transcript(entries: [.instructions(CraftInstructions.tutorial)] + Self.history(4))
        #expect(orchestrator.switching(coaching, from: .coach, to: .coach) == coaching)
        #expect(orchestrator.switching(coaching, from: .tutorial, to: .coach).entries.count == 5)
        #expect(orchestrator.switching(coaching, from: nil, to: .coach).entries.count == 5)
        var coach = orchestrator.profile(for: .coach)
        #expect(coach.options.repetition == OrchestratorProfile.Repetition.coach)
        coach.options.repetition = OrchestratorProfile.Repetition.tutorial
        #expect(coach == orchestrator.profile(for: .tutorial), "the coach differs from the tutorial in DRY only")
    }

    /// A check restates the step's words: the coach's DRY lets repeats of eight tokens go free, where the
    /// tutorial's lets four, and penalises longer ones as hard.
    @Test func theCoachMayRepeatLongerPhrasesThanTheTutorialAndIsStillHeldFromLooping() throws {
        let coach = try #require(OrchestratorProfile.Repetition.coach.dry)
        let tutorial = try #require(OrchestratorProfile.Repetition.tutorial.dry)
        #expect(coach.allowedLength == 8 && tutorial.allowedLength == 4)
        var same = coach
        same.allowedLength = tutorial.allowedLength
        #expect(same == tutorial)
        // An override of the penalties (none of the CLI's today) is left as it is.
        var tutorialProfile = OrchestratorProfile.standard(contextSize: nil).tutorial
        tutorialProfile.options.repetition = RepetitionPenalties(repeatPenalty: 1.2)
        #expect(OrchestratorProfile.coach(from: tutorialProfile) == tutorialProfile)
    }

    @Test func largeContextModelsKeepTheConversationAsItWasReadAndAddTheNewInstructionsAfterIt() {
        let orchestrator = OrchestratorProfile.standard(contextSize: 32_768)
        let brainstorming = Transcript(entries: [.instructions(CraftInstructions.brainstorm)] + Self.history(4))
        let term = orchestrator.switching(brainstorming, from: .brainstorm, to: .term)
        // Every earlier entry stays where it was, so the prompt's start, and a server's cache of it, holds.
        #expect(term.entries == brainstorming.entries + [.instructions(CraftInstructions.term)])
        #expect(term.currentInstructions == CraftInstructions.term)
        let asked = Transcript(entries: term.entries + Self.history(1))
        let tutorial = orchestrator.switching(asked, from: .term, to: .tutorial)
        #expect(tutorial.entries == asked.entries + [.instructions(CraftInstructions.tutorial)])
        // The coach shares the tutorial's instructions: nothing to add, and staying or re-entering changes nothing.
        #expect(orchestrator.switching(tutorial, from: .tutorial, to: .coach) == tutorial)
        #expect(orchestrator.switching(tutorial, from: nil, to: .coach) == tutorial)
        #expect(orchestrator.switching(tutorial, from: .coach, to: .coach) == tutorial)
        // Instructions nothing was said under yet give way, so a fresh session goes straight to its mode's.
        #expect(orchestrator.switching(term, from: .term, to: .tutorial).entries
            == brainstorming.entries + [.instructions(CraftInstructions.tutorial)])
        let fresh = Transcript(entries: [.instructions(CraftInstructions.brainstorm)])
        #expect(orchestrator.switching(fresh, from: .brainstorm, to: .tutorial).entries
            == [.instructions(CraftInstructions.tutorial)])
    }

    @Test func aSmallContextModelMovesTheCurrentInstructionsToTheTopAndDropsTheOthers() {
        let orchestrator = OrchestratorProfile.standard(contextSize: 4096)
        let mixed = Transcript(
            entries: [.instructions(CraftInstructions.brainstorm)] + Self.history(1)
                + [.instructions(CraftInstructions.tutorial)] + Self.history(3))
        let coach = orchestrator.switching(mixed, from: nil, to: .coach)
        #expect(coach.entries.first == .instructions(CraftInstructions.tutorial))
        #expect(coach.entries.filter { if case .instructions = $0 { true } else { false } }.count == 1)
        #expect(coach.entries.count == 5)
        #expect(mixed.withCurrentInstructionsFirst().entries.count == 9)
        #expect(mixed.withCurrentInstructionsFirst().entries.first == .instructions(CraftInstructions.tutorial))
    }

    @Test func profilesFollowTheDesign() {
        let orchestrator = OrchestratorProfile.standard(
            contextSize: 32_768, hasSmallModel: true)
        #expect(orchestrator.brainstorm.options.temperature == 1.0)
        #expect(orchestrator.tutorial.options.temperature ?? 1 <= 0.3)
        #expect(orchestrator.tutorial.options.reasoning != nil)
        #expect(orchestrator.term.options.sampling == .greedy)
        #expect(orchestrator.term.model == .small)
        // The small model reads only term's part, so a small context of its own does not trim the conversation.
        #expect(orchestrator.term.historyTransform == .keepAll)
        let tight = OrchestratorProfile.standard(contextSize: 4096, hasSmallModel: true)
        #expect(tight.term.historyTransform == .keepLast(4))
        #expect(OrchestratorProfile.standard(contextSize: nil).term.model == .primary)
    }

    @Test func commandLineOverridesWinOverEveryProfile() {
        let overrides = OrchestratorProfile.Overrides(temperature: 0.5, seed: 42, maximumResponseTokens: 900)
        let orchestrator = OrchestratorProfile.standard(contextSize: nil, overrides: overrides)
        #expect(Mode.allCases.allSatisfy { orchestrator.profile(for: $0).options.temperature == 0.5 })
        #expect(orchestrator.brainstorm.options.sampling == .random(seed: 42))
        #expect(orchestrator.term.options.sampling == .greedy)
        #expect(orchestrator.tutorial.options.maximumResponseTokens == 900)
    }

    @Test func theStandardProfilesCarryTheirRepetitionPenaltiesThroughOverrides() {
        let standard = OrchestratorProfile.standard(
            contextSize: 32_768, hasSmallModel: true, overrides: .init(temperature: 0.5, seed: 3))
        #expect(standard.brainstorm.options.repetition == OrchestratorProfile.Repetition.brainstorm)
        #expect(standard.profile(for: .tutorial).options.repetition == OrchestratorProfile.Repetition.tutorial)
        #expect(standard.profile(for: .coach).options.repetition == OrchestratorProfile.Repetition.coach)
        #expect(standard.term.options.repetition == OrchestratorProfile.Repetition.term)
        #expect(Mode.allCases.allSatisfy { standard.profile(for: $0).options.repetition?.dry != nil })
    }
}
