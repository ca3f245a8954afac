@testable import CraftBackends
@testable import CraftCore
import CraftTesting
import Foundation
import Synchronization
import Testing

/// The coach's rules on the project: steps move only forward and one checked step at a time, the person can move
/// and say a step is done, a blind model's verdict counts only with the person's note, photos are kept on their
/// step, and the lock is not held while the model answers.
@Suite struct WorkbenchCoachTests {
    let root: URL
    let store: ProjectStore

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("coach-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        store = ProjectStore(root: root)
    }

    static let blind = Capabilities(vision: false, nativeJSONSchema: true, tools: false, contextSize: 32_768)

    private func bench(_ model: TestLanguageModel) -> Workbench {
        Workbench(
            store: store,
            makeSession: { LanguageModelSession(model: model, transcript: $0) },
            loadPhoto: { url in
                Attachment(
                    label: Self.label(url), sha256: "00" + url.lastPathComponent,
                    data: Data(repeating: 1, count: 64), description: "a folded sheet")
            })
    }

    /// Labels as origami makes them (six hex digits); `red` is the photo brainstorm analysed.
    static func label(_ url: URL) -> String {
        let digits = ["red": "aaaaaa", "one": "111111", "two": "222222", "p": "333333", "x": "444444"]
        return "Photo_" + (digits[url.deletingPathExtension().lastPathComponent] ?? "ffffff")
    }

    private func photo(_ name: String) -> URL { root.appendingPathComponent(name + ".jpg") }

    /// A project with ideas and the three-step tutorial, on step `current`.
    private func project(current: Int = 1) async throws {
        let model = TestLanguageModel(answers: [WorkbenchTests.analysis, WorkbenchTests.ideas, WorkbenchTests.tutorial])
        _ = try await bench(model).brainstorm(photos: [photo("red")], hint: nil)
        _ = try await bench(model).tutorial(idea: 1)
        if current != 1 { _ = try await bench(model).move(toStep: current) }
    }

    @Test func aCompleteVerdictOnAnotherStepRecordsItButSkipsNoUncheckedStep() async throws {
        try await project()
        let model = TestLanguageModel(answers: [WorkbenchTests.complete])
        let later = try await bench(model).coach(photos: [photo("two")], step: 2)
        #expect(later.result.isStepComplete && !later.advanced && later.currentStep == 1)
        var saved = try store.load()
        #expect(saved.currentStep == 1)
        #expect(saved.feedback.map(\.step) == [2])
        #expect(saved.photos(ofStep: 2).map(\.label) == ["Photo_222222"])

        let current = try await bench(model).coach(photos: [photo("one")], step: nil)
        #expect(current.advanced && current.currentStep == 2)
        saved = try store.load()
        #expect(saved.feedback.map(\.step) == [2, 1])
        #expect(saved.photos(ofStep: 1).map(\.label) == ["Photo_111111"])
    }

    @Test func aPhotoCheckedAgainstALaterStepMovesToThatStep() async throws {
        try await project()
        let model = TestLanguageModel(answers: [WorkbenchTests.incomplete])
        _ = try await bench(model).coach(photos: [photo("p")], step: 1)
        _ = try await bench(model).coach(photos: [photo("p")], step: 2)
        let saved = try store.load()
        #expect(saved.photos(ofStep: 1).isEmpty)
        #expect(saved.photos(ofStep: 2).map(\.label) == ["Photo_333333"])
        #expect(saved.photos.filter { $0.label == "Photo_333333" }.count == 1)
    }

