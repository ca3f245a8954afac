@testable import CraftBackends
@testable import CraftCore
@testable import CraftImages
@testable import CraftEval
import CraftSchema
import Foundation
import Testing

@Suite struct EvalMeasurementExecutorTests {
    /// Attachments labelled from the file's bytes; a file whose text names a category carries that reading.
    private static let loader: EvalFlowExecutor.PhotoLoader = { url in
        let text = try String(contentsOf: url, encoding: .utf8)
        let sha = SHA256.hex(of: Array(text.utf8))
        let reading = ["supplies", "finished piece", "inspiration"].first { text.hasPrefix($0) }
            .map { Attachment.Reading(category: $0, reason: "the test says so") }
        return Attachment(
            label: Photo.label(forSHA256: sha), sha256: sha, data: nil, description: text, reading: reading)
    }

    private static let tutorial = Tutorial(title: "Paper cup", materials: ["paper"], steps: [
        TutorialStep(number: 1, title: "Triangle", instruction: "Fold a valley fold corner to corner."),
        TutorialStep(number: 2, title: "Sides", instruction: "Fold the sides across."),
    ])

    /// A sheet that became a triangle for `folded.jpg`; the same square again for any other photo.
    private static let meter: EvalFlowExecutor.ChangeMeter = { _, later in
        let sheet = PhotoChange.Piece(outline: .square, share: 0.4, aspect: 1, creases: [], colours: ["teal"])
        let folded = PhotoChange.Piece(outline: .triangle, share: 0.2, aspect: 2, creases: [], colours: ["teal"])
        return PhotoChange(before: sheet, after: later.lastPathComponent == "folded.jpg" ? folded : sheet)
    }

    private static func coachCase(_ file: String, _ scratch: EvalScratch, complete: Bool) -> EvalCase {
        EvalCase(
            name: file, mode: .coach,
            inputs: .init(photos: [EvalPhoto(path: file, url: scratch.url(file))], tutorial: tutorial, step: 1),
            expectations: .init(stepComplete: complete))
    }

    @Test func aCoachVerdictIsCompleteExactlyWhenTheMeasuredChangeBacksIt() async throws {
        let scratch = try EvalScratch(["folded.jpg": "a triangle", "flat.jpg": "a square", "again.jpg": "a square"])
        let executor = EvalMeasurementExecutor(loadPhoto: Self.loader, measureChange: Self.meter)
        let cases = [
            Self.coachCase("folded.jpg", scratch, complete: true),
            Self.coachCase("flat.jpg", scratch, complete: false),
            Self.coachCase("again.jpg", scratch, complete: true),
        ]
        let report = try await EvalRunner(executor: executor).run(EvalSuite(name: "s", cases: cases), options: .init())
        #expect(report.runs.map(\.outcome.stepComplete) == [true, false, false])
        #expect(report.runs.map(\.outcome.coachEvidence?.basis) == ["change", "description", "description"])
        #expect(report.runs.allSatisfy { $0.outcome.modelAsked == false })
        #expect(report.metrics.coach == ConfusionMatrix(truePositives: 1, trueNegatives: 1, falseNegatives: 1))
        #expect(report.metrics.coachModel == nil)
        #expect(report.metrics.measurementOnly == true)
        #expect(report.backend == "measurement only")
        let table = EvalTableReporter.render(report, colour: false, width: nil)
        #expect(table.contains("none asked: origami's measurement alone"))
        #expect(table.contains("Coach: the verdict origami's measurement backs") && !table.contains("model's own"))
        let html = EvalHTMLReporter.render(report) { _ in nil }
        #expect(html.contains("no model asked") && !html.contains("Model's answer"))
    }

    @Test func aLibraryStepsShapeThatDisagreesKeepsTheStepOpenWhateverTheChange() throws {
        let change = StepChange(
            change: PhotoChange(
                before: nil, after: .init(outline: .triangle, share: 0.2, aspect: 2, creases: [], colours: ["teal"]),
                hadEarlierPhoto: false),
            step: "Fold a valley fold corner to corner.")
        let project = try #require(try ProjectLibrary.bundled().project(named: "paper-cup"))
        var shape = try #require(ShapeCheck(project: project, step: 1, scene: nil))
        #expect(Coach.measurementBacksCompletion(change: change, shape: shape))
        shape.verdict = .disagrees
        #expect(!Coach.measurementBacksCompletion(change: change, shape: shape))
        #expect(!Coach.measurementBacksCompletion(change: nil, shape: nil))
    }

