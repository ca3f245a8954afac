@testable import CraftBackends
@testable import CraftCore
@testable import CraftEval
import CraftTesting
import Foundation
import Testing

/// The library suite (Tests/Evals/library.json): library tutorials checked against the library, coach cases on
/// library steps with the measured shape check, and the figures of library and model-written tutorials apart.
@Suite struct EvalLibraryTests {
    static let suiteFile = PackageRoot.url.appendingPathComponent("Tests/Evals/library.json")

    /// A model that writes a plain tutorial and calls every coached step complete (the worst case for the check).
    static func model() -> TestLanguageModel {
        TestLanguageModel { call, _ in
            let text: String
            switch call.request.responseFormat?.name {
            case "Tutorial":
                text = #"{"title": "Paper cup", "materials": ["paper"], "steps": [{"number": 1, "title": "Fold", "#
                    + #""instruction": "Fold the square in half."}, {"number": 2, "title": "Fold again", "#
                    + #""instruction": "Fold the corners across."}, {"number": 3, "title": "Open", "#
                    + #""instruction": "Open it."}]}"#
            case "CoachFeedback":
                text = #"{"observation": "A fold.", "sections": [{"title": "What You Did Well", "body": "Neat."}, "#
                    + #"{"title": "Next Steps", "body": "Go on."}], "isCurrentStepComplete": true, "#
                    + #""completionMessage": "Done!"}"#
            default:
                throw ModelError.serverError(backend: "test", status: nil, message: "unexpected request")
            }
            return TestLanguageModel.events(streaming: text)
        }
    }

    @Test func libraryTutorialsMatchTheLibraryAndTheShapeCheckCatchesUnfinishedSteps() async throws {
        let suite = try EvalSuite.load(contentsOf: Self.suiteFile)
        let model = Self.model()
        let executor = EvalFlowExecutor(backends: [model], model: "test")
        let report = try await EvalRunner(executor: executor).run(suite, options: .init())
        let byName = Dictionary(uniqueKeysWithValues: report.runs.map { ($0.caseName, $0) })
        for name in ["tutorial library paper cup", "tutorial library crane", "tutorial library pom-pom"] {
            let run = try #require(byName[name])
            #expect(run.passed, "\(name): \(run.failures)")
            #expect(run.assertions.contains { $0.name == "libraryStepsMatch" && $0.passed })
        }
        // Only the model-written tutorial asked the model for a tutorial.
        #expect(model.calls.filter { $0.request.responseFormat?.name == "Tutorial" }.count == 1)
        // The model, which sees, calls every step complete; the measured outline overrules it on the unfinished
        // library steps, but nothing can on the model-written tutorial, nor on the cup's last step, which leaves no
        // flat outline (the rim is what a blind model's "complete" needs).
        #expect(byName["coach library cup step 3 unfinished"]?.outcome.stepComplete == false)
        #expect(byName["coach library cup step 5 unfinished"]?.outcome.stepComplete == false)
        #expect(byName["coach library cup step 6 unfinished"]?.outcome.stepComplete == true)
        #expect(byName["coach library cup step 3 done"]?.outcome.stepComplete == true)
        #expect(byName["coach library cup step 6 done"]?.outcome.stepComplete == true)
        #expect(byName["coach model-written cup step 3 unfinished"]?.outcome.stepComplete == true)
        let sources = try #require(report.metrics.tutorialSources)
        #expect(sources.map(\.source) == ["library", "model"])
        #expect(sources[0].runs == 9 && sources[0].falseCompletes == 1 && sources[0].coachJudged == 3)
        #expect(sources[1].runs == 2 && sources[1].falseCompletes == 1)
        let table = EvalTableReporter.render(report, colour: false, width: nil)
        #expect(table.contains("library tutorials "))
        #expect(table.contains("model-written tutorials "))
    }

    /// A blind model that calls no step complete: on the library's steps, origami's measurement (a backed change and
    /// an agreeing outline, or on the cup's last step its new rim) decides the done photos, and the report says so
    /// beside the model's own verdict.
    @Test func aBlindModelsNotCompleteOnALibraryStepTheMeasurementShowsDoneIsActedOnAsComplete() async throws {
        let suite = try EvalSuite.load(contentsOf: Self.suiteFile)
        let blind = TestLanguageModel(
            capabilities: .init(vision: false, nativeJSONSchema: true, tools: false, contextSize: 32_768)
        ) { _, _ in
            TestLanguageModel.events(streaming: #"{"observation": "A fold.", "sections": [{"title": "What You "#
                + #"Did Well", "body": "Neat."}, {"title": "Next Steps", "body": "Go on."}], "#
                + #""isCurrentStepComplete": false, "completionMessage": null}"#)
        }
        let executor = EvalFlowExecutor(backends: [blind], model: "test")
        let report = try await EvalRunner(executor: executor).run(suite, options: .init(filter: "coach library*"))
        #expect(report.runs.count == 6)
        for run in report.runs {
            let done = run.caseName.hasSuffix(" done")
            #expect(run.outcome.modelStepComplete == false, "\(run.caseName)")
            #expect(run.outcome.stepComplete == done, "\(run.caseName)")
            #expect(run.outcome.coachEvidence?.decidedByMeasurement == (done ? true : nil), "\(run.caseName)")
            let shape = run.caseName.contains("step 6") ? nil : done ? "agrees" : "disagrees"
            #expect(run.outcome.coachEvidence?.shape == shape, "\(run.caseName)")
            let line = try #require(EvalFormat.coachEvidence(run))
            #expect(line.contains("model said not complete · acted on " + (done ? "complete" : "not complete")))
            #expect(line.contains("done on origami's measurement") == done, "\(line)")
        }
    }

    @Test func aTutorialThatChangesALibraryStepFailsTheMatch() {
        var changed = try! ProjectLibrary.bundled().project(named: "paper-cup")!.tutorial
        let expectations = EvalExpectations(libraryTutorial: changed)
        changed.steps[1].instruction = "Fold the paper in half again."
        let outcome = EvalOutcome(answer: changed.generatedContent.jsonString, schemaValid: true, latencyMs: 0)
        let verdict = EvalSourceFigures.libraryVerdict(expectations, on: outcome)
        #expect(verdict?.passed == false)
        #expect(verdict?.message == "steps 2 differ from the library's")
    }
}
