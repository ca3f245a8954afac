@testable import CraftCore
import CraftTesting
import Testing

/// The flows with the session's repairs and domain rules: what is repaired is accepted at once and reported; what
/// breaks a rule goes back to the model once, carrying the violations.
@Suite struct RepairFlowTests {
    @Test func anIncompleteVerdictWithAMessageStandsAndTheMessageIsDropped() async throws {
        let model = TestLanguageModel(answers: [Flow.feedback(complete: false, message: "Great job!")])
        let session = LanguageModelSession(model: model)
        let result = try await CoachTests.check(model, session: session)
        #expect(!result.isStepComplete && result.feedback.completionMessage == nil)
        #expect(result.retries == 0 && model.calls.count == 1)
        #expect(result.repairs == ["completionMessage: dropped, since isCurrentStepComplete is false (the verdict stands)"])
        #expect(await session.tally.repairs == result.repairs)
    }

    @Test func exactDuplicatesAreRemovedWithoutAskingAgain() async throws {
        let doubled = Flow.tutorialJSON.replacingOccurrences(
            of: #""materials": ["one square of origami paper"]"#,
            with: #""materials": ["one square of origami paper", "One square of origami paper."]"#)
        .replacingOccurrences(of: #"{"number": 3, "title": "Fold the flaps""#, with: #"""
            {"number": 3, "title": "Fold the sides", "instruction": "Fold the left and right corners to the opposite edges."},
            {"number": 4, "title": "Fold the flaps"
            """#)
        let model = TestLanguageModel(answers: [doubled])
        let result = try await TutorialWriter(session: LanguageModelSession(model: model)).write(idea: TutorialAndTermTests.idea)
        #expect(result.content == Flow.tutorial)
        #expect(result.repairs.count == 3 && result.repairs.last == "steps: renumbered 1 to 3")
        #expect(model.calls.count == 1)
    }

    @Test func repeatedStepsGoBackToTheModelWithTheViolations() async throws {
        let repeated = #"""
            {"title": "Paper cup", "materials": ["paper"], "steps": [
              {"number": 1, "title": "Fold", "instruction": "Fold the smaller triangle in half again."},
              {"number": 2, "title": "Fold again", "instruction": "Fold the smaller triangle in half again"},
              {"number": 3, "title": "Fold once more", "instruction": "fold a smaller triangle in half again!"}
            ]}
            """#
        let model = TestLanguageModel(answers: [repeated, Flow.tutorialJSON])
        let result = try await TutorialWriter(session: LanguageModelSession(model: model)).write(idea: TutorialAndTermTests.idea)
        #expect(result.retries == 1 && result.content == Flow.tutorial)
        let retry = try #require(model.calls.last?.prompt?.text)
        #expect(retry.contains("- steps[1].instruction: repeats step 1; every step must do something new"))
        #expect(retry.contains("- steps[2].instruction: repeats step 1"))
    }

    @Test func aColourWordForAnAnalysisGoesBackToTheModel() async throws {
        let bare = #"{"images": [{"image": "\#(Flow.paper.label)", "analysis": "beige", "typeOfImage": "craft supplies"}]}"#
        let model = TestLanguageModel { call, index in
            let text = call.request.responseFormat?.name == "ImageAnalysisList"
                ? (index == 0 ? bare : Flow.analyses([Flow.paper.label])) : Flow.ideas
            return TestLanguageModel.events(streaming: text)
        }
        let result = try await Brainstorm(session: LanguageModelSession(model: model)).run(photos: [Flow.paper])
        #expect(result.retries == 1)
        #expect(model.calls[1].prompt?.text.contains("images[0].analysis: \"beige\" is not a sentence") == true)
    }
}
