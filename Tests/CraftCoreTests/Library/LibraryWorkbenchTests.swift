@testable import CraftBackends
@testable import CraftCore
import CraftImages
import CraftTesting
import Foundation
import Testing

/// A library project through the workbench: started or chosen without a model, and coached with the shape check.
@Suite struct LibraryWorkbenchTests {
    let root: URL
    let store: ProjectStore

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        store = ProjectStore(root: root)
    }

    static func scene(_ outline: Outline) -> PhotoScene {
        PhotoScene(
            objects: [SceneObject(colours: ["teal"], share: 0.2, centre: SIMD2(0.5, 0.5), outline: outline,
                                  texture: .flat)],
            surface: "white", countIsApproximate: false)
    }

    func bench(_ model: TestLanguageModel, measured: Outline = .triangle) -> Workbench {
        var bench = Workbench(
            store: store, makeSession: { LanguageModelSession(model: model, transcript: $0) },
            loadPhoto: { _ in
                Attachment(label: "Photo_aaaaaa", sha256: "aaaaaa00", data: Data([1]), description: "teal paper")
            })
        bench.library = { try ProjectLibraryTests.library() }
        bench.measureScene = { _ in Self.scene(measured) }
        return bench
    }

    @Test func startingALibraryProjectAsksNoModel() async throws {
        let model = TestLanguageModel(answers: [])
        let outcome = try await bench(model).startLibraryProject(named: "Paper Cup")
        #expect(outcome.tutorial.tutorial.libraryProject == "paper-cup")
        #expect(model.calls.isEmpty)
        let project = try store.load()
        #expect(project.ideas.map(\.libraryProject) == ["paper-cup"])
        #expect(project.tutorial?.steps.map(\.instruction) == outcome.project.steps.map(\.instruction))
        await #expect(throws: LibraryError.self) { _ = try await bench(model).startLibraryProject(named: "dragon") }
    }

    @Test func aLibraryIdeasTutorialIsTheLibrarysStepsNotTheModels() async throws {
        let model = TestLanguageModel(answers: [WorkbenchTests.analysis, WorkbenchTests.ideas])
        _ = try await bench(model).brainstorm(photos: [root.appendingPathComponent("red.jpg")], hint: nil)
        let outcome = try await bench(model).tutorial(idea: 4)
        #expect(model.calls.count == 2)
        #expect(outcome.tutorial == (try ProjectLibraryTests.library()).project(named: "paper-cup")!.tutorial)
    }

    @Test func aCompleteVerdictOnAnOutlineThatDisagreesIsNotTaken() async throws {
        let model = TestLanguageModel(answers: [WorkbenchTests.complete, WorkbenchTests.complete])
        _ = try await bench(model).startLibraryProject(named: "paper-cup")
        let photo = root.appendingPathComponent("step1.jpg")
        let wrong = try await bench(model, measured: .square).coach(photos: [photo], step: nil)
        #expect(model.calls[0].prompt?.text.contains("should lie flat with a triangle outline, about 50 % of the "
            + "sheet's area") == true)
        #expect(model.calls[0].prompt?.text.contains("has a square outline instead") == true)
        #expect(wrong.result.shapeCheck?.verdict == .disagrees)
        #expect(wrong.result.overruledByShape && !wrong.result.isStepComplete && !wrong.advanced)
        let right = try await bench(model, measured: .triangle).coach(photos: [photo], step: nil)
        #expect(right.result.shapeCheck?.verdict == .agrees)
        #expect(right.advanced && !right.result.overruledByShape)
    }

    /// The coach looks for a curved rim only where the library says the step opens the piece.
    @Test func onlyALibraryStepThatOpensThePieceHasTheCoachLookForARim() throws {
        let bench = bench(TestLanguageModel(answers: []))
        let cup = try #require(try ProjectLibraryTests.library().project(named: "paper-cup")).tutorial
        #expect(bench.opens(cup, step: 6))
        #expect(!(1...5).contains { bench.opens(cup, step: $0) })
        var written = cup
        written.libraryProject = nil
        #expect(!bench.opens(written, step: 6))
    }
}
