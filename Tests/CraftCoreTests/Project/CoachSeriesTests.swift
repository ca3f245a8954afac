@testable import CraftBackends
@testable import CraftCore
import CraftImages
import CraftTesting
import Foundation
import Testing

/// The sample cup, checked photo by photo through the workbench as `origami coach` does, with a blind model that
/// calls every step complete: the measured change since the piece's earlier photo decides. Each step's "done" photo
/// moves the tutorial on; each "wrong" or "unfinished" one does not.
@Suite struct CoachSeriesTests {
    struct Manifest: Decodable {
        struct Series: Decodable {
            var steps: [String]
        }
        var progressSeries: Series
    }

    static let folder = PackageRoot.url.appendingPathComponent("SamplePhotos")
    static let blind = Capabilities(vision: false, nativeJSONSchema: true, tools: false, contextSize: 16_384)

    let root: URL
    let store: ProjectStore

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("series-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        store = ProjectStore(root: root)
    }

    /// A project holding the cup's tutorial, as the manifest words its steps, on step 1.
    private func cupProject() async throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("manifest.json"))
        let steps = try JSONDecoder().decode(Manifest.self, from: data).progressSeries.steps
        _ = try await store.update(create: true) { project in
            project.addTutorial(Tutorial(
                title: "Paper cup", materials: ["one square sheet of origami paper"],
                steps: steps.enumerated().map { TutorialStep(number: $0 + 1, title: "Cup step \($0 + 1)",
                                                              instruction: $1) }),
                for: BrainstormIdea(title: "Paper cup", description: "A cup folded from one sheet."), now: Date())
        }
    }

    private func bench(_ model: TestLanguageModel) -> Workbench {
        Workbench(store: store, makeSession: { LanguageModelSession(model: model, transcript: $0) })
    }

    /// Checks in the order a person takes the photos, of a tutorial whose step 5 the person marks done themselves
    /// after its unfinished photo (`origami coach --done`).
    static let series: [(photo: String, done: Bool)] = [
        ("cup-step1-done", true), ("cup-step2-wrong", false), ("cup-step2-done", true),
        ("cup-step3-unfinished", false), ("cup-step3-done", true), ("cup-step4-done", true),
        ("cup-step5-unfinished", false), ("cup-step6-done", true),
    ]

    @Test func eachDonePhotoMovesTheCupOnAndNoWrongOrUnfinishedOneDoes() async throws {
        try await cupProject()
        let model = TestLanguageModel(capabilities: Self.blind, answers: [WorkbenchTests.complete])
        var acted: [(truth: Bool, advanced: Bool)] = []
        for (name, done) in Self.series {
            let file = Self.folder.appendingPathComponent("progress/\(name).jpg")
            let outcome = try await bench(model).coach(photos: [file], step: nil)
            #expect(outcome.advanced == done, "\(name): \(outcome.result.change?.words ?? "no change measured")")
            #expect(outcome.result.evidence == (done ? .change : .description), "\(name)")
            acted.append((done, outcome.advanced))
            if name == "cup-step5-unfinished" { _ = try await bench(model).markDone(step: nil) }
        }
        let saved = try store.load()
        #expect(saved.currentStep == 7, "the tutorial is complete")
        let truePositive = acted.filter { $0.truth && $0.advanced }.count
        let trueNegative = acted.filter { !$0.truth && !$0.advanced }.count
        let balanced = (Double(truePositive) / 5 + Double(trueNegative) / 3) / 2
        #expect(balanced == 1)
    }

    /// All twelve photos of the series in order: each step's wrong or unfinished photo, then its done one.
    static let wholeSeries: [(photo: String, done: Bool)] = (1...6).flatMap { step in
        [("cup-step\(step)-\(step == 2 ? "wrong" : "unfinished")", false), ("cup-step\(step)-done", true)]
    }

    /// The library's cup, checked with a blind model that calls no step complete: where the measured change backs
    /// the step and the outline agrees with the library's shape (steps 1-5), or the step opens the cup and its rim
    /// is measured new (step 6), origami's measurement moves the step on; no wrong or unfinished photo does.
    @Test func aBlindModelThatNeverSaysCompleteCannotHoldBackALibraryStepTheMeasurementShowsDone() async throws {
        _ = try await bench(TestLanguageModel(answers: [])).startLibraryProject(named: "paper-cup")
        let model = TestLanguageModel(capabilities: Self.blind, answers: [WorkbenchTests.incomplete])
        var decided: [String] = []
        for (name, done) in Self.wholeSeries {
            let file = Self.folder.appendingPathComponent("progress/\(name).jpg")
            let outcome = try await bench(model).coach(photos: [file], step: nil)
            let result = outcome.result
            #expect(!result.modelSaidComplete, "\(name)")
            if !done { #expect(!outcome.advanced && !result.decidedByMeasurement, "\(name)") }
            if result.decidedByMeasurement {
                decided.append(name)
                #expect(outcome.advanced, "\(name)")
                #expect(result.shapeCheck?.verdict == (name == "cup-step6-done" ? nil : .agrees), "\(name)")
            }
        }
        #expect(decided == (1...6).map { "cup-step\($0)-done" })
        let saved = try store.load()
        #expect(saved.currentStep == 7, "every step done on the measurement: the tutorial is complete")
        let records = try #require(saved.currentTutorial?.feedback)
        #expect(records.filter { $0.decidedByMeasurement == true }.map(\.step) == [1, 2, 3, 4, 5, 6])
    }

    @Test func aBlindCompleteWithoutAMeasuredChangeStaysOpenAndSaysWhatIsMissing() async throws {
        try await cupProject()
        let model = TestLanguageModel(capabilities: Self.blind, answers: [WorkbenchTests.complete])
        let file = Self.folder.appendingPathComponent("progress/cup-step1-done.jpg")
        _ = try await bench(model).coach(photos: [file], step: nil)
        // The same piece photographed again for step 2: nothing changed since.
        let again = try await bench(model).coach(photos: [file], step: nil)
        #expect(!again.advanced && again.result.unconfirmedCompletion)
        #expect(again.result.change?.missing == "no change was measured since the earlier photo of the piece")
        let prompt = try #require(model.calls.last?.flowPrompt?.text)
        #expect(prompt.contains("What changed, as origami measured it") && prompt.contains("No change was measured"))
    }

    @Test func aPiecePhotographedAgainFromElsewhereDoesNotBackAComplete() {
        // The same five-sided piece from nearer and turned (rendered cup, oak table): larger, lines at other angles.
        let before = PhotoChange.Piece(
            outline: .polygon(sides: 5), share: 0.078, aspect: 1.0,
            creases: [Crease(angle: 40, throughMiddle: false, extent: 0.6)], colours: ["teal"])
        let after = PhotoChange.Piece(
            outline: .polygon(sides: 5), share: 0.1, aspect: 1.05,
            creases: [Crease(angle: 3, throughMiddle: false, extent: 0.6)], colours: ["teal"])
        let step = StepChange(
            change: PhotoChange(before: before, after: after), step: "Fold the front point down over the flaps.")
        #expect(!step.supportsCompletion)
        #expect(step.missing?.hasPrefix("no fold was measured since the earlier photo") == true)
        // In a retake, a step that asks for a level edge is backed by a new horizontal line: a refolded flap shows
        // only so.
        let level = StepChange(
            change: PhotoChange(before: before, after: after), step: "Fold it so the top edge lies level.", retake: true)
        #expect(level.supportsCompletion)
        #expect(level.words.hasSuffix("That line is new since the earlier photo, and it is what this step makes."))
        // Against the photo of an earlier step the same new line is no evidence: the camera may have turned.
        let fromEarlierStep = StepChange(
            change: PhotoChange(before: before, after: after), step: "Fold it so the top edge lies level.")
        #expect(!fromEarlierStep.supportsCompletion && !fromEarlierStep.words.contains("That line is new"))
        // A level line that was there before, now seen at another angle, is no new line.
        let turned = PhotoChange.Piece(
            outline: .polygon(sides: 5), share: 0.078, aspect: 1.0,
            creases: [Crease(angle: 163, throughMiddle: false, extent: 0.6)], colours: ["teal"])
        let again = StepChange(
            change: PhotoChange(before: turned, after: after), step: "Fold it so the top edge lies level.", retake: true)
        #expect(!again.supportsCompletion && !again.words.contains("That line is new"))
    }

    @Test func aStepThatAsksForALevelEdgeNeedsAHorizontalLine() {
        let triangle = PhotoChange.Piece(outline: .triangle, share: 0.18, aspect: 2.1, creases: [], colours: ["teal"])
        let folded = PhotoChange.Piece(
            outline: .polygon(sides: 4), share: 0.14, aspect: 1.9,
            creases: [Crease(angle: 73, throughMiddle: false, extent: 0.6)], colours: ["teal"])
        let slanted = PhotoChange(before: triangle, after: folded)
        let level = StepChange(change: slanted, step: "so that the top edge lies level.")
        #expect(level.missing?.contains("a horizontal straight line in the picture, and no such") == true)
        let plain = StepChange(change: slanted, step: "Fold the right corner across.")
        #expect(plain.supportsCompletion)
    }

    @Test func aLevelEdgeIsMeasuredAgainstThePiecesOwnSidesWhenTheCameraIsTurned() {
        // As measured on the rendered cup on a pale desk, the camera turned by about 35°: the step's level flap edge
        // (48°) lies along the piece's side at 45°; the slanted flap of the "wrong" photo (106°) along none.
        let triangle = PhotoChange.Piece(
            outline: .triangle, share: 0.05, aspect: 2.3, creases: [], colours: ["peach"],
            sides: [OutlineSide(angle: 11, share: 0.44), OutlineSide(angle: 154, share: 0.29),
                    OutlineSide(angle: 52, share: 0.27)])
        let level = PhotoChange.Piece(
            outline: .polygon(sides: 4), share: 0.06, aspect: 1.7,
            creases: [Crease(angle: 48, throughMiddle: true, extent: 0.88)], colours: ["peach"],
            sides: [OutlineSide(angle: 144, share: 0.36), OutlineSide(angle: 7, share: 0.32),
                    OutlineSide(angle: 118, share: 0.17), OutlineSide(angle: 45, share: 0.15)])
        let slanted = PhotoChange.Piece(
            outline: .polygon(sides: 4), share: 0.05, aspect: 2.0,
            creases: [Crease(angle: 106, throughMiddle: false, extent: 0.88)], colours: ["peach"],
            sides: [OutlineSide(angle: 168, share: 0.37), OutlineSide(angle: 28, share: 0.29),
                    OutlineSide(angle: 160, share: 0.17), OutlineSide(angle: 70, share: 0.16)])
        let step = "Fold the right corner over to touch the left edge, so the top edge of this flap lies level."
        let done = StepChange(change: PhotoChange(before: triangle, after: level), step: step)
        #expect(done.supportsCompletion, "48° is diagonal in the picture, but it runs along the side at 45°")
        #expect(done.words.hasSuffix(
            "a straight line along one of the piece's sides (the camera may be turned); the piece has one."))
        // The same flap pressed flat in even light: its edge only a faint line, no crease.
        var faint = level
        (faint.creases, faint.lines) = ([], level.creases)
        let pressed = StepChange(change: PhotoChange(before: triangle, after: faint), step: step)
        #expect(pressed.supportsCompletion)
        #expect(pressed.words.hasSuffix(
            "; the piece has one, seen as a faint line (all a fold pressed flat shows in even light)."))
        faint.lines = []
        #expect(!StepChange(change: PhotoChange(before: triangle, after: faint), step: step).supportsCompletion)
        let wrong = StepChange(change: PhotoChange(before: triangle, after: slanted), step: step)
        #expect(wrong.missing == "the step asks for a level edge or fold, which origami measures as a straight line "
            + "along one of the piece's sides (the camera may be turned), and no such straight line was measured")
        // On a square sheet turned by 30°, a line along one side is square to the next (level and upright at
        // once: which side is the bottom, a photo does not say), and one corner to corner slants from all four.
        let sheet = { (angle: Double) in
            PhotoChange.Piece(
                outline: .square, share: 0.2, aspect: 1,
                creases: [Crease(angle: angle, throughMiddle: true, extent: 1)], colours: ["teal"],
                sides: [30, 120, 30, 120].map { OutlineSide(angle: $0, share: 0.25) })
        }
        #expect(StepChange.line("horizontal", on: sheet(32)) && StepChange.line("vertical", on: sheet(32)))
        #expect(!StepChange.line("diagonal", on: sheet(32)))
        #expect(StepChange.line("diagonal", on: sheet(77)))
        #expect(!StepChange.line("horizontal", on: sheet(77)) && !StepChange.line("vertical", on: sheet(77)))
        // An irregular outline's corners may be a shadow's: its lines are measured against the picture again.
        var ragged = sheet(32)
        ragged.outline = .irregular
        #expect(!StepChange.line("horizontal", on: ragged) && StepChange.line("diagonal", on: ragged))
    }
}
