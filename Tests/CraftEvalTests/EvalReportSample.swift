@testable import CraftBackends
@testable import CraftEval
import Foundation

/// A report with one run of each kind, for the reporter tests: a passing brainstorm with two photos, a coach
/// run that called an unfinished step complete, and a run that errored with markup and a control character in
/// its message.
enum EvalReportSample {
    static let supplies = EvalPhoto(path: "../SamplePhotos/paper.jpg", url: URL(fileURLWithPath: "/photos/paper.jpg"))
    static let yarn = EvalPhoto(path: "../SamplePhotos/yarn.png", url: URL(fileURLWithPath: "/photos/yarn.png"))
    static let progress = EvalPhoto(path: "../SamplePhotos/step2.jpg", url: URL(fileURLWithPath: "/photos/step2.jpg"))

    static func make(gates: EvalGates = EvalGates(minPassRate: 0.5, maxFalseCompleteRate: 0.2)) -> EvalReport {
        let brainstormExpect = EvalExpectations(minIdeas: 3, labelsValid: true, categories: [supplies.path: "craft supplies"])
        let brainstorm = EvalOutcome(
            answer: #"{"analyses":[{"imageReference":"Photo_aaaaaa","category":"craft supplies"}],"ideas":[{"title":"Crane <mobile>"},{"title":"Box"},{"title":"Star"}]}"#,
            photoLabels: [supplies.path: "Photo_aaaaaa", yarn.path: "Photo_bbbbbb"],
            analyses: [.init(label: "Photo_aaaaaa", category: "craft supplies"), .init(label: "Photo_bbbbbb", category: "craft supplies")],
            ideaCount: 3, schemaValid: true, latencyMs: 12_345, promptTokens: 900, completionTokens: 300, backend: "replay"
        )
        let coachExpect = EvalExpectations(stepComplete: false)
        var coach = EvalOutcome(
            answer: #"{"sections":[],"isCurrentStepComplete":true}"#, photoLabels: [progress.path: "Photo_cccccc"],
            stepComplete: true, schemaValid: true, latencyMs: 800, promptTokens: 400, completionTokens: 80, retries: 1
        )
        coach.modelStepComplete = true
        coach.coachEvidence = EvalCoachEvidence(
            sawPhoto: false, basis: "note", descriptions: ["Photo_cccccc: a teal square"], note: "I folded it")
        let failedExpect = EvalExpectations(minIdeas: 3)
        let failed = EvalOutcome.failed(ModelError.invalidOutput(violations: ["ideas: <3 & \"few\"\u{1}"]), latencyMs: 50)
        let runs = [
            EvalRunResult(caseName: "paper & yarn", mode: .brainstorm, iteration: 1, photos: [supplies, yarn],
                          expectations: brainstormExpect, cached: true, outcome: brainstorm,
                          assertions: EvalAssertions.evaluate(brainstormExpect, on: brainstorm)),
            EvalRunResult(caseName: "step 2 unfinished", mode: .coach, iteration: 1, photos: [progress],
                          expectations: coachExpect, outcome: coach, assertions: EvalAssertions.evaluate(coachExpect, on: coach)),
            EvalRunResult(caseName: "broken <case>", mode: .brainstorm, iteration: 2, photos: [supplies],
                          expectations: failedExpect, outcome: failed, assertions: EvalAssertions.evaluate(failedExpect, on: failed)),
        ]
        return EvalReport(
            suite: "samples", suiteFile: "Tests/Evals/samples.json", backend: "replay", model: "qwen2.5-coder-0.5b",
            startedAt: Date(timeIntervalSince1970: 1_800_000_000), durationMs: 13_195, concurrency: 2, runs: runs, gates: gates
        )
    }
}
