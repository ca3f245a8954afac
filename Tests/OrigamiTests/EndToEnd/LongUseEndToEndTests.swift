@testable import CraftCore
import CraftImages
import CraftTesting
import Foundation
import Testing

/// A person's long use of one project through the built binary, on a scripted model (scripts/fault-server.py
/// --answers: each schema's answers in turn, over the OpenAI wire, a model said to see): brainstorm → tutorial →
/// three checks → a second brainstorm of other photos → `tutorial` (the first one again) → `tutorial --idea 2` →
/// two checks → back to the first tutorial → `status` and `status --html`. Every photo, verdict and step stays with
/// the tutorial it belongs to, and nothing is lost.
@Suite(.enabled(if: FaultServer.isAvailable, "needs python3 for scripts/fault-server.py"))
struct LongUseEndToEndTests {
    static let photos = OrigamiProcess.packageRoot.appendingPathComponent("SamplePhotos")

    /// Origami's label for a sample photo: `Photo_` and the first six hex digits of the file's sha256.
    static func label(_ path: String) throws -> String {
        try Photo.load(contentsOf: photos.appendingPathComponent(path)).label
    }

    static func tutorial(_ title: String, _ steps: [String]) -> [String: Any] {
        ["title": title, "materials": ["paper"], "steps": steps.enumerated().map { index, step in
            ["number": index + 1, "title": step, "instruction": step + ", carefully."]
        }]
    }

    static func verdict(_ complete: Bool, _ text: String) -> [String: Any] {
        ["observation": text, "sections": [["title": "What You Did Well", "body": text],
                                            ["title": "Next Steps", "body": "Keep going."]],
         "isCurrentStepComplete": complete, "completionMessage": complete ? "Done: \(text)" : NSNull()]
    }

    static func analyses(_ paths: [String]) throws -> [String: Any] {
        ["images": try paths.map { path in
            ["image": try label(path), "analysis": "Sheets and supplies laid out on a table.",
             "typeOfImage": "craft supplies"]
        }]
    }

    static func ideas(_ titles: [String]) -> [String: Any] {
        ["ideas": titles.map { ["title": $0, "description": "A \($0.lowercased()) made from the supplies."] }]
    }

    /// The script: what the model answers, schema by schema, in the order asked.
    static func script() throws -> [String: Any] {
        [
            "ImageAnalysisList": [
                try analyses(["paper-warm.jpg", "paper-cool.png"]),
                try analyses(["yarn-and-needles.jpg", "fabric-and-buttons.webp"]),
            ],
            "BrainstormIdeaList": [ideas(["Lantern", "Gift Tag", "Garland"]), ideas(["Scarf", "Pouch", "Bracelet"])],
            "Tutorial": [
                tutorial("Paper Crane", ["Fold a square", "Make a bird base", "Shape the wings"]),
                tutorial("Fabric Pouch", ["Cut the fabric", "Sew the sides", "Add the button", "Turn it out"]),
            ],
            "CoachFeedback": [
                verdict(true, "crane square"), verdict(false, "crane base loose"), verdict(true, "crane base neat"),
                verdict(true, "pouch cut"), verdict(false, "pouch seam open"),
            ],
        ]
    }

    let origami: OrigamiProcess
    let server: FaultServer

    init() throws {
        var origami = try OrigamiProcess()
        try FileManager.default.copyItem(at: Self.photos, to: origami.file("SamplePhotos"))
        let script = origami.file("script.json")
        try JSONSerialization.data(withJSONObject: try Self.script()).write(to: script)
        server = try FaultServer(mode: "ok", options: ["--answers", script.path])
        origami.environment.merge([
            "ORIGAMI_BACKEND": "openai", "OPENAI_BASE_URL": server.baseURL.absoluteString,
            "ORIGAMI_MODEL": "ok-model", "ORIGAMI_VISION": "yes",
        ]) { $1 }
        self.origami = origami
    }

    private func progress(_ path: String) -> String { "SamplePhotos/progress/" + path }

