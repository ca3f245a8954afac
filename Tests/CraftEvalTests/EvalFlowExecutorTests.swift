@testable import CraftBackends
@testable import CraftCore
@testable import CraftImages
@testable import CraftEval
@testable import CraftSchema
import CraftTesting
import Foundation
import Synchronization
import Testing

@Suite struct EvalFlowExecutorTests {
    /// Attachments labelled from the file's bytes, as the photo pipeline labels them.
    private static let loader: EvalFlowExecutor.PhotoLoader = { url in
        let bytes = Array(try Data(contentsOf: url))
        let sha = SHA256.hex(of: bytes)
        return Attachment(label: Photo.label(forSHA256: sha), sha256: sha, data: Data(bytes), description: url.lastPathComponent)
    }

    /// A model that analyses every photo it is shown as craft supplies, except ones whose description says crane.
    private static func model() -> TestLanguageModel {
        TestLanguageModel { call, _ in
            let text: String
            switch call.request.responseFormat?.name {
            case "ImageAnalysisList":
                let items = (call.prompt?.attachments ?? []).map { photo in
                    let category = photo.description?.contains("crane") == true ? "a finished craft piece" : "craft supplies"
                    return #"{"image": "\#(photo.label)", "analysis": "A sheet of paper on a table.", "typeOfImage": "\#(category)"}"#
                }
                text = #"{"images": [\#(items.joined(separator: ", "))]}"#
            case "BrainstormIdeaList":
                text = #"{"ideas": [{"title": "Paper crane", "description": "Fold it."}, {"title": "Star box", "description": "Lid."}, {"title": "Garland", "description": "String."}]}"#
            case "CoachFeedback":
                let wrong = call.prompt?.attachments.first?.description?.contains("wrong") == true
                text = #"{"observation": "A fold.", "sections": [{"title": "What You Did Well", "body": "Neat."}, {"title": "Next Steps", "body": "Go on."}], "isCurrentStepComplete": \#(!wrong), "completionMessage": \#(wrong ? "null" : "\"Done!\"")}"#
            case "ExtractedTerms":
                text = #"{"terms": ["valley fold"]}"#
            case "TermExplanation":
                text = #"{"term": "valley fold", "explanation": "A fold that makes a valley."}"#
            default:
                throw ModelError.serverError(backend: "test", status: nil, message: "unexpected \(String(describing: call.request.responseFormat?.name))")
            }
            return TestLanguageModel.events(streaming: text)
        }
    }

    private static let tutorial = Tutorial(title: "Paper cup", materials: ["paper"], steps: [
        TutorialStep(number: 1, title: "Triangle", instruction: "Fold a valley fold corner to corner."),
        TutorialStep(number: 2, title: "Sides", instruction: "Fold the sides across."),
    ])

