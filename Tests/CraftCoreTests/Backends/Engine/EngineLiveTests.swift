import Foundation
import Testing
@testable import CraftCore

/// The engine and model `scripts/setup` installed for the real user.
enum LiveEngine {
    /// The installation, nil when `scripts/setup` has not installed the engine and model here.
    static let installation: EngineInstallation? = {
        try? EngineLocator(configuration: .init(), environment: .live).locate()
    }()
}

/// The real `llama-server` and the real model, when `scripts/setup` has installed them on this machine.
///
/// Each test runs in its own sandbox (state, lock, log) on its own free port, with the installed server and model
/// named explicitly.
@Suite(.serialized, .enabled(if: LiveEngine.installation != nil, "needs scripts/setup's engine and model"))
struct EngineLiveTests {
    let sandbox: EngineSandbox
    let configuration: EngineConfiguration

    init() throws {
        sandbox = try EngineSandbox()
        let installed = try #require(LiveEngine.installation)
        configuration = EngineConfiguration(
            explicit: EnginePaths(server: installed.server, model: installed.model),
            contextSize: 4096,
            slots: 1,
            startTimeout: 120
        )
    }

    private func manager() -> EngineManager {
        EngineManager(configuration: configuration, environment: sandbox.environment(liveClock: true))
    }

    @Test func coldStartLoadsTheModelAndASecondManagerReusesIt() async throws {
        let engine = manager()
        let started = try await engine.start()
        let props = try #require(LoopbackProbe(port: started.port).get("/props"))
        #expect(props.status == 200)
        let json = try #require(try JSONSerialization.jsonObject(with: props.body) as? [String: Any])
        #expect((json["model_path"] as? String) == started.model)
        #expect((json["total_slots"] as? Int) == 1)

        let again = try await manager().start()
        #expect(again.pid == started.pid)
        guard case .running(let running) = try await manager().status() else {
            Issue.record("status should see the running server")
            return
        }
        #expect(running.healthy)
        #expect(running.record.model.hasSuffix(".gguf"))
        let stopped = try await engine.stop()
        #expect(stopped == .stopped(started))
        #expect(await eventually { !isAlive(started.pid) })
    }

    @Test func killedServerIsDetectedAndReplaced() async throws {
        let engine = manager()
        let first = try await engine.start()
        kill(first.pid, SIGKILL)
        #expect(await eventually { !isAlive(first.pid) })
        let second = try await manager().start()
        #expect(second.pid != first.pid)
        #expect(LoopbackProbe(port: second.port).get("/health")?.status == 200)
        try await engine.stop()
    }

    @Test func watchdogStopsTheRealServerWhenIdle() async throws {
        var brief = configuration
        brief.idleTimeout = 2
        brief.watchdogInterval = 1
        let engine = EngineManager(configuration: brief, environment: sandbox.environment(liveClock: true))
        let record = try await engine.start()
        #expect(await eventually(within: 60) { !isAlive(record.pid) })
        #expect(try String(contentsOfFile: record.log, encoding: .utf8).contains("origami watchdog: unused for"))
    }

    @Test func aModelThatIsNotGGUFIsRefusedBeforeLaunching() async throws {
        var wrong = configuration
        let path = try sandbox.write("models/notes.gguf", "these are notes, not weights")
        wrong.explicit.model = LocatedFile(path: path, source: "--model")
        let engine = EngineManager(configuration: wrong, environment: sandbox.environment(liveClock: true))
        await #expect(throws: EngineError.notGGUF(path: path, firstBytes: "74 68 65 73")) { try await engine.start() }
    }

    @Test func aCorruptModelFailsToStartWithTheServersOwnWords() async throws {
        var corrupt = configuration
        corrupt.explicit.model = LocatedFile(path: try sandbox.fakeModel("corrupt.gguf"), source: "--model")
        let engine = EngineManager(configuration: corrupt, environment: sandbox.environment(liveClock: true))
        do {
            try await engine.start()
            Issue.record("a corrupt model must not start")
        } catch let EngineError.failedToStart(reason, log, tail) {
            #expect(reason == "the process exited")
            #expect(log == engine.files.log)
            #expect(tail.contains { $0.localizedCaseInsensitiveContains("failed") || $0.contains("error") })
        }
        #expect(try await engine.status() == .stopped(note: nil))
    }
}
