@testable import CraftBackends
import CraftTesting
import Foundation
import Testing

/// The primary and the small model's servers side by side, against the stand-in server: each has its own state
/// file, lock, last-use mark, log and watchdog, so one never reuses, stops or clears the other.
@Suite(.serialized)
struct EngineRolesTests {
    let sandbox: EngineSandbox
    let server: LocatedFile

    init() throws {
        sandbox = try EngineSandbox()
        server = LocatedFile(path: try sandbox.fakeServer(), source: "test")
    }

    private func manager(_ role: EngineRole, model: String? = nil) throws -> EngineManager {
        let path = try sandbox.fakeModel(model ?? "\(role.rawValue).gguf")
        return EngineManager(
            configuration: EngineConfiguration(
                role: role, explicit: EnginePaths(server: server, model: LocatedFile(path: path, source: "test")),
                startTimeout: 30),
            environment: sandbox.environment())
    }

    @Test func eachRoleKeepsItsFilesApart() throws {
        let environment = sandbox.environment()
        let primary = EngineFiles(environment: environment, role: .primary)
        let small = EngineFiles(environment: environment, role: .small)
        #expect(primary.state == sandbox.root + "/run/origami/engine.json")
        #expect(primary.log == sandbox.root + "/cache/origami/engine.log")
        #expect(small.state == sandbox.root + "/run/origami/engine-small.json")
        #expect(small.lock == sandbox.root + "/run/origami/engine-small.lock")
        #expect(small.lastUse == sandbox.root + "/run/origami/engine-small.last-use")
        #expect(small.pid == sandbox.root + "/run/origami/engine-small.pid")
        #expect(small.log == sandbox.root + "/cache/origami/engine-small.log")
        #expect(small.lastFailure == sandbox.root + "/cache/origami/engine-small.failure")
        let all = [primary, small].flatMap { [$0.state, $0.lock, $0.lastUse, $0.pid, $0.log, $0.lastFailure] }
        #expect(Set(all).count == all.count)
    }

    @Test func bothServersRunAtOnceEachWithItsModel() async throws {
        let primary = try manager(.primary)
        let small = try manager(.small)
        let first = try await primary.start()
        let second = try await small.start()
        #expect(first.pid != second.pid)
        #expect(first.port != second.port)
        #expect(first.model.hasSuffix("primary.gguf"))
        #expect(second.model.hasSuffix("small.gguf"))
        #expect(second.log.hasSuffix("engine-small.log"))
        // Starting one again reuses it and leaves the other as it was.
        #expect(try await manager(.primary).start().pid == first.pid)
        #expect(isAlive(second.pid))
        try await primary.stop()
        try await small.stop()
    }

    @Test func stoppingOneServerLeavesTheOtherRunning() async throws {
        let primary = try manager(.primary)
        let small = try manager(.small)
        let running = try await primary.start()
        let stopped = try await small.start()
        #expect(try await small.stop() == .stopped(stopped))
        #expect(!isAlive(stopped.pid))
        #expect(isAlive(running.pid))
        guard case .running(let status) = try await primary.status() else {
            Issue.record("the primary server should still run")
            return
        }
        #expect(status.record == running)
        try await primary.stop()
    }

    @Test func aStaleRecordOfOneRoleLeavesTheOtherAlone() async throws {
        let primary = try manager(.primary)
        let small = try manager(.small)
        let alive = try await primary.start()
        let killed = try await small.start()
        kill(killed.pid, SIGKILL)
        #expect(await eventually { !isAlive(killed.pid) })
        #expect(try await small.status() == .stopped(
            note: "cleared a stale state file: pid \(killed.pid) is no longer llama-server on port \(killed.port)"))
        guard case .running(let status) = try await primary.status() else {
            Issue.record("the primary server should be unaffected by the small one's stale record")
            return
        }
        #expect(status.record.pid == alive.pid)
        #expect(FileManager.default.fileExists(atPath: primary.files.state))
        let restarted = try await small.start()
        #expect(restarted.pid != killed.pid)
        #expect(try await primary.start().pid == alive.pid)
        try await primary.stop()
        try await small.stop()
    }

    @Test func theSameModelInBothRolesStillRunsTwoServers() async throws {
        let primary = try manager(.primary, model: "shared.gguf")
        let small = try manager(.small, model: "shared.gguf")
        let first = try await primary.start()
        let second = try await small.start()
        #expect(first.pid != second.pid)
        try await primary.stop()
        #expect(isAlive(second.pid))
        try await small.stop()
    }

    @Test func capabilitiesOfAStoppedServerDoNotStartIt() async throws {
        let small = try manager(.small)
        let engine = EngineLanguageModel(manager: small)
        let capabilities = try await engine.capabilities()
        #expect(capabilities.contextSize == small.configuration.contextSize)
        #expect(!capabilities.vision)
        #expect(try await small.status() == .stopped(note: nil))
        let record = try await small.start()
        #expect(try await engine.capabilities().vision == false)
        #expect(try await small.status() != .stopped(note: nil))
        #expect(try await small.stop() == .stopped(record))
    }
}
