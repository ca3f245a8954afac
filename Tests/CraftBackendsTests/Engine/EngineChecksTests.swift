@testable import CraftBackends
import CraftTesting
import Foundation
import Testing

/// `origami doctor`'s engine checks: processor instructions, model checksum, port, and the probe they rely on.
struct EngineChecksTests {
    let sandbox: EngineSandbox

    init() throws {
        sandbox = try EngineSandbox()
    }

    private func environment() -> EngineEnvironment {
        var environment = sandbox.environment()
        environment.procDirectory = sandbox.root + "/proc"
        return environment
    }

    private func installation() throws -> EngineInstallation {
        let server = try sandbox.write("data/origami/engine/\(EngineSetup.engineVersion)/bin/llama-server", "",
                                       executable: true)
        return EngineInstallation(
            server: LocatedFile(path: server, source: "scripts/setup"),
            model: LocatedFile(path: try sandbox.fakeModel(), source: "test"),
            mmproj: nil)
    }

    private func cpu(_ flags: String) throws {
        try sandbox.write("proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu \(flags)\nbugs\t\t: none\n")
    }

    @Test func aBuildForAVX512OnAProcessorWithoutItIsRefusedByName() throws {
        let installed = try installation()
        try sandbox.write("data/origami/engine/\(EngineSetup.engineVersion)/cpu-flags", "avx\navx2\navx512f\nfma\n")
        try cpu("sse4_2 avx avx2 fma")
        #expect(throws: EngineError.cpuLacksInstructions(
            missing: ["avx512f"], builtFor: EngineSetup.engineDirectory(environment()))
        ) { try EngineChecks(environment: environment()).checkProcessor(for: installed) }
        try cpu("sse4_2 avx avx2 fma avx512f")
        try EngineChecks(environment: environment()).checkProcessor(for: installed)
    }

    @Test func aServerFromElsewhereIsNotJudgedByTheSetupBuildsFlags() throws {
        var installed = try installation()
        installed.server.source = "PATH"
        try sandbox.write("data/origami/engine/\(EngineSetup.engineVersion)/cpu-flags", "avx512f\n")
        try cpu("avx")
        try EngineChecks(environment: environment()).checkProcessor(for: installed)
    }

    @Test func diagnoseNamesTheMissingServerAndModel() async throws {
        var environment = environment()
        environment.variables["PATH"] = sandbox.root + "/empty"
        try cpu("avx")
        let checks = await EngineManager(environment: environment).diagnose()
        let server = try #require(checks.first { $0.name == "llama-server" })
        #expect(!server.passed)
        #expect(server.detail.contains("run scripts/setup"))
        let model = try #require(checks.first { $0.name == "model" })
        #expect(!model.passed)
        #expect(model.detail.contains("does not exist"))
        #expect(checks.last == EngineCheck(name: "server", passed: true, detail: "not running (starts on first use)"))
    }

    @Test func checksumIsComputedWhenAskedAndAWrongOneIsReported() throws {
        let path = try sandbox.write("models/x.gguf", "GGUF")
        let checks = EngineChecks(environment: environment())
        #expect(checks.sha256(of: path) == "b83633aa785344791618f2fddf131b010ea04912a60430760b070bad293f65bd")
        let error = EngineError.modelChecksum(path: path, actual: "00", expected: EngineSetup.primaryModel.sha256)
        #expect(error.description.contains("delete it and run scripts/setup"))
        #expect(error.exitStatus == .unavailable)
    }

    @Test(arguments: [
        ("HTTP/1.1 200 OK\r\nContent-Length: 15\r\n\r\n{\"status\":\"ok\"}", 200, "{\"status\":\"ok\"}"),
        ("HTTP/1.1 503 Service Unavailable\r\n\r\n{\"error\":{}}", 503, "{\"error\":{}}"),
    ])
    func probeRepliesAreSplitIntoStatusAndBody(raw: String, status: Int, body: String) {
        #expect(LoopbackProbe.parse(Data(raw.utf8)) == .init(status: status, body: Data(body.utf8)))
    }

    @Test(arguments: ["", "garbage", "HTTP/1.1 200 OK\r\n", "SSH-2.0-OpenSSH\r\n\r\n"])
    func probeRejectsWhatIsNotHTTP(raw: String) {
        #expect(LoopbackProbe.parse(Data(raw.utf8)) == nil)
    }

    @Test func probeOfAClosedPortIsNil() throws {
        let port = try #require(ProcessTable.freePort())
        #expect(LoopbackProbe(port: port, timeout: 1).get("/health") == nil)
    }
}
