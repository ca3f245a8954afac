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

    @Test func aBuildWithAMXKernelsIsRefusedOnAnAMXProcessorUntilItsRecipeLeavesThemOut() throws {
        let installed = try installation()
        let directory = "data/origami/engine/\(EngineSetup.engineVersion)"
        try sandbox.write(directory + "/cpu-flags", "avx2\navx512f\namx_tile\namx_int8\n")
        try cpu("avx avx2 avx512f amx_tile amx_int8 amx_bf16")
        let checks = EngineChecks(environment: environment())
        #expect(throws: EngineError.builtWithAMX(builtFor: EngineSetup.engineDirectory(environment()))) {
            try checks.checkProcessor(for: installed)
        }
        try sandbox.write(directory + "/build-recipe", "-DGGML_NATIVE=ON '-DCMAKE_C_FLAGS=-mno-amx-tile -mno-amx-int8'\n")
        try checks.checkProcessor(for: installed)
        // The same build on a processor without AMX was never at risk.
        try sandbox.write(directory + "/build-recipe", "-DGGML_NATIVE=ON\n")
        try cpu("avx avx2 avx512f")
        #expect(throws: EngineError.cpuLacksInstructions(
            missing: ["amx_int8", "amx_tile"], builtFor: EngineSetup.engineDirectory(environment()))
        ) { try checks.checkProcessor(for: installed) }
    }

    @Test func doctorShowsTheBuildsInstructionsAgainstTheProcessorsAndTheLastSmokeTest() async throws {
        let installed = try installation()
        let directory = "data/origami/engine/\(EngineSetup.engineVersion)"
        try sandbox.write(directory + "/cpu-flags", "avx2\navx512f\namx_int8\n")
        try sandbox.write(directory + "/build-recipe", "'-DCMAKE_C_FLAGS=-mno-amx-tile -mno-amx-int8'\n")
        try sandbox.write(directory + "/smoke-test", """
            passed 2026-12-02T01:57:13Z
            8 tokens generated at 36.8 tokens/s (' four') with small.gguf
            CPU : AVX2 = 1 | AVX512 = 1

            """)
        try cpu("avx2 avx512f avx512_vnni amx_int8")
        var environment = environment()
        environment.variables["ORIGAMI_LLAMA_SERVER"] = nil
        let configuration = EngineConfiguration(
            explicit: EnginePaths(server: installed.server, model: installed.model))
        let checks = await EngineManager(configuration: configuration, environment: environment).diagnose()
        let processor = try #require(checks.first { $0.name == "processor" })
        #expect(processor.passed)
        #expect(processor.detail == "build compiled for avx2 avx512f (AMX left out); this processor has every one "
            + "(and amx_int8 avx512_vnni, unused)")
        let smoke = try #require(checks.first { $0.name == "smoke test" })
        #expect(smoke.passed)
        #expect(smoke.detail == "passed 2026-12-02T01:57:13Z: 8 tokens generated at 36.8 tokens/s (' four') with "
            + "small.gguf; the server reports CPU : AVX2 = 1 | AVX512 = 1")
        try sandbox.write(directory + "/smoke-test", "failed 2026-12-02T01:57:21Z\nkilled by SIGILL\n\n")
        let failed = await EngineManager(configuration: configuration, environment: environment).diagnose()
        #expect(failed.first { $0.name == "smoke test" }?.passed == false)
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
