@testable import CraftCore
import CraftTesting
import Testing

@Suite struct TutorialAndTermTests {
    static let idea = BrainstormIdea(title: "Paper cup", description: "A cup folded from one red square.")

    @Test func theTutorialIsAskedForTheChosenIdeaWithTheTutorialProfile() async throws {
        let model = TestLanguageModel(answers: [Flow.tutorialJSON])
        let result = try await TutorialWriter(session: LanguageModelSession(model: model)).write(idea: Self.idea)
        #expect(result.content.steps.map(\.number) == [1, 2, 3])
        let call = model.calls[0]
        #expect(call.instructions == [CraftInstructions.tutorial.text])
        #expect(call.prompt?.text.contains("\"Paper cup\". A cup folded from one red square.") == true)
        #expect(call.request.options.temperature == 0.2)
        #expect(call.request.responseFormat?.name == "Tutorial")
        #expect(call.request.responseFormat?.plainJSONSchema.contains(#""maxItems":15"#) == true)
        #expect(call.request.options.repetition == OrchestratorProfile.Repetition.tutorial)
    }

    /// The grammar holds the model to the step rule's 3 to 10; only the materials, which have no maximum of their own,
    /// are capped at `maximumListLength`.
    @Test func theTutorialSchemaKeepsTheStepCountAndCapsTheMaterials() {
        guard case .object(let properties) = TutorialWriter.schema.kind else {
            Issue.record("not an object")
            return
        }
        func count(_ name: String) -> (Int?, Int?)? {
            guard case .array(_, let least, let most)? = properties.first(where: { $0.name == name })?.schema.kind
            else { return nil }
            return (least, most)
        }
        #expect(count("steps").map { [$0.0, $0.1] } == [3, 10])
        #expect(count("materials").map { [$0.0, $0.1] } == [1, TutorialWriter.maximumListLength])
    }

    @Test func stepsNumberedOutOfOrderAreAskedForAgain() async throws {
        let shuffled = Flow.tutorialJSON.replacingOccurrences(of: #""number": 2"#, with: #""number": 5"#)
        let model = TestLanguageModel(answers: [shuffled, Flow.tutorialJSON])
        let result = try await TutorialWriter(session: LanguageModelSession(model: model)).write(idea: Self.idea)
        #expect(result.retries == 1)
        #expect(model.calls[1].prompt?.text.contains("steps[1].number") == true)
    }

    @Test func extractedTermsMustOccurInTheTutorial() async throws {
        let model = TestLanguageModel(answers: [
            #"{"terms": ["valley fold", "squash fold"]}"#, #"{"terms": ["valley fold", "Valley  Fold", "pockets"]}"#,
        ])
        let result = try await TermGlossary(session: LanguageModelSession(model: model)).extractTerms(
            from: Flow.tutorial)
        #expect(
            model.calls[1].prompt?.text.contains("terms[1]: \"squash fold\" does not occur in the tutorial") == true)
        #expect(result.content.terms == ["valley fold", "pockets"])
        let call = model.calls[0]
        #expect(call.instructions == [CraftInstructions.term.text])
        #expect(call.request.options.sampling == .greedy)
        #expect(call.prompt?.text.contains("1. Fold a triangle: Fold the square in half corner to corner") == true)
    }

    @Test func theTutorialsTitleAndHeadingsAreNoTermsAndAreDropped() async throws {
        let model = TestLanguageModel(answers: [#"{"terms": ["Paper Cup", "Materials", "valley fold", "Steps:"]}"#])
        let result = try await TermGlossary(session: LanguageModelSession(model: model)).extractTerms(
            from: Flow.tutorial)
        #expect(result.content.terms == ["valley fold"])
        #expect(result.retries == 0, "dropped, not asked for again")
        #expect(result.repairs == [
            #"terms[0]: "Paper Cup" frames the tutorial, it is no craft term; removed"#,
            #"terms[1]: "Materials" frames the tutorial, it is no craft term; removed"#,
            #"terms[3]: "Steps:" frames the tutorial, it is no craft term; removed"#,
        ])
    }

    @Test func anExplanationMustBeAboutTheTermAskedFor() async throws {
        let model = TestLanguageModel(answers: [
            #"{"term": "mountain fold", "explanation": "A fold that makes a ridge."}"#,
            #"{"term": "Valley fold", "explanation": "A fold that makes a valley: the crease sinks away from you."}"#,
        ])
        let result = try await TermGlossary(session: LanguageModelSession(model: model))
            .explain(term: "valley fold", in: Flow.tutorial)
        #expect(result.retries == 1)
        #expect(result.content.term == "Valley fold")
        #expect(
            model.calls[0].flowPrompt?.text
                == "Explain the craft term \"valley fold\" as it is used in the tutorial \"Paper cup\".")
    }
}
