@testable import CraftBackends
@testable import CraftCore
import CraftTesting
import Foundation
import Testing

/// The long use of `LongUseEndToEndTests` once through the real engine and the default model, as a person runs the
/// built binary: brainstorm → tutorial → three checks → a second brainstorm of other photos → `tutorial` (the first
/// again, nothing written) → `tutorial --idea 2` → two checks → back to the first → `status` and `status --html`.
/// Asserts where each photo, verdict and step is kept, never the model's wording. The model cannot see, so whether a
/// check moves a step on rests on its verdict and the measured change; each is followed as it comes.
///
/// Many minutes of CPU on a shared machine, so it runs only with `ORIGAMI_LIVE_FLOWS=1` (as `LiveFlowTests`).
@Suite(.enabled(
    if: LiveEngine.installation != nil && ProcessInfo.processInfo.environment["ORIGAMI_LIVE_FLOWS"] == "1",
    "needs scripts/setup's engine and its default model, and ORIGAMI_LIVE_FLOWS=1"))
struct LongUseLiveTests {
    let origami: OrigamiProcess

    init() throws {
        var origami = try OrigamiProcess()
        try FileManager.default.copyItem(
            at: OrigamiProcess.packageRoot.appendingPathComponent("SamplePhotos"), to: origami.file("SamplePhotos"))
        // The installed engine and models; this test's own engine state, logs and idle timer.
        let installed = (EngineEnvironment.live.dataDirectory as NSString).deletingLastPathComponent
        origami.environment.merge([
            "XDG_DATA_HOME": installed, "ORIGAMI_SEED": "7", "ORIGAMI_TIMEOUT": "1800",
            "ORIGAMI_ENGINE_IDLE_TIMEOUT": "120",
        ]) { $1 }
        self.origami = origami
    }

    @Test func twoTutorialsKeepTheirOwnProgressOnTheRealEngine() async throws {
        try await origami.finally(["engine", "stop"]) { try await twoTutorials() }
    }

    private func twoTutorials() async throws {
        _ = try await origami.succeed(["brainstorm", "SamplePhotos/paper-warm.jpg", "SamplePhotos/paper-cool.png"])
        _ = try await origami.succeed(["tutorial"])
        let checks = [
            ["coach", "SamplePhotos/progress/cup-step1-done.jpg"],
            ["coach", "--note", "I folded the square corner to corner", "SamplePhotos/progress/cup-step2-done.jpg"],
            ["coach", "--step", "2", "SamplePhotos/progress/cup-step2-wrong.jpg"],
        ]
        for check in checks { _ = try await origami.succeed(check) }
        let afterFirst = try #require(try origami.project().currentTutorial)
        #expect(afterFirst.feedback.count == 3)

        _ = try await origami.succeed(
            ["brainstorm", "SamplePhotos/yarn-and-needles.jpg", "SamplePhotos/fabric-and-buttons.webp"])
        let again = try #require(try await origami.succeed(["tutorial", "--json"]).events.last)
        #expect(again["isNew"] as? Bool == false && again["tutorial"] as? Int == 1)
        #expect(again["title"] as? String == afterFirst.tutorial.title)
        #expect(try origami.project().tutorials.count == 1, "showing it wrote nothing new")

        let second = try await origami.succeed(["tutorial", "--idea", "2"])
        #expect(second.stderr.contains("go back to it with: origami tutorial --switch 1"))
        let checked = try #require(
            try await origami.succeed(["coach", "--json", "SamplePhotos/progress/cup-step3-done.jpg"]).events.last)
        let afterCheck = try #require(checked["currentStep"] as? Int)
        _ = try await origami.succeed(["coach", "--done", "SamplePhotos/progress/cup-step3-unfinished.jpg"])
        _ = try await origami.succeed(["tutorial", "--switch", "1"])

        let saved = try origami.project()
        #expect(saved.tutorials.count == 2 && saved.currentTutorialNumber == 1)
        let first = try #require(saved.tutorial(number: 1))
        #expect(first == afterFirst, "the first tutorial is exactly as it was left")
        let pouch = try #require(saved.tutorial(number: 2))
        #expect(pouch.idea == saved.ideas[1] && pouch.feedback.count == 1)
        #expect(pouch.photos.count == 2 && pouch.currentStep == afterCheck + 1, "--done moved the second tutorial on")
        #expect(saved.photos.count == 9, "4 brainstorm photos and 5 progress photos")
        for answer in first.feedback {
            for label in answer.photoLabels { #expect(first.photoLabels(ofStep: answer.step).contains(label)) }
        }

        let status = try await origami.succeed(["status"]).stdout
        for filed in first.photos { #expect(status.contains("Photo: \(filed.label)")) }
        for filed in pouch.photos { #expect(!status.contains(filed.label)) }
        #expect(status.contains("Tutorials\n  → 1. "))
        _ = try await origami.succeed(["status", "--html", "first.html"])
        let html = try String(contentsOf: origami.file("first.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "src=\"data:image/jpeg;base64,").count - 1 == first.photos.count)
        for filed in pouch.photos { #expect(!html.contains(filed.label)) }
    }
}
