@testable import CraftBackends
@testable import CraftCore
import CraftTesting
import Foundation
import Synchronization
import Testing

/// The project commands' CraftCore entry points on the test double: what they record, what they skip, and that
/// a failure writes nothing.
@Suite struct WorkbenchTests {
    let root: URL
    let store: ProjectStore

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("workbench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        store = ProjectStore(root: root)
    }

    static let analysis = #"""
        {"images": [{"image": "Photo_aaaaaa", "analysis": "Red paper squares.", "typeOfImage": "craft supplies"}]}
        """#
    static let ideas = #"""
        {"ideas": [{"title": "Star Box", "description": "A red box."},
        {"title": "Lantern", "description": "A lantern."}, {"title": "Garland", "description": "A paper garland."}]}
        """#
    static let tutorial = #"""
        {"title": "Paper Boat", "materials": ["red paper"], "steps": [
        {"number": 1, "title": "Fold", "instruction": "Fold in half."},
        {"number": 2, "title": "Fold the corners", "instruction": "Fold the top corners to the middle."},
        {"number": 3, "title": "Open", "instruction": "Open the boat."}]}
        """#
    static let incomplete = #"""
        {"observation": "A flat sheet.", "sections": [{"title": "What You Did Well", "body": "Good paper."},
        {"title": "Next Steps", "body": "Fold it."}], "isCurrentStepComplete": false, "completionMessage": null}
        """#
    static let complete = #"""
        {"observation": "A folded sheet.", "sections": [{"title": "What You Did Well", "body": "Neat fold."},
        {"title": "Next Steps", "body": "Open it."}], "isCurrentStepComplete": true,
        "completionMessage": "Step one is done."}
        """#

    private func bench(_ model: TestLanguageModel) -> Workbench {
        Workbench(
            store: store,
            makeSession: { LanguageModelSession(model: model, transcript: $0) },
            loadPhoto: { url in
                Attachment(
                    label: url.lastPathComponent == "red.jpg" ? "Photo_aaaaaa" : "Photo_bbbbbb", sha256: "aaaaaa00",
                    data: Data(repeating: 1, count: 64), description: "red paper")
            })
    }

    private var photo: URL { root.appendingPathComponent("red.jpg") }

    @Test func brainstormStartsWarmingTheModelBeforeThePhotosDecode() async throws {
        let model = TestLanguageModel(answers: [Self.analysis, Self.ideas, Self.ideas])
        let sessions = Mutex(0)
        let warmingBeforeDecode = Mutex(false)
        let bench = Workbench(
            store: store,
            makeSession: { transcript in
                sessions.withLock { $0 += 1 }
                return LanguageModelSession(model: model, transcript: transcript)
            },
            loadPhoto: { _ in
                // The session that prewarms is made, and its prewarm launched, before any photo is decoded.
                warmingBeforeDecode.withLock { $0 = sessions.withLock { $0 } == 1 }
                return Attachment(label: "Photo_aaaaaa", sha256: "aaaaaa00", data: Data([1]), description: "red paper")
            })
        _ = try await bench.brainstorm(photos: [photo], hint: nil)
        #expect(warmingBeforeDecode.withLock { $0 })
        // The prewarm runs beside the decoding and the flow, unawaited; give it time to be seen.
        for _ in 0..<1000 where model.prewarmed.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        #expect(model.prewarmed.map(\.entries) == [[.instructions(CraftInstructions.brainstorm)]])
    }

    @Test func brainstormCreatesTheProjectAndRemembersThePhotos() async throws {
        let model = TestLanguageModel(answers: [Self.analysis, Self.ideas, Self.ideas])
        let outcome = try await bench(model).brainstorm(photos: [photo], hint: nil)
        // The model chose no library project, so the library's easiest paper project is offered beside its ideas.
        #expect(outcome.result.ideas.map(\.title) == ["Star Box", "Lantern", "Garland", "Paper Cup"])
        let project = try store.load()
        #expect(project.photos == [Project.PhotoRecord(label: "Photo_aaaaaa", path: "red.jpg", sha256: "aaaaaa00")])
        #expect(project.analyses.map(\.typeOfImage) == [.supplies])
        #expect(project.ideas.map(\.libraryProject) == [nil, nil, nil, "paper-cup"])
        #expect(!project.transcript.entries.isEmpty)
        // Again with the same photo: it is not analysed again, only ideas are asked for.
        _ = try await bench(model).brainstorm(photos: [photo], hint: "for a child")
        #expect(model.calls.count == 3)
        #expect(model.calls[2].prompt?.attachments.isEmpty == true)
        #expect(try store.load().photos.count == 1)
    }

    @Test func tutorialIsWrittenOnceAndChosenIdeasAreChecked() async throws {
        let model = TestLanguageModel(answers: [Self.analysis, Self.ideas, Self.tutorial])
        _ = try await bench(model).brainstorm(photos: [photo], hint: nil)
        await #expect(throws: ProjectError.ideaOutOfRange(requested: 5, count: 4)) {
            _ = try await bench(model).tutorial(idea: 5)
        }
        let written = try await bench(model).tutorial(idea: 2)
        #expect(written.isNew && written.idea == 2 && written.tutorial.steps.count == 3)
        let again = try await bench(model).tutorial(idea: nil)
        #expect(!again.isNew && again.idea == 2)
        #expect(model.calls.count == 3)
        #expect(try store.load().chosenIdea == 2)
    }

    @Test func coachAdvancesOnlyOnACompleteVerdict() async throws {
        let model = TestLanguageModel(answers: [Self.analysis, Self.ideas, Self.tutorial, Self.incomplete, Self.complete])
        _ = try await bench(model).brainstorm(photos: [photo], hint: nil)
        _ = try await bench(model).tutorial(idea: 1)
        let first = try await bench(model).coach(photos: [photo], step: nil)
        #expect(!first.result.isStepComplete && first.currentStep == 1)
        let second = try await bench(model).coach(photos: [photo], step: nil)
        #expect(second.result.isStepComplete && second.currentStep == 2)
        let project = try store.load()
        #expect(project.feedback.map(\.isStepComplete) == [false, true])
        #expect(project.feedback.last?.feedback.completionMessage == "Step one is done.")
        await #expect(throws: ProjectError.stepOutOfRange(requested: 4, count: 3)) {
            _ = try await bench(model).coach(photos: [photo], step: 4)
        }
    }

    @Test func termsAreExtractedOnceAndExplanationsKept() async throws {
        let model = TestLanguageModel(answers: [
            Self.analysis, Self.ideas, Self.tutorial, #"{"terms": ["fold"]}"#,
            #"{"term": "fold", "explanation": "Bend the paper over itself."}"#,
        ])
        _ = try await bench(model).brainstorm(photos: [photo], hint: nil)
        _ = try await bench(model).tutorial(idea: 1)
        #expect(try await bench(model).terms().terms.map(\.term) == ["fold"])
        #expect(try await bench(model).terms().isNew == false)
        #expect(try await bench(model).explain(term: "Fold").explanation == "Bend the paper over itself.")
        #expect(try await bench(model).explain(term: "fold").explanation == "Bend the paper over itself.")
        #expect(model.calls.count == 5)
    }

    @Test func aFailedFlowWritesNothing() async throws {
        let model = TestLanguageModel(answers: [Self.analysis, Self.ideas])
        _ = try await bench(model).brainstorm(photos: [photo], hint: nil)
        let before = try Data(contentsOf: store.fileURL)
        let failing = TestLanguageModel { _, _ in
            throw ModelError.timeout(backend: "test", seconds: 1, idle: true)
        }
        await #expect(throws: ModelError.self) { _ = try await bench(failing).tutorial(idea: 1) }
        #expect(try Data(contentsOf: store.fileURL) == before)
    }

    @Test func commandsBeforeTheirTimeSayWhatToRunFirst() async throws {
        let model = TestLanguageModel(answers: [Self.analysis])
        await #expect(throws: ProjectError.missing(path: store.fileURL.path)) {
            _ = try await bench(model).tutorial(idea: 1)
        }
        try await store.update(create: true) { $0.currentStep = 1 }
        await #expect(throws: ProjectError.noIdeas(path: store.fileURL.path)) {
            _ = try await bench(model).tutorial(idea: 1)
        }
        await #expect(throws: ProjectError.noTutorial(path: store.fileURL.path)) {
            _ = try await bench(model).coach(photos: [photo], step: nil)
        }
        #expect(model.calls.isEmpty)
    }
}