    @Test func brainstormCategoriesAreOrigamisOwnReadings() async throws {
        let scratch = try EvalScratch(["paper.jpg": "supplies: paper", "crane.jpg": "finished piece: a crane"])
        let executor = EvalMeasurementExecutor(loadPhoto: Self.loader, measureChange: Self.meter)
        let evalCase = EvalCase(
            name: "b", mode: .brainstorm,
            inputs: .init(photos: ["paper.jpg", "crane.jpg"].map { EvalPhoto(path: $0, url: scratch.url($0)) }),
            expectations: .init(categories: ["paper.jpg": "craft supplies", "crane.jpg": "inspiration for the craft"]))
        let run = try await EvalRunner(executor: executor).run(EvalSuite(name: "s", cases: [evalCase]), options: .init())
            .runs[0]
        #expect(run.outcome.analyses?.map(\.category) == ["craft supplies", "a finished craft piece"])
        #expect(run.failures.map(\.name) == ["category"])
    }

    @Test func aPhotoWithoutAReadingFailsTheRunAndSaysWhy() async throws {
        let scratch = try EvalScratch(["plain.jpg": "a photo"])
        let outcome = try await EvalMeasurementExecutor(loadPhoto: Self.loader, measureChange: Self.meter).run(
            EvalCase(name: "b", mode: .brainstorm, inputs: .init(photos: [EvalPhoto(path: "plain.jpg", url: scratch.url("plain.jpg"))]),
                     expectations: .init(categories: ["plain.jpg": "craft supplies"])))
        #expect(outcome.error?.message.contains("could not read a category") == true)
        #expect(outcome.modelAsked == false)
    }

    @Test func theSuiteKeepsOnlyTheCasesExpectationsAndGatesAMeasurementDecides() throws {
        let photo = EvalPhoto(path: "a.jpg", url: URL(fileURLWithPath: "/a.jpg"))
        let suite = EvalSuite(name: "s", cases: [
            EvalCase(name: "categories", mode: .brainstorm, inputs: .init(photos: [photo]),
                     expectations: .init(schemaValid: true, minIdeas: 3, categories: ["a.jpg": "craft supplies"],
                                         contains: [.init(text: "crane")])),
            EvalCase(name: "ideas only", mode: .brainstorm, inputs: .init(photos: [photo]),
                     expectations: .init(minIdeas: 3)),
            EvalCase(name: "tutorial", mode: .tutorial, inputs: .init(), expectations: .init(schemaValid: true)),
            EvalCase(name: "term", mode: .term, inputs: .init(), expectations: .init(schemaValid: true)),
            EvalCase(name: "coach", mode: .coach, inputs: .init(photos: [photo], tutorial: Self.tutorial, step: 1),
                     expectations: .init(schemaValid: true, stepComplete: false, notContains: [.init(text: "done")],
                                         maxLatencyMs: 10)),
        ], gates: EvalGates(maxFalseCompleteRate: 0.2, minCoachBalancedAccuracy: 0.7, maxRepeatedItems: 0,
                            minSchemaValidRate: 1))
        let measured = try suite.measurementOnly()
        #expect(measured.cases.map(\.name) == ["categories", "coach"])
        #expect(measured.cases[0].expectations == EvalExpectations(categories: ["a.jpg": "craft supplies"]))
        #expect(measured.cases[1].expectations == EvalExpectations(stepComplete: false))
        #expect(measured.gates == EvalGates(maxFalseCompleteRate: 0.2, minCoachBalancedAccuracy: 0.7))
    }

    @Test func aSuiteWithNothingToMeasureIsRefusedWithTheReason() throws {
        let suite = EvalSuite(name: "s", cases: [EvalCase(name: "tutorial", mode: .tutorial, inputs: .init())])
        #expect {
            try suite.measurementOnly()
        } throws: { error in
            guard case EvalError.noCases(_, let reason) = error else { return false }
            return reason.contains("measures coach cases")
        }
    }
}
