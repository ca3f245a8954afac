@testable import CraftBackends
import CraftTesting
import Foundation
import Testing

/// The real `llama-server` and a real model, when `scripts/setup` has installed them on this machine.
///
/// These tests are about the server's lifecycle (start, reuse, replace, watchdog, refusal of a bad file), not about
/// answers, so they load the small 0.5B model: it loads in about a second where the default 1.5B model takes
/// several, and the mechanics are the same for both. Each test runs in its own sandbox (state, lock, log) on its own
/// free port, with the installed server and model named explicitly.
@Suite(.serialized, .enabled(if: LiveEngine.smallInstallation != nil, LiveEngine.smallMissing))
struct EngineLiveTests {
    let sandbox: EngineSandbox
    let configuration: EngineConfiguration

    init() throws {
        sandbox = try EngineSandbox()
        let installed = try #require(LiveEngine.smallInstallation)
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

    /// The default arrangement: the 1.5B model's server and the 0.5B model's, warm side by side; stopping one
    /// leaves the other answering. Their resident memory goes to stderr for the record.
    @Test(.enabled(if: LiveEngine.installation != nil, LiveEngine.missing))
    func bothModelsServersRunWarmAtOnce() async throws {
        let installed = try #require(LiveEngine.installation)
        var large = configuration
        large.role = .primary
        large.explicit = EnginePaths(server: installed.server, model: installed.model)
        var small = configuration
        small.role = .small
        let primary = EngineManager(configuration: large, environment: sandbox.environment(liveClock: true))
        let term = EngineManager(configuration: small, environment: sandbox.environment(liveClock: true))
        let first = try await primary.start()
        let second = try await term.start()
        for record in [first, second] {
            let props = try #require(LoopbackProbe(port: record.port).get("/props"))
            let json = try #require(try JSONSerialization.jsonObject(with: props.body) as? [String: Any])
            #expect((json["model_path"] as? String) == record.model)
            let status = try String(contentsOfFile: "/proc/\(record.pid)/status", encoding: .utf8)
            let rss = status.split(separator: "\n").first { $0.hasPrefix("VmRSS") } ?? "VmRSS unknown"
            FileHandle.standardError.write(Data("live engine \(record.model): \(rss)\n".utf8))
        }
        #expect(first.model.hasSuffix(EngineSetup.primaryModel.fileName))
        #expect(second.model.hasSuffix(EngineSetup.smallModel.fileName))
        try await term.stop()
        #expect(await eventually { !isAlive(second.pid) })
        #expect(LoopbackProbe(port: first.port).get("/health")?.status == 200)
        try await primary.stop()
    }

    @Test func watchdogStopsTheRealServerWhenIdle() async throws {
        var brief = configuration
        // The idle time counts from launch, so it must outlast loading the model on a busy machine: a fresh-clone CI
        // run, with other suites' servers loading beside it, took 12 s to load and the watchdog (then 2 s) stopped
        // the server before it was ready.
        brief.idleTimeout = 30
        brief.watchdogInterval = 1
        let engine = EngineManager(configuration: brief, environment: sandbox.environment(liveClock: true))
        let record = try await engine.start()
        #expect(await eventually(within: 120) { !isAlive(record.pid) })
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
            #expect(reason == "the process exited with status 1")
            #expect(log == engine.files.log)
            #expect(tail.contains { $0.localizedCaseInsensitiveContains("failed") || $0.contains("error") })
        }
        #expect(try await engine.status() == .stopped(note: nil))
    }
}