    @Test func brainstormRecordsLabelsCategoriesIdeasAndTokensOfBothPasses() async throws {
        let scratch = try EvalScratch(["paper.jpg": "paper", "crane.jpg": "crane"])
        let photos = ["paper.jpg", "crane.jpg"].map { EvalPhoto(path: $0, url: scratch.url($0)) }
        let model = Self.model()
        let executor = EvalFlowExecutor(backends: [model], model: "qwen", loadPhoto: Self.loader)
        let evalCase = EvalCase(name: "b", mode: .brainstorm, inputs: .init(photos: photos),
                                expectations: .init(minIdeas: 3, labelsValid: true, categories: ["paper.jpg": "craft supplies", "crane.jpg": "a finished craft piece"],
                                                    contains: [.init(path: "ideas[*].title", text: "crane")]))
        let report = try await EvalRunner(executor: executor).run(EvalSuite(name: "s", cases: [evalCase]), options: .init())
        let run = report.runs[0]
        #expect(run.failures == [])
        #expect(run.outcome.photoLabels["paper.jpg"] == Photo.label(forSHA256: SHA256.hex(of: Array("paper".utf8))))
        #expect(run.outcome.ideaCount == 3)
        #expect(run.outcome.promptTokens == 200)
        #expect(run.outcome.backend == "test")
        #expect(report.metrics.categoryAccuracy == 1)
        #expect(report.model == "qwen")
        #expect(model.calls.count == 2)
        let answer = try GeneratedContent(json: try #require(run.outcome.answer))
        #expect(answer["analyses"]?.arrayValue?.count == 2)
    }

    @Test func coachCasesRunOnFreshSessionsAndFeedTheMatrix() async throws {
        let scratch = try EvalScratch(["done.jpg": "done", "wrong.jpg": "wrong"])
        let model = Self.model()
        let executor = EvalFlowExecutor(backends: [model], loadPhoto: Self.loader)
        let cases = [("done.jpg", true), ("wrong.jpg", false)].map { file, complete in
            EvalCase(name: file, mode: .coach,
                     inputs: .init(photos: [EvalPhoto(path: file, url: scratch.url(file))], tutorial: Self.tutorial, step: 2),
                     expectations: .init(stepComplete: complete))
        }
        let report = try await EvalRunner(executor: executor).run(EvalSuite(name: "s", cases: cases), options: .init(concurrency: 2))
        #expect(report.runs.map(\.passed) == [true, true])
        #expect(report.metrics.coach == ConfusionMatrix(truePositives: 1, trueNegatives: 1))
        #expect(model.calls.count == 2)
        for call in model.calls {
            let prompts = call.transcript.entries.filter { if case .prompt = $0 { true } else { false } }
            #expect(prompts.count == 1)
            #expect(call.prompt?.text.contains("I'm working on step 2 of the tutorial.") == true)
        }
    }

    @Test func aBlindModelsCompleteVerdictIsKeptBesideTheOneOrigamiActedOn() async throws {
        let scratch = try EvalScratch(["done.jpg": "done"])
        let blind = TestLanguageModel(
            capabilities: .init(vision: false, nativeJSONSchema: true, tools: false, contextSize: 32_768),
            answers: [#"{"observation": "A fold.", "sections": [{"title": "What You Did Well", "body": "Neat."}, "#
                + #"{"title": "Next Steps", "body": "Go on."}], "isCurrentStepComplete": true, "completionMessage": "Done!"}"#])
        let executor = EvalFlowExecutor(backends: [blind], loadPhoto: Self.loader)
        let evalCase = EvalCase(
            name: "c", mode: .coach,
            inputs: .init(photos: [EvalPhoto(path: "done.jpg", url: scratch.url("done.jpg"))], tutorial: Self.tutorial, step: 1),
            expectations: .init(stepComplete: true))
        let outcome = try await executor.run(evalCase)
        #expect(outcome.modelStepComplete == true)
        #expect(outcome.stepComplete == false)
        #expect(outcome.coachEvidence == EvalCoachEvidence(sawPhoto: false, basis: "description", descriptions: ["done.jpg"]))
    }

    @Test func aCoachCaseTellsTheModelTheChangeFromItsEarlierPhotoAndActsOnACompleteItBacks() async throws {
        let scratch = try EvalScratch(["before.jpg": "before", "done.jpg": "done"])
        let blind = TestLanguageModel(
            capabilities: .init(vision: false, nativeJSONSchema: true, tools: false, contextSize: 32_768),
            answers: [#"{"observation": "A fold.", "sections": [{"title": "What You Did Well", "body": "Neat."}, "#
                + #"{"title": "Next Steps", "body": "Go on."}], "isCurrentStepComplete": true, "completionMessage": "Done!"}"#])
        let measured = Mutex<[String?]>([])
        let meter: EvalFlowExecutor.ChangeMeter = { earlier, _ in
            measured.withLock { $0.append(earlier?.lastPathComponent) }
            return PhotoChange(
                before: .init(outline: .square, share: 0.4, aspect: 1, creases: [], colours: ["teal"]),
                after: .init(outline: .triangle, share: 0.2, aspect: 2, creases: [], colours: ["teal"]))
        }
        let executor = EvalFlowExecutor(backends: [blind], loadPhoto: Self.loader, measureChange: meter)
        let evalCase = EvalCase(
            name: "c", mode: .coach,
            inputs: .init(photos: [EvalPhoto(path: "done.jpg", url: scratch.url("done.jpg"))], tutorial: Self.tutorial,
                          step: 2, earlierPhoto: EvalPhoto(path: "before.jpg", url: scratch.url("before.jpg"))),
            expectations: .init(stepComplete: true))
        let outcome = try await executor.run(evalCase)
        #expect(measured.withLock { $0 } == ["before.jpg"])
        let change = try #require(outcome.coachEvidence?.change)
        #expect(blind.calls.first?.prompt?.text.contains(change) == true)
        #expect(outcome.coachEvidence?.basis == "change")
        #expect(outcome.stepComplete == true)
    }

    @Test func aChangedPhotoDescriptionIsACacheMiss() async throws {
        let scratch = try EvalScratch(["done.jpg": "done"])
        let cache = EvalCache(folder: scratch.url("cache"))
        let evalCase = EvalCase(
            name: "c", mode: .coach,
            inputs: .init(photos: [EvalPhoto(path: "done.jpg", url: scratch.url("done.jpg"))], tutorial: Self.tutorial, step: 1))
        func cached(describing description: String) async throws -> Bool {
            let loader: EvalFlowExecutor.PhotoLoader = { url in
                var attachment = try Self.loader(url)
                attachment.description = description
                return attachment
            }
            let executor = EvalFlowExecutor(backends: [Self.model()], loadPhoto: loader)
            let report = try await EvalRunner(executor: executor)
                .run(EvalSuite(name: "s", cases: [evalCase]), options: .init(cache: cache))
            return report.runs[0].cached
        }
        #expect(try await cached(describing: "a teal triangle") == false)
        #expect(try await cached(describing: "a teal triangle") == true)
        // The same file, described differently: the model would read another prompt, so it is asked again.
        #expect(try await cached(describing: "a teal triangle with one crease") == false)
    }

    @Test func termExtractsThenExplains() async throws {
        let executor = EvalFlowExecutor(backends: [Self.model()], loadPhoto: Self.loader)
        let evalCase = EvalCase(name: "t", mode: .term, inputs: .init(tutorial: Self.tutorial),
                                expectations: .init(contains: [.init(path: "explanation.explanation", text: "valley")]))
        let outcome = try await executor.run(evalCase)
        let failure = outcome.error
        #expect(failure == nil)
        #expect(outcome.answer == #"{"terms":["valley fold"],"explanation":{"term":"valley fold","explanation":"A fold that makes a valley."}}"#)
        let verdicts = EvalAssertions.evaluate(evalCase.expectations, on: outcome)
        #expect(verdicts.filter { !$0.passed } == [])
    }

    @Test func anAnswerStillInvalidAfterRetriesIsASchemaFailureWithItsCosts() async throws {
        let model = TestLanguageModel(answers: [#"{"title": "Cup", "materials": [], "steps": []}"#])
        let executor = EvalFlowExecutor(backends: [model], loadPhoto: Self.loader)
        let evalCase = EvalCase(name: "t", mode: .tutorial, inputs: .init(idea: BrainstormIdea(title: "Cup", description: "")),
                                expectations: .init(schemaValid: true))
        let outcome = try await executor.run(evalCase)
        let failure = outcome.error
        #expect(failure?.exitStatus == 65)
        #expect(outcome.schemaValid == false)
        #expect(outcome.answerState == .invalid)
        #expect(outcome.retries == 1)
        #expect(outcome.promptTokens == 200)
        #expect(model.calls.count == 2)
    }

    @Test func anUnreadablePhotoFailsTheCaseOnly() async throws {
        let executor = EvalFlowExecutor(backends: [Self.model()], loadPhoto: Self.loader)
        let evalCase = EvalCase(name: "b", mode: .brainstorm,
                                inputs: .init(photos: [EvalPhoto(path: "gone.jpg", url: URL(fileURLWithPath: "/nonexistent/gone.jpg"))]))
        let outcome = try await executor.run(evalCase)
        let failure = outcome.error
        #expect(failure?.message.contains("gone.jpg") == true)
        #expect(outcome.answer == nil)
        #expect(outcome.answerState == .unanswered)
    }

    @Test func promptVersionFollowsOverrides() {
        let plain = EvalFlowExecutor(backends: [Self.model()], loadPhoto: Self.loader)
        let seeded = EvalFlowExecutor(backends: [Self.model()], overrides: .init(seed: 7), loadPhoto: Self.loader)
        #expect(plain.identity.promptVersion.count == 16)
        #expect(plain.identity.promptVersion == EvalFlowExecutor(backends: [Self.model()], loadPhoto: Self.loader).identity.promptVersion)
        #expect(plain.identity.promptVersion != seeded.identity.promptVersion)
    }
}

@Suite struct EvalPreflightTests {
    @Test func stopsWhenNoBackendIsAvailableAndPassesWhenOneIs() async throws {
        let down = TestLanguageModel(name: "replay", availability: .unavailable(reason: "the cassette is missing")) { _, _ in [] }
        let up = TestLanguageModel(answers: ["{}"])
        await #expect(throws: ModelError.unavailable(backend: "replay", reason: "the cassette is missing")) {
            try await EvalFlowExecutor(backends: [down]).preflight()
        }
        let alsoDown = TestLanguageModel(name: "ollama", availability: .unavailable(reason: "run `ollama serve`")) {
            _, _ in []
        }
        let both = await #expect(throws: FallbackError.self) {
            try await EvalFlowExecutor(backends: [down, alsoDown]).preflight()
        }
        #expect(both.map { "\($0)" } == """
            no backend of the chain could answer; check each one with `origami doctor`:
              - replay (unavailable): the cassette is missing
              - ollama (unavailable): run `ollama serve`
            """)
        try await EvalFlowExecutor(backends: [down, up]).preflight()
    }
}
