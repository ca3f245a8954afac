@testable import CraftBackends
import CraftTesting
import Foundation
import Testing

/// A server that `/proc` stopped showing is declared ended only on proof: the watchdog's exit status, or a
/// second look at the process table.
struct ServerExitTests {
    let sandbox: EngineSandbox
    let manager: EngineManager
    let record: EngineRecord

    init() throws {
        sandbox = try EngineSandbox()
        var environment = sandbox.environment()
        environment.procDirectory = sandbox.root + "/proc"
        manager = EngineManager(
            configuration: EngineConfiguration(
                explicit: EnginePaths(
                    server: LocatedFile(path: "/opt/llama/llama-server", source: "test"),
                    model: LocatedFile(path: try sandbox.fakeModel(), source: "test"))),
            environment: environment)
        record = EngineRecord(
            pid: 300, port: 4242, server: "/opt/llama/llama-server", model: "/m.gguf", mmproj: nil, slots: 1,
            contextSize: 4096, threads: 2, idleTimeout: 600, startedAt: Date(timeIntervalSince1970: 0),
            log: manager.files.log)
        try FileManager.default.createDirectory(
            atPath: (manager.files.exitStatus as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
    }

    private var watchdog: EngineWatchdog {
        EngineWatchdog(idleTimeout: 600, interval: 1, files: manager.files)
    }

    private func serverIsListed() throws {
        try sandbox.write("proc/300/stat", "300 (llama-server) S 1 300 300 0 -1 4194560\n")
        try sandbox.write("proc/300/cmdline", "/opt/llama/llama-server\0--port\04242\0")
    }

    @Test func aServerSeenAgainWithNoExitRecordedIsStillRunning() async throws {
        try serverIsListed()
        #expect(await manager.confirmExit(of: record, watchdog: watchdog, patience: 0.2) == .stillRunning)
        #expect(await manager.confirmExit(of: record, watchdog: nil) == .stillRunning)
    }

    @Test(arguments: [("132", EngineManager.ServerExit.killed(signal: 4)), ("139", .killed(signal: 11)),
                      ("1", .exited(status: 1)), ("0", .exited(status: 0))])
    func theWatchdogsRecordDecidesHowItEnded(recorded: String, expected: EngineManager.ServerExit) async throws {
        try serverIsListed()  // a status on record outweighs a stale look at the table
        try Data((recorded + "\n").utf8).write(to: URL(fileURLWithPath: manager.files.exitStatus))
        #expect(await manager.confirmExit(of: record, watchdog: watchdog, patience: 0.2) == expected)
    }

    /// A watchdog on a busy machine wrote the status of a crashed server 6 s late: it still counts as the crash.
    @Test func aStatusTheWatchdogWritesLateStillSaysHowItEnded() async throws {
        let file = URL(fileURLWithPath: manager.files.exitStatus)
        // A thread of its own writes it, as the watchdog does, so a test run that keeps the cooperative threads busy
        // cannot hold the write back past the wait.
        let late = Thread {
            Thread.sleep(forTimeInterval: 6)
            try? Data("132\n".utf8).write(to: file)
        }
        late.start()
        #expect(await manager.confirmExit(of: record, watchdog: watchdog) == .killed(signal: 4))
    }

    @Test func aServerGoneWithoutAnyRecordExitedWithNoStatus() async throws {
        #expect(await manager.confirmExit(of: record, watchdog: watchdog, patience: 0.2) == .exited(status: nil))
        #expect(await manager.confirmExit(of: record, watchdog: nil) == .exited(status: nil))
    }
}
