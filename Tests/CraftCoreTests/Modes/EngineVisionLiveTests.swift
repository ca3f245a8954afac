@testable import CraftBackends
@testable import CraftCore
@testable import CraftImages
import CraftSchema
import CraftTesting
import Foundation
import Testing

/// The synthetic projector `scripts/make-test-projector` writes: random weights whose shapes fit the small model, the
/// smallest vision tower llama-server loads (28-pixel images, 4 image tokens each). No vision weights can be
/// installed on this machine, so this is how the image path runs on the real server.
enum TestProjector {
    /// Its path, made (or found) by the script; nil when it cannot be made here.
    static let path: String? = {
        let script = PackageRoot.url.appendingPathComponent("scripts/make-test-projector")
        let process = Process()
        process.executableURL = script
        process.standardError = FileHandle.nullDevice
        guard let output = try? ChildLaunch.startReadingOutput(process) else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && FileManager.default.fileExists(atPath: path) ? path : nil
    }()

    /// Image tokens per photo: (28 / 14)² patches.
    static let tokensPerImage = 4

    static let missing: Comment =
        "needs scripts/setup --for-tests: its engine, small model and synthetic projector (scripts/make-test-projector)"
}

/// The vision path on the real llama-server, started with the synthetic projector. Its answers mean nothing (random
/// weights); these tests assert the path — the server says it sees, the photo goes as an image, the server reads
/// it (the prompt grows by the image's tokens, as the server counts them), a bad image is a clear error — never the
/// words.
@Suite(
    .serialized,
    .enabled(if: LiveEngine.smallInstallation != nil && TestProjector.path != nil, TestProjector.missing))
struct EngineVisionLiveTests {
    let sandbox: EngineSandbox
    let configuration: EngineConfiguration

    init() throws {
        sandbox = try EngineSandbox()
        let installed = try #require(LiveEngine.smallInstallation)
        let projector = try #require(TestProjector.path)
        configuration = EngineConfiguration(
            explicit: EnginePaths(
                server: installed.server, model: installed.model,
                mmproj: LocatedFile(path: projector, source: "scripts/make-test-projector")),
            contextSize: 4096, slots: 1, startTimeout: 120)
    }

    private func engine() -> EngineLanguageModel {
        EngineLanguageModel(
            manager: EngineManager(configuration: configuration, environment: sandbox.environment(liveClock: true)))
    }

    /// A sample photo through origami's own decoder and description, as a command sends it.
    private static func photo(_ name: String) throws -> CraftBackends.Attachment {
        return try Photo.load(contentsOf: PackageRoot.url.appendingPathComponent("SamplePhotos/" + name)).attachment()
    }

    /// The prompt tokens the server counted for `prompt` after the tutorial instructions, answering one token.
    private static func promptTokens(_ prompt: Prompt, on model: any LanguageModel) async throws -> Int {
        let transcript = Transcript(entries: [.instructions(CraftInstructions.brainstorm), .prompt(prompt)])
            .prepared(forVision: try await model.capabilities().vision)
        let request = GenerationRequest(options: .init(sampling: .greedy, maximumResponseTokens: 1))
        var tokens: Int?
        for try await event in model.stream(transcript, request: request) {
            if case .usage(let usage) = event { tokens = usage.promptTokens }
        }
        return try #require(tokens, "the server reported no prompt tokens")
    }

    @Test func theEngineStartedWithTheProjectorSaysItSees() async throws {
        let engine = engine()
        // Before the server runs (what `origami doctor` shows then), and once it runs, from its /props.
        #expect(try await engine.capabilities().visionSource == "a projector is named")
        let record = try await engine.manager.start()
        defer { Task { try? await engine.manager.stop() } }
        #expect(record.mmproj == TestProjector.path)
        let props = try #require(LoopbackProbe(port: record.port).get("/props"))
        let json = try #require(try JSONSerialization.jsonObject(with: props.body) as? [String: Any])
        #expect((json["modalities"] as? [String: Any])?["vision"] as? Bool == true)
        let running = try await engine.capabilities()
        #expect(running.vision && running.visionSource == "projector loaded, /props")
        // The same server behind `--backend openai --base-url`: origami asks its /props and finds it sees.
        let openAI = OpenAILanguageModel(configuration: OpenAIConfiguration(baseURL: record.baseURL, model: "any"))
        #expect(try await openAI.capabilities().vision)
        try await engine.manager.stop()
    }

