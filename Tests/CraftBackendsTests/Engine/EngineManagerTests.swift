@testable import CraftBackends
import CraftTesting
import Foundation
import Synchronization
import Testing

/// Lifecycle mechanics against the stand-in server: state file, lock, reuse, stale records, watchdog.
@Suite(.serialized)
struct EngineManagerTests {
    let sandbox: EngineSandbox
    let configuration: EngineConfiguration

    init() throws {
        sandbox = try EngineSandbox()
        configuration = EngineConfiguration(
            explicit: EnginePaths(
                server: LocatedFile(path: try sandbox.fakeServer(), source: "test"),
                model: LocatedFile(path: try sandbox.fakeModel(), source: "test")),
            startTimeout: 30
        )
    }

    private func manager(
        _ configuration: EngineConfiguration? = nil,
        liveClock: Bool = false,
        extra: [String: String] = [:]
    ) -> EngineManager {
        EngineManager(
            configuration: configuration ?? self.configuration,
            environment: sandbox.environment(liveClock: liveClock, extra: extra))
    }

    @Test func secondManagerReusesTheWarmServer() async throws {
        let first = manager()
        let started = try await first.start()
        let phases = Mutex<[EngineProgress.Phase]>([])
        let reused = try await manager().start { progress in phases.withLock { $0.append(progress.phase) } }
        #expect(reused.pid == started.pid)
        #expect(reused.port == started.port)
        #expect(phases.withLock { $0 } == [.reusing, .ready])
        try await first.stop()
    }

    @Test func startReportsLoadingWhileHealthAnswers503() async throws {
        let phases = Mutex<[EngineProgress.Phase]>([])
        let engine = manager(extra: ["FAKE_LOAD_PROBES": "2"])
        try await engine.start { progress in phases.withLock { $0.append(progress.phase) } }
        let seen = phases.withLock { $0 }
        #expect(seen.first == .launching)
        #expect(seen.contains(.loading))
        #expect(seen.last == .ready)
        try await engine.stop()
    }