    @Test func thePersonSaysTheCurrentStepIsDoneWithoutAModel() async throws {
        try await project()
        let model = TestLanguageModel(answers: [])
        let done = try await bench(model).markDone(step: nil, photos: [photo("one")])
        #expect(done.step == 1 && done.currentStep == 2 && done.stepCount == 3)
        #expect(try store.load().photos(ofStep: 1).map(\.label) == ["Photo_111111"])
        await #expect(throws: ProjectError.notCurrentStep(requested: 3, current: 2, count: 3)) {
            _ = try await bench(model).markDone(step: 3)
        }
        _ = try await bench(model).markDone(step: 2)
        _ = try await bench(model).markDone(step: nil)
        #expect(try store.load().currentStep == 4)
        await #expect(throws: ProjectError.notCurrentStep(requested: 3, current: 4, count: 3)) {
            _ = try await bench(model).markDone(step: nil)
        }
        #expect(model.calls.isEmpty)
        #expect(try store.load().feedback.isEmpty)
    }

    @Test func thePersonMovesTheTutorialForwardOrBack() async throws {
        try await project()
        let model = TestLanguageModel(answers: [])
        #expect(try await bench(model).move(toStep: 3).currentStep == 3)
        #expect(try store.load().currentStep == 3)
        #expect(try await bench(model).move(toStep: 1).currentStep == 1)
        await #expect(throws: ProjectError.stepOutOfRange(requested: 4, count: 3)) {
            _ = try await bench(model).move(toStep: 4)
        }
        #expect(try store.load().currentStep == 1)
        #expect(model.calls.isEmpty)
    }

    @Test func aBlindModelMovesTheTutorialOnlyWhenThePersonSaidWhatTheyDid() async throws {
        try await project()
        let model = TestLanguageModel(capabilities: Self.blind, answers: [WorkbenchTests.complete])
        let opinion = try await bench(model).coach(photos: [photo("one")], step: nil)
        #expect(opinion.result.unconfirmedCompletion && opinion.result.evidence == .description)
        #expect(!opinion.advanced && opinion.currentStep == 1)

        let noted = try await bench(model).coach(photos: [photo("one")], step: nil, note: "folded it in half")
        #expect(noted.result.evidence == .note && noted.advanced && noted.currentStep == 2)
        let feedback = try store.load().feedback
        #expect(feedback.map(\.evidence) == [.description, .note])
        #expect(feedback.map(\.unconfirmedCompletion) == [true, false])
        #expect(feedback.map(\.note) == [nil, "folded it in half"])
    }

    @Test func theAnswerIsMergedIntoWhatAnotherCommandSavedMeanwhile() async throws {
        try await project()
        let store = store
        let model = TestLanguageModel { _, _ in
            // While this model answers, another origami checks the same step and the person moves to step 2.
            try await store.update(create: false) { project in
                project.currentStep = 2
                project.updateTutorial(number: 1) { progress in
                    progress.feedback.append(Project.Feedback(
                        step: 1, photoLabels: ["Photo_999999"],
                        feedback: CoachFeedback(
                            observation: "other", sections: [], isCurrentStepComplete: false, completionMessage: nil),
                        modelSawPhotos: true, date: Date()))
                }
                project.transcript.entries.append(.response(Response(text: "another exchange")))
            }
            return TestLanguageModel.events(streaming: WorkbenchTests.complete)
        }
        let outcome = try await bench(model).coach(photos: [photo("one")], step: 1)
        #expect(outcome.result.isStepComplete && !outcome.advanced && outcome.currentStep == 2)
        let saved = try store.load()
        #expect(saved.currentStep == 2)
        #expect(saved.feedback.map(\.photoLabels) == [["Photo_999999"], ["Photo_111111"]])
        // Both conversations are kept: the other command's entry, then this check's exchange.
        let entries = saved.transcript.entries
        let other = try #require(entries.firstIndex(of: .response(Response(text: "another exchange"))))
        #expect(entries[(other + 1)...].contains { if case .prompt = $0 { true } else { false } })
        #expect(entries.last.map { if case .response = $0 { true } else { false } } == true)
    }

    @Test func aCheckStaysWithItsTutorialWhenAnotherBecameCurrentWhileTheModelAnswered() async throws {
        try await project()
        let store = store
        let other = Tutorial(title: "Another tutorial", materials: [], steps: [
            TutorialStep(number: 1, title: "A", instruction: "Do A."),
            TutorialStep(number: 2, title: "B", instruction: "Do B."),
            TutorialStep(number: 3, title: "C", instruction: "Do C."),
        ])
        let model = TestLanguageModel { _, _ in
            try await store.update(create: false) { project in
                project.addTutorial(other, for: project.ideas[1], now: Date())
            }
            return TestLanguageModel.events(streaming: WorkbenchTests.complete)
        }
        let outcome = try await bench(model).coach(photos: [photo("one")], step: 1)
        #expect(outcome.advanced && outcome.currentStep == 2)
        let saved = try store.load()
        #expect(saved.currentTutorialNumber == 2, "the other tutorial stays current")
        let first = try #require(saved.tutorial(number: 1))
        let second = try #require(saved.tutorial(number: 2))
        #expect(first.feedback.count == 1 && first.currentStep == 2 && first.photoLabels(ofStep: 1) == ["Photo_111111"])
        #expect(second.feedback.isEmpty && second.currentStep == 1 && second.photos.isEmpty)
    }

    // Before the lock was released around the model call, the term request waited for the coach: a deadlock here,
    // which the time limit turns into a failure.
    @Test(.timeLimit(.minutes(10))) func anotherCommandsModelCallStartsWhileACoachWaitsForItsAnswer() async throws {
        try await project()
        let (started, startedSignal) = AsyncStream<Void>.makeStream()
        let (release, releaseSignal) = AsyncStream<Void>.makeStream()
        let slow = TestLanguageModel { _, _ in
            startedSignal.yield()
            for await _ in release { break }
            return TestLanguageModel.events(streaming: WorkbenchTests.incomplete)
        }
        let coaching = Task { try await bench(slow).coach(photos: [photo("one")], step: nil) }
        for await _ in started { break }
        // The coach's model is answering; a term request reads, asks its own model and saves, all before it ends.
        let waited = Mutex(false)
        let term = TestLanguageModel(answers: [#"{"terms": ["corners"]}"#])
        var other = bench(term)
        other.onWait = { waited.withLock { $0 = true } }
        let terms = try await other.terms()
        #expect(terms.isNew && terms.terms.map(\.term) == ["corners"])
        #expect(!waited.withLock { $0 })
        releaseSignal.yield()
        let outcome = try await coaching.value
        #expect(!outcome.result.isStepComplete)
        let saved = try store.load()
        #expect(saved.terms.map(\.term) == ["corners"] && saved.feedback.count == 1)
    }

    @Test func aCommandThatFailsAtTheBackendLeavesNothingInAFreshDirectory() async throws {
        let failing = TestLanguageModel { _, _ in throw ModelError.timeout(backend: "test", seconds: 1, idle: true) }
        await #expect(throws: ModelError.timeout(backend: "test", seconds: 1, idle: true)) {
            _ = try await bench(failing).brainstorm(photos: [photo("red")], hint: nil)
        }
        #expect(!FileManager.default.fileExists(atPath: store.directory.path))
        try await project()
        let before = try FileManager.default.contentsOfDirectory(atPath: store.directory.path).sorted()
        #expect(before == ["project.json"])
        await #expect(throws: ModelError.self) { _ = try await bench(failing).coach(photos: [photo("x")], step: nil) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory.path).sorted() == before)
    }
}
