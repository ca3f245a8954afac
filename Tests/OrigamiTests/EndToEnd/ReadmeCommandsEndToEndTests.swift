@testable import CraftCore
import CraftImages
import CraftTesting
import Foundation
import Testing

/// README commands that no other end-to-end test runs as written, on a scripted server (scripts/fault-server.py
/// --answers: each schema's answers in turn, over the OpenAI wire or Ollama's): `origami coach --done PHOTO`, which
/// asks no model ("Several tutorials" and the Quick start's flow), `--vision yes` for a server that cannot say whether
/// its model sees ("A model that can see": vLLM has no /props), and `--backend ollama --model qwen2.5vl:3b`. Each
/// script holds no answer for the request the command must not make, so making it fails the command.
@Suite(.enabled(if: FaultServer.isAvailable, "needs python3 for scripts/fault-server.py"))
struct ReadmeCommandsEndToEndTests {
    static let photos = OrigamiProcess.packageRoot.appendingPathComponent("SamplePhotos")
    static let warm = "SamplePhotos/paper-warm.jpg"

    /// A scripted seeing model's analysis of the warm paper, its ideas and a three-step tutorial; no coach answer.
    static func script() throws -> [String: Any] {
        let label = try Photo.load(contentsOf: photos.appendingPathComponent("paper-warm.jpg")).label
        return [
            "ImageAnalysisList": [["images": [[
                "image": label, "analysis": "Four squares of warm origami paper on a wooden table.",
                "typeOfImage": "craft supplies",
            ]]]],
            "BrainstormIdeaList": [["ideas": ["Star Box", "Lantern", "Gift Tag"].map {
                ["title": $0, "description": "A \($0.lowercased()) folded from one square."]
            }]],
            "Tutorial": [
                LongUseEndToEndTests.tutorial("Star Box", ["Fold in half", "Fold the corners", "Open the box"]),
            ],
        ]
    }

    /// A process in a fresh directory with the sample photos, and a scripted server in `mode`.
    static func setUp(mode: String) throws -> (OrigamiProcess, FaultServer) {
        let origami = try OrigamiProcess()
        try FileManager.default.copyItem(at: photos, to: origami.file("SamplePhotos"))
        let scriptFile = origami.file("script.json")
        try JSONSerialization.data(withJSONObject: try Self.script()).write(to: scriptFile)
        let server = try FaultServer(mode: mode, options: ["--answers", scriptFile.path])
        return (origami, server)
    }

    @Test func coachDoneMarksTheStepWithThePhotoAndAsksNoModel() async throws {
        let (process, server) = try Self.setUp(mode: "ok")
        var origami = process
        origami.environment.merge([
            "ORIGAMI_BACKEND": "openai", "OPENAI_BASE_URL": server.baseURL.absoluteString,
            "ORIGAMI_MODEL": "ok-model", "ORIGAMI_VISION": "yes",
        ]) { $1 }
        _ = try await origami.succeed(["brainstorm", Self.warm])
        _ = try await origami.succeed(["tutorial", "--idea", "1"])
        let done = try await origami.succeed(["coach", "--done", "SamplePhotos/progress/cup-step1-done.jpg"])
        #expect(done.stdout.contains("Step 1 marked done by you; the photo is kept on it."), "\(done.stdout)")
        #expect(done.stdout.contains("Now on step 2 of 3."), "\(done.stdout)")
        let tutorial = try #require(try origami.project().currentTutorial)
        let label = try Photo.load(contentsOf: Self.photos.appendingPathComponent("progress/cup-step1-done.jpg")).label
        #expect(tutorial.currentStep == 2)
        #expect(tutorial.photoLabels(ofStep: 1) == [label])
    }

    @Test func visionYesMakesAServerWithoutPropsSeeThePhotos() async throws {
        let (origami, server) = try Self.setUp(mode: "vllm")
        let base = ["brainstorm", Self.warm, "--backend", "openai", "--base-url", server.baseURL.absoluteString,
                    "--model", "ok-model"]
        let seeing = try await origami.succeed(base + ["--vision", "yes", "--json"])
        let result = try #require(seeing.events.last)
        #expect(result["modelSawPhotos"] as? Bool == true, "\(seeing.stdout)")
        let photo = try #require((result["photos"] as? [[String: Any]])?.first)
        #expect(photo["analysis"] as? String == "Four squares of warm origami paper on a wooden table.")
        #expect(photo["describedByOrigami"] as? Bool == false)
    }

    @Test func withoutVisionYesTheSameServerIsAskedOnlyForIdeasWithOrigamisReadingOfEachPhoto() async throws {
        let (origami, server) = try Self.setUp(mode: "vllm")
        // A server that cannot say it sees is treated as blind: no photo pass is asked (the script's analysis is
        // never used), origami's description and reading stand for the photo, and the ideas prompt carries both.
        let blind = try await origami.succeed(
            ["brainstorm", Self.warm, "--backend", "openai", "--base-url", server.baseURL.absoluteString,
             "--model", "ok-model", "--json"])
        let result = try #require(blind.events.last)
        #expect(result["modelSawPhotos"] as? Bool == false, "\(blind.stdout)")
        let photo = try #require((result["photos"] as? [[String: Any]])?.first)
        #expect(photo["describedByOrigami"] as? Bool == true)
        #expect(photo["category"] as? String == "craft supplies")
        let analysis = try #require(photo["analysis"] as? String)
        #expect(analysis.hasSuffix("origami reads it as supplies: several loose materials."), "\(analysis)")
        let transcript = try origami.project().transcript.entries
        let prompts = transcript.compactMap { entry -> String? in
            if case .prompt(let prompt) = entry { return prompt.text } else { return nil }
        }
        #expect(prompts.count == 1, "\(prompts)")
        #expect(prompts.first?.contains("origami reads them as: Photo_") == true, "\(prompts)")
        #expect(prompts.first?.contains(": supplies.") == true, "\(prompts)")
        #expect(prompts.first?.contains("several loose materials") == false, "the reason is for the person: \(prompts)")
    }

    /// "Using Ollama or another server": `origami brainstorm photo.jpg --backend ollama --model qwen2.5vl:3b`, with
    /// `OLLAMA_HOST` at the scripted server speaking Ollama's wire (`/api/show` lists "vision" for the model, so the
    /// photo is sent as an image and analysed, then the ideas are asked).
    @Test func ollamaWithAVisionModelAnalysesThePhotoAndOffersIdeas() async throws {
        let (process, server) = try Self.setUp(mode: "ok")
        var origami = process
        try FileManager.default.copyItem(at: origami.file(Self.warm), to: origami.file("photo.jpg"))
        origami.environment["OLLAMA_HOST"] = server.baseURL.absoluteString
        let run = try await origami.succeed(["brainstorm", "photo.jpg", "--backend", "ollama", "--model", "qwen2.5vl:3b"])
        #expect(run.stdout.contains("Four squares of warm origami paper on a wooden table."), "\(run.stdout)")
        #expect(run.stdout.contains("1. Star Box") && run.stdout.contains("3. Gift Tag"), "\(run.stdout)")
        let saved = try origami.project()
        #expect(saved.ideas.prefix(3).map(\.title) == ["Star Box", "Lantern", "Gift Tag"])
        #expect(saved.analyses.map(\.typeOfImage) == [.supplies])
    }
}
