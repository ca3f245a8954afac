@testable import CraftBackends
import CraftTesting
import Foundation
import Testing

/// Reading `/proc`: live, zombie and foreign processes, parents, and the loopback helpers.
struct ProcessTableTests {
    let sandbox: EngineSandbox

    init() throws {
        sandbox = try EngineSandbox()
    }

    private func record(pid: Int32, port: Int = 4242) -> EngineRecord {
        EngineRecord(
            pid: pid, port: port, server: "/opt/llama/llama-server", model: "/m.gguf", mmproj: nil, slots: 1,
            contextSize: 4096, threads: 2, idleTimeout: 600, startedAt: Date(timeIntervalSince1970: 0), log: "/l")
    }

    /// Writes a fake `/proc/<pid>` with a stat line and a NUL-separated command line.
    private func process(_ pid: Int32, name: String = "llama-server", state: String = "S", parent: Int32 = 1,
                         arguments: [String]) throws {
        try sandbox.write("proc/\(pid)/stat", "\(pid) (\(name)) \(state) \(parent) \(pid) \(pid) 0 -1 4194560\n")
        try sandbox.write("proc/\(pid)/cmdline", arguments.joined(separator: "\0") + "\0")
    }

    private var table: ProcessTable { ProcessTable(procDirectory: sandbox.root + "/proc") }

    @Test func aLiveServerOnItsPortIsRecognised() throws {
        try process(100, arguments: ["/opt/llama/llama-server", "--host", "127.0.0.1", "--port", "4242"])
        #expect(table.isServer(record(pid: 100)))
        #expect(!table.isServer(record(pid: 100, port: 4243)))
    }

    @Test func aReusedPidRunningSomethingElseIsNotTheServer() throws {
        try process(101, name: "vim", arguments: ["vim", "--port", "4242"])
        #expect(!table.isServer(record(pid: 101)))
    }

    @Test func zombiesAndMissingPidsAreGone() throws {
        try process(102, state: "Z", arguments: [])
        #expect(table.liveness(of: 102) == .gone)
        #expect(table.liveness(of: 103) == .gone)
        #expect(table.liveness(of: 0) == .gone)
    }

    @Test func aCommandNameWithParenthesesDoesNotShiftTheFields() throws {
        try process(104, name: "odd) name (x", state: "R", parent: 77, arguments: ["odd"])
        #expect(table.parent(of: 104) == 77)
        #expect(table.liveness(of: 104) == .running(arguments: ["odd"]))
    }

    @Test func theRealProcTableSeesThisProcess() {
        let live = ProcessTable(procDirectory: "/proc")
        guard case .running(let arguments) = live.liveness(of: getpid()) else {
            Issue.record("this test process should be alive")
            return
        }
        #expect(!arguments.isEmpty)
        #expect(live.parent(of: getpid()) == getppid())
    }

    @Test func aBoundPortIsInUseAndAFreshFreePortIsNot() throws {
        let holder = try #require(LoopbackSocket.bound(port: 0))
        defer { close(holder.descriptor) }
        #expect(ProcessTable.isPortInUse(holder.port))
        let free = try #require(ProcessTable.freePort())
        #expect(free != holder.port)
        #expect(!ProcessTable.isPortInUse(free))
    }
}
