@testable import CraftBackends
import CraftTesting
import Foundation
import Testing

/// `--vision` on the engine: `no` keeps photos from a server with a projector, `yes` without a projector is
/// refused with the reason, `auto` asks; no server is started for any of it.
@Suite struct EngineVisionSettingTests {
    let sandbox: EngineSandbox

    init() throws {
        sandbox = try EngineSandbox()
    }

    private func engine(projector: Bool, vision: Bool?) throws -> EngineLanguageModel {
        let paths = EnginePaths(
            server: LocatedFile(path: try sandbox.fakeServer(), source: "test"),
            model: LocatedFile(path: try sandbox.fakeModel("vision.gguf"), source: "test"),
            mmproj: projector ? LocatedFile(path: try sandbox.fakeModel("mmproj.gguf"), source: "test") : nil)
        var engine = EngineLanguageModel(manager: EngineManager(
            configuration: EngineConfiguration(role: .primary, explicit: paths, startTimeout: 30),
            environment: sandbox.environment()))
        engine.vision = vision
        engine.visionSource = "--vision"
        return engine
    }

    @Test func autoAsksWhetherAProjectorIsNamed() async throws {
        #expect(try await engine(projector: true, vision: nil).capabilities().vision)
        #expect(try await !engine(projector: false, vision: nil).capabilities().vision)
    }

    @Test func noTurnsAProjectorsVisionOffAndSaysWhere() async throws {
        let capabilities = try await engine(projector: true, vision: false).capabilities()
        #expect(!capabilities.vision)
        #expect(capabilities.visionSource == "off by --vision")
    }

    @Test func yesWithoutAProjectorIsRefusedWithTheReason() async throws {
        let blind = try engine(projector: false, vision: true)
        guard case .unavailable(let reason) = await blind.availability() else {
            Issue.record("--vision yes without a projector was taken as available")
            return
        }
        #expect(reason.contains("--vision says the model sees") && reason.contains("--mmproj FILE"))
        await #expect(throws: ModelError.self) { try await blind.capabilities() }
        #expect(try await engine(projector: true, vision: true).capabilities().vision)
    }
}