    @Test func brainstormsPhotosGoAsImagesAndTheServerReadsThemThroughBothBackends() async throws {
        let engine = engine()
        let record = try await engine.manager.start()
        let photos = [try Self.photo("paper-warm.jpg"), try Self.photo("yarn-and-needles.jpg")]
        let withPhotos = CraftPrompts.analysis(of: photos)
        // The same prompt with every image segment left out: what the text alone costs.
        let textOnly = Prompt(withPhotos.segments.filter { if case .image = $0 { false } else { true } })
        let openAI = OpenAILanguageModel(configuration: OpenAIConfiguration(baseURL: record.baseURL, model: "any"))
        for model in [engine as any LanguageModel, openAI] {
            let seen = try await Self.promptTokens(withPhotos, on: model)
            let text = try await Self.promptTokens(textOnly, on: model)
            // Each image adds its tokens and the few of the label that introduces it; a description instead would
            // add about a hundred.
            let added = seen - text
            print("\(model.name): \(seen) prompt tokens with \(photos.count) photos as images, \(text) without them")
            #expect(added >= photos.count * TestProjector.tokensPerImage, "\(model.name): \(seen) vs \(text)")
            #expect(added < photos.count * 40, "\(model.name): the photos went as text (\(seen) vs \(text))")
        }
        try await engine.manager.stop()
    }

    @Test func aCoachCheckWithASeeingModelSendsThePhotoItselfThroughBothBackends() async throws {
        let engine = engine()
        defer { Task { try? await engine.manager.stop() } }
        let record = try await engine.manager.start()
        let openAI = OpenAILanguageModel(configuration: OpenAIConfiguration(baseURL: record.baseURL, model: "any"))
        let tutorial = Tutorial(
            title: "Paper cup", materials: ["a square of paper"],
            steps: [TutorialStep(number: 1, title: "Fold a triangle", instruction: "Fold corner to corner.")])
        let photo = try Self.photo("progress/cup-step1-done.jpg")
        for model in [engine as any LanguageModel, openAI] {
            let spy = SentTranscripts(model)
            // The answer's words are random and may break its rules; what is checked is what the server was sent.
            var outcome: CoachResult?
            do {
                outcome = try await Coach(session: LanguageModelSession(model: spy)).check(
                    tutorial: tutorial, step: 1, photos: [photo])
            } catch {
                print("\(model.name): the coach's answer on random weights failed (\(error)); the request is checked")
            }
            let sent = try #require(spy.transcripts.first)
            let prompt = try #require(sent.entries.compactMap { if case .prompt(let p) = $0 { p } else { nil } }.last)
            #expect(prompt.attachments.count == 1 && prompt.attachments[0].data != nil, "\(model.name): an image")
            #expect(!prompt.text.contains("cannot see"))
            if let result = outcome {
                #expect(result.modelSawPhotos && result.evidence == .photo && !result.unconfirmedCompletion)
            }
        }
        try await engine.manager.stop()
    }

    @Test func anImageTheServerCannotReadIsAClearErrorAndChangesNothing() async throws {
        let engine = engine()
        defer { Task { try? await engine.manager.stop() } }
        let broken = CraftBackends.Attachment(
            label: "Photo_badbad", sha256: "badbad00", mimeType: "image/jpeg", data: Data("not an image".utf8),
            description: "a broken file")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vision-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let store = ProjectStore(root: root)
        let bench = Workbench(
            store: store, makeSession: { LanguageModelSession(model: engine, transcript: $0) },
            loadPhoto: { _ in broken })
        do {
            _ = try await bench.brainstorm(photos: [root.appendingPathComponent("broken.jpg")], hint: nil)
            Issue.record("the server took bytes that are no image")
        } catch let error as ModelError {
            guard case .serverError(_, let status, let message) = error else {
                Issue.record("expected the server's refusal, got \(error)")
                return
            }
            #expect(status == 400)
            #expect(message.contains("image"), "\(message)")
            #expect(error.exitStatus == .unavailable)
        }
        #expect(!FileManager.default.fileExists(atPath: store.directory.path), "nothing was written")
        try await engine.manager.stop()
    }
}

/// A backend that forwards to another and keeps every transcript it was sent.
final class SentTranscripts: LanguageModel, @unchecked Sendable {
    private let model: any LanguageModel
    private let lock = NSLock()
    private var sent: [Transcript] = []

    init(_ model: any LanguageModel) {
        self.model = model
    }

    var transcripts: [Transcript] { lock.withLock { sent } }
    var name: String { model.name }
    func availability() async -> Availability { await model.availability() }
    func capabilities() async throws -> Capabilities { try await model.capabilities() }

    func stream(_ transcript: Transcript, request: GenerationRequest) -> AsyncThrowingStream<ModelEvent, any Error> {
        lock.withLock { sent.append(transcript) }
        return model.stream(transcript, request: request)
    }
}