    @Test func twoTutorialsKeepTheirOwnPhotosVerdictsAndSteps() async throws {
        _ = try await origami.succeed(["brainstorm", "SamplePhotos/paper-warm.jpg", "SamplePhotos/paper-cool.png"])
        let first = try await origami.succeed(["tutorial"])
        #expect(first.stdout.hasPrefix("Tutorial: Paper Crane (tutorial 1, idea 1)\n"))
        _ = try await origami.succeed(["coach", progress("cup-step1-done.jpg")])
        let wrong = try await origami.succeed(["coach", progress("cup-step2-wrong.jpg")])
        #expect(wrong.stdout.contains("Step 2 is not complete yet."))
        #expect(try await origami.succeed(["coach", progress("cup-step2-done.jpg")]).stdout.contains("on step 3 of 3."))

        // A second brainstorm replaces the ideas; the tutorial and its progress stay, and plain `tutorial` shows it.
        _ = try await origami.succeed(
            ["brainstorm", "SamplePhotos/yarn-and-needles.jpg", "SamplePhotos/fabric-and-buttons.webp"])
        let again = try await origami.succeed(["tutorial", "--json"])
        let shown = try #require(again.events.last)
        #expect(shown["title"] as? String == "Paper Crane")
        #expect(shown["isNew"] as? Bool == false && shown["currentStep"] as? Int == 3 && shown["tutorial"] as? Int == 1)
        #expect(shown["idea"] is NSNull, "its idea is no longer in the latest list")

        // Another idea's tutorial starts at step 1 and says how to go back.
        let pouch = try await origami.succeed(["tutorial", "--idea", "2"])
        #expect(pouch.stdout.hasPrefix("Tutorial: Fabric Pouch (tutorial 2, idea 2)\n"))
        #expect(pouch.stderr.contains(
            "Tutorial 1, Paper Crane, is kept with its progress (step 3 of 3); go back to it with: "
                + "origami tutorial --switch 1"))
        #expect(try await origami.succeed(["coach", progress("cup-step3-done.jpg")]).stdout.contains("on step 2 of 4."))
        _ = try await origami.succeed(["coach", "--step", "2", progress("cup-step3-unfinished.jpg")])

        // Back to the first: it is where it was left.
        let back = try await origami.succeed(["tutorial", "--switch", "1"])
        #expect(back.stdout.hasPrefix("Tutorial: Paper Crane (tutorial 1)\n"))
        #expect(back.stdout.contains("→ 3. Shape the wings"))
        #expect(back.stderr.contains("Tutorial 2, Fabric Pouch, is kept with its progress (step 2 of 4)"))

        let saved = try origami.project()
        #expect(saved.schemaVersion == 2 && saved.tutorials.count == 2 && saved.currentTutorialNumber == 1)
        #expect(saved.photos.count == 9, "4 brainstorm photos and 5 progress photos, none lost")
        let crane = try #require(saved.tutorial(number: 1))
        let craneLabels = try ["cup-step1-done.jpg", "cup-step2-wrong.jpg", "cup-step2-done.jpg"]
            .map { try Self.label("progress/" + $0) }
        #expect(crane.currentStep == 3)
        #expect(crane.feedback.map(\.step) == [1, 2, 2])
        #expect(crane.feedback.map(\.isStepComplete) == [true, false, true])
        #expect(crane.feedback.map(\.feedback.observation) == ["crane square", "crane base loose", "crane base neat"])
        #expect(crane.photoLabels(ofStep: 1) == [craneLabels[0]])
        #expect(crane.photoLabels(ofStep: 2) == Array(craneLabels[1...]))
        let pouchProgress = try #require(saved.tutorial(number: 2))
        let pouchLabels = try ["cup-step3-done.jpg", "cup-step3-unfinished.jpg"]
            .map { try Self.label("progress/" + $0) }
        #expect(pouchProgress.currentStep == 2 && pouchProgress.idea.title == "Pouch")
        #expect(pouchProgress.feedback.map(\.feedback.observation) == ["pouch cut", "pouch seam open"])
        #expect(pouchProgress.photoLabels(ofStep: 1) == [pouchLabels[0]])
        #expect(pouchProgress.photoLabels(ofStep: 2) == [pouchLabels[1]])

        // status shows the first tutorial's progress only, and lists both.
        let status = try await origami.succeed(["status"]).stdout
        #expect(status.contains(
            "Tutorials\n  → 1. Paper Crane  (step 3 of 3)\n    2. Fabric Pouch  (idea 2, step 2 of 4)\n"))
        #expect(status.contains("  2. Pouch (tutorial 2)\n"))
        for label in craneLabels { #expect(status.contains("Photo: \(label)")) }
        for label in pouchLabels { #expect(!status.contains(label)) }
        #expect(status.contains("Last feedback (step 2)\n"))
        #expect(status.contains("Step 2 is complete."))

        // The page: the first tutorial's steps, its three photos inline, its verdicts; nothing of the other.
        _ = try await origami.succeed(["status", "--html", "crane.html"])
        let html = try String(contentsOf: origami.file("crane.html"), encoding: .utf8)
        #expect(html.contains("<h1>Paper Crane</h1>") && !html.contains("Fabric Pouch"))
        #expect(html.components(separatedBy: "src=\"data:image/jpeg;base64,").count - 1 == 3)
        #expect(html.contains("Done: crane base neat") && !html.contains("pouch"))
        for label in pouchLabels { #expect(!html.contains(label)) }

        // And the second tutorial's page holds its own.
        _ = try await origami.succeed(["tutorial", "--switch", "2"])
        _ = try await origami.succeed(["status", "--html", "pouch.html"])
        let second = try String(contentsOf: origami.file("pouch.html"), encoding: .utf8)
        #expect(second.contains("<h1>Fabric Pouch</h1>") && second.contains("pouch seam open"))
        #expect(second.components(separatedBy: "src=\"data:image/jpeg;base64,").count - 1 == 2)
        for label in craneLabels { #expect(!second.contains(label)) }
    }
}
