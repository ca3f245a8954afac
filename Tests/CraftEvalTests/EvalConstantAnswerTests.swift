@testable import CraftCore
@testable import CraftEval
import CraftTesting
import Foundation
import Testing

/// The shipped suite (`Tests/Evals/samples.json`) and its own gates, run against answers made here with no model:
/// one held constant (a category for every photo, a verdict for every step) and the rest true. Each constant answer
/// must fail the gate about what was held constant, and the true answers must pass every gate, so the gates can
/// tell a model that helps from one that always says the same thing.
@Suite struct EvalConstantAnswerTests {
    static let suiteURL = PackageRoot.url.appendingPathComponent("Tests/Evals/samples.json")

    /// What the made-up answers hold constant; nil answers the truth.
    struct Constant: Sendable {
        var category: String?
        var verdict: Bool?
        /// Whether the model "saw" the photos: a blind model's complete verdict is set aside by origami.
        var sees = true
    }

    /// An outcome for `evalCase`: the truth from the suite's manifest, except what `constant` holds.
    static func answer(_ evalCase: EvalCase, _ constant: Constant) -> EvalOutcome {
        var outcome = EvalOutcome(schemaValid: true, latencyMs: 1)
        let photos = evalCase.inputs.photos.enumerated().map { ($1.path, "Photo_\(100_000 + $0)") }
        outcome.photoLabels = Dictionary(uniqueKeysWithValues: photos)
        switch evalCase.mode {
        case .brainstorm:
            outcome.analyses = photos.map { path, label in
                .init(label: label, category: constant.category ?? evalCase.expectations.categories[path] ?? "?")
            }
            outcome.ideaCount = 3
        case .coach:
            let own = constant.verdict ?? evalCase.expectations.stepComplete ?? false
            outcome.modelStepComplete = own
            outcome.stepComplete = own && constant.sees
            outcome.coachEvidence = EvalCoachEvidence(
                sawPhoto: constant.sees, basis: constant.sees ? "photo" : "description", descriptions: [])
        case .tutorial, .term:
            break
        }
        return outcome
    }

    /// The shipped suite run on `constant`'s answers; the names of the gates that failed.
    static func failedGates(_ constant: Constant) async throws -> (report: EvalReport, failed: Set<String>) {
        let suite = try EvalSuite.load(contentsOf: suiteURL)
        let executor = TestExecutor { evalCase, _ in answer(evalCase, constant) }
        let report = try await EvalRunner(executor: executor).run(suite, options: EvalRunOptions(concurrency: 4))
        return (report, Set(report.gates.filter { !$0.passed }.map(\.name)))
    }

    @Test func trueAnswersPassEveryGateOfTheShippedSuite() async throws {
        let (report, failed) = try await Self.failedGates(Constant())
        #expect(failed.isEmpty, "\(report.gates.map(\.message))")
        #expect(report.metrics.categoryBalancedAccuracy == 1)
        #expect(report.metrics.coachBalancedAccuracy == 1)
    }

    @Test(arguments: ImageCategory.allCases)
    func oneCategoryForEveryPhotoFailsTheCategoryGate(category: ImageCategory) async throws {
        let (report, failed) = try await Self.failedGates(Constant(category: category.rawValue))
        #expect(failed == ["min-category-balanced-accuracy"], "\(report.gates.map(\.message))")
        let accuracy = try #require(report.metrics.categoryBalancedAccuracy)
        #expect(abs(accuracy - 1.0 / 3) < 1e-9)
    }

    @Test(arguments: [true, false])
    func oneVerdictForEveryStepFailsTheCoachGate(verdict: Bool) async throws {
        let (report, failed) = try await Self.failedGates(Constant(verdict: verdict))
        #expect(failed.contains("min-coach-balanced-accuracy"), "\(report.gates.map(\.message))")
        #expect(!failed.contains("min-category-balanced-accuracy"))
        #expect(report.metrics.coachBalancedAccuracy == 0.5)
        #expect(report.metrics.coachModelBalancedAccuracy == 0.5)
        // Calling every step complete also breaks the false-complete bound; calling none complete does not.
        #expect(failed.contains("max-false-complete-rate") == verdict)
    }

    @Test func aBlindModelCallingEveryStepCompleteFailsTheCoachGateOnTheVerdictActedOn() async throws {
        let (report, failed) = try await Self.failedGates(Constant(verdict: true, sees: false))
        #expect(failed == ["min-coach-balanced-accuracy"], "\(report.gates.map(\.message))")
        #expect(report.metrics.coach.truePositives == 0)
        #expect(report.metrics.coachModel?.falsePositives == report.metrics.coach.trueNegatives)
        #expect(report.metrics.coachModel?.falseCompleteRate == 1)
    }

    @Test func theShippedSuiteHoldsTheThreeCategoriesAlikeAndCoachStepsHalfDone() throws {
        let suite = try EvalSuite.load(contentsOf: Self.suiteURL)
        var categories: [String: Int] = [:]
        for evalCase in suite.cases {
            for category in evalCase.expectations.categories.values { categories[category, default: 0] += 1 }
        }
        #expect(Set(categories.keys) == Set(ImageCategory.allCases.map(\.rawValue)))
        #expect(Set(categories.values).count == 1, "\(categories)")
        let coach = suite.cases.filter { $0.mode == .coach }
        let done = coach.filter { $0.expectations.stepComplete == true }
        #expect(done.count * 2 == coach.count && !coach.isEmpty)
        let steps = Set(coach.compactMap(\.inputs.step))
        #expect(steps.count >= 4, "the coach cases follow a multi-step sequence")
        for step in steps {
            #expect(Set(coach.filter { $0.inputs.step == step }.compactMap(\.expectations.stepComplete)) == [true, false])
        }
    }
}