    @Test func concurrentStartsShareOneServer() async throws {
        let engines = [manager(), manager(), manager()]
        let records = try await withThrowingTaskGroup(of: EngineRecord.self) { group in
            for engine in engines { group.addTask { try await engine.start() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(records.map(\.pid)).count == 1)
        try await engines[0].stop()
    }

    @Test func staleStateWithDeadPidIsReplacedByANewServer() async throws {
        let engine = manager()
        let first = try await engine.start()
        kill(first.pid, SIGKILL)
        #expect(await eventually { !isAlive(first.pid) })
        let status = try await manager().status()
        #expect(status == .stopped(note: "cleared a stale state file: pid \(first.pid) is no longer llama-server on port \(first.port)"))
        let second = try await manager().start()
        #expect(second.pid != first.pid)
        #expect(isAlive(second.pid))
        try await engine.stop()
    }

    @Test func stateNamingAForeignProcessIsClearedWithoutSignallingIt() async throws {
        let engine = manager()
        let real = try await engine.start()
        var forged = real
        forged.pid = getpid()  // alive, but this test runner is not llama-server
        try EngineStateStore(files: engine.files).write(forged)
        let stopped = try await manager().stop()
        guard case .notRunning(let note) = stopped else {
            Issue.record("expected the forged record to be treated as stale, got \(stopped)")
            return
        }
        #expect(note?.contains("pid \(getpid())") == true)
        kill(real.pid, SIGTERM)
        #expect(await eventually { !isAlive(real.pid) })
    }

    @Test func stopEndsTheServerAndForgetsIt() async throws {
        let engine = manager()
        let record = try await engine.start()
        #expect(try await engine.stop() == .stopped(record))
        #expect(!isAlive(record.pid))
        #expect(!FileManager.default.fileExists(atPath: engine.files.state))
        #expect(try await engine.stop() == .notRunning(note: nil))
    }

    @Test func aDifferentSlotCountReplacesTheServer() async throws {
        let engine = manager()
        let first = try await engine.start()
        var wider = configuration
        wider.slots = 4
        let second = try await manager(wider).start()
        #expect(second.pid != first.pid)
        #expect(second.slots == 4)
        #expect(await eventually { !isAlive(first.pid) })
        try await engine.stop()
    }

    @Test func fixedPortInUseIsRefusedWithItsNumber() async throws {
        let holder = try #require(LoopbackSocket.bound(port: 0))
        defer { close(holder.descriptor) }
        var fixed = configuration
        fixed.port = holder.port
        let engine = manager(fixed)
        await #expect(throws: EngineError.portInUse(port: holder.port)) { try await engine.start() }
        #expect(await engine.availability() == .unavailable(reason: EngineError.portInUse(port: holder.port).reason))
    }

    @Test func serverThatExitsWhileLoadingFailsWithItsLog() async throws {
        let engine = manager(extra: ["FAKE_FAIL": "1"])
        do {
            try await engine.start()
            Issue.record("a server that exits must not count as started")
        } catch let EngineError.failedToStart(reason, _, tail) {
            #expect(reason == "the process exited with status 1")
            #expect(tail.contains { $0.contains("failed to load model") })
        }
        let checks = await engine.diagnose()
        let last = try #require(checks.first { $0.name == "last start" })
        #expect(!last.passed)
        #expect(last.detail.contains("failed to load model"))
    }

    @Test(arguments: [("ILL", SIGILL, "SIGILL (an instruction this processor cannot run)"),
                      ("SEGV", SIGSEGV, "SIGSEGV (a memory access fault: a crash)")])
    func aServerKilledBySignalWhileLoadingIsNamedAndNotStartedAgain(
        name: String, signal: Int32, words: String
    ) async throws {
        let launches = sandbox.root + "/launches-\(name)"
        let engine = manager(extra: ["FAKE_SIGNAL": name, "FAKE_LAUNCHES": launches])
        let first = await #expect(throws: EngineError.self) { try await engine.start() }
        guard case .killedBySignal(let killer, let loading, _, let tail)? = first else {
            Issue.record("expected a start killed by a signal, got \(String(describing: first))")
            return
        }
        #expect(killer == signal)
        #expect(loading)
        #expect(tail.contains { $0.contains("load_tensors") })
        let message = try #require(first).description
        #expect(message.contains("llama-server was killed by \(words) while loading the model"))
        #expect(first?.exitStatus.rawValue == 69)
        // The same manager (one origami process) does not launch the crashing server again.
        let second = await #expect(throws: EngineError.self) { try await engine.start() }
        #expect(second == first)
        let lines = try String(contentsOfFile: launches, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1)
        let checks = await engine.diagnose()
        #expect(checks.first { $0.name == "last start" }?.detail.contains("killed by SIG\(name)") == true)
    }

    @Test func startsWaitingWhileAServerCrashesDoNotLaunchItAgain() async throws {
        let launches = sandbox.root + "/launches-concurrent"
        let engine = manager(extra: ["FAKE_SIGNAL": "SEGV", "FAKE_LAUNCHES": launches])
        let failures = await withTaskGroup(of: EngineError?.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    do {
                        try await engine.start()
                        return nil
                    } catch {
                        return error as? EngineError
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(failures.count == 3)
        for failure in failures {
            guard case .killedBySignal(let signal, _, _, _)? = failure else {
                Issue.record("expected every start to report the crash, got \(String(describing: failure))")
                continue
            }
            #expect(signal == SIGSEGV)
        }
        let lines = try String(contentsOfFile: launches, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1, "the crashing server was launched \(lines.count) times: \(lines)")
    }

    @Test func watchdogStopsTheServerAfterTheIdleTimeout() async throws {
        var brief = configuration
        // Idle counts from the launch, so the limit leaves a loaded machine time to finish starting the server
        // (at 1 s a fresh-clone CI run saw the watchdog stop it before it answered).
        brief.idleTimeout = 5
        brief.watchdogInterval = 1
        let engine = manager(brief, liveClock: true)
        let record = try await engine.start()
        #expect(await eventually(within: 60) { !isAlive(record.pid) })
        let log = try String(contentsOfFile: record.log, encoding: .utf8)
        #expect(log.contains("origami watchdog: unused for"))
        #expect(try await engine.status() == .stopped(note: "cleared a stale state file: pid \(record.pid) is no longer llama-server on port \(record.port)"))
    }

    @Test func statusReportsUptimeIdleAndSlotsThenReapsWhenIdleTooLong() async throws {
        let engine = manager()
        let record = try await engine.start()
        sandbox.clock.advance(by: 125)
        guard case .running(let running) = try await engine.status() else {
            Issue.record("the server should be running")
            return
        }
        #expect(running.uptime == 125)
        #expect(running.idle == 125)
        #expect(running.stopsIn == configuration.idleTimeout - 125)
        #expect(running.healthy)
        #expect(running.description.contains("slots:    2, sharing 16384 tokens of context"))
        try await engine.markUsed()
        sandbox.clock.advance(by: configuration.idleTimeout + 1)
        guard case .stopped(let note) = try await engine.status() else {
            Issue.record("a server idle past its limit should be stopped by status")
            return
        }
        #expect(note?.contains("unused for") == true)
        #expect(!isAlive(record.pid))
    }

    @Test func aRequestStillWaitingForItsFirstWordKeepsTheServerInUse() async throws {
        let engine = manager()
        let record = try await engine.start()
        try await engine.keepingInUse(every: .milliseconds(50)) {
            // Longer than the idle limit passes with nothing back from the server, as while it reads a long prompt
            // on a loaded machine; the heartbeat alone marks the server used at the moved clock.
            sandbox.clock.advance(by: configuration.idleTimeout + 1)
            let moved = sandbox.clock.now
            let marked = await eventually {
                FileSystem.modificationDate(engine.files.lastUse).map { abs($0.timeIntervalSince(moved)) < 1 } ?? false
            }
            #expect(marked, "the server was not marked used while the request ran")
            guard case .running(let running) = try await engine.status() else {
                Issue.record("a server in the middle of a request was stopped as idle")
                return
            }
            #expect(running.idle < 1)
        }
        #expect(isAlive(record.pid))
        try await engine.stop()
    }

    @Test func statusDuringAnotherStartReportsALoadingServerWithoutWaiting() async throws {
        let starting = manager(extra: ["FAKE_LOAD_SECONDS": "6"])
        let start = Task { try await starting.start() }
        #expect(await eventually { FileManager.default.fileExists(atPath: starting.files.state) })
        guard case .running(let running) = try await manager().status() else {
            Issue.record("status should report the server being started")
            return
        }
        #expect(!running.healthy)
        #expect(running.description.contains("(loading)"))
        let record = try await start.value
        #expect(record.pid == running.record.pid)
        try await starting.stop()
    }

    @Test(arguments: [(nil, "PASSIVE"), ("ACTIVE", "ACTIVE")])
    func serverThreadsSleepWhenIdleUnlessThePersonChoseAPolicy(chosen: String?, expected: String) async throws {
        let engine = manager(extra: chosen.map { ["OMP_WAIT_POLICY": $0] } ?? [:])
        let record = try await engine.start()
        let environ = try #require(FileManager.default.contents(atPath: "/proc/\(record.pid)/environ"))
        let variables = environ.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        #expect(variables.contains("OMP_WAIT_POLICY=\(expected)"))
        try await engine.stop()
    }
}
