import CraftSchema
import CraftTesting
import Foundation
import Testing

/// `scripts/setup`'s smoke test of the engine, against stand-in servers placed where setup keeps its build: a server
/// that dies of a signal fails setup with the signal's name and its last log lines, and the result is kept for
/// `origami doctor`.
@Suite struct SetupSmokeTestTests {
    let sandbox: EngineSandbox

    init() throws {
        sandbox = try EngineSandbox()
    }

    /// Runs `scripts/setup --no-build` with its data in the sandbox, a build there whose server is `server`, and the
    /// sandbox's stand-in models named (so nothing is downloaded or built).
    private func setup(server: String) async throws -> (status: Int32, stderr: String, smokeTest: String) {
        let engine = sandbox.root + "/data/origami/engine/11434.0.0"
        try sandbox.write("data/origami/engine/11434.0.0/bin/llama-server", server, executable: true)
        try sandbox.write("data/origami/engine/11434.0.0/build-recipe", try await Self.recipe() + "\n")
        try sandbox.write("data/origami/engine/11434.0.0/cpu-flags", "")
        try sandbox.write("data/origami/engine/11434.0.0/.complete", "")
        let model = try sandbox.fakeModel()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [PackageRoot.url.appendingPathComponent("scripts/setup").path, "--no-build"]
        process.environment = ProcessInfo.processInfo.environment.merging([
            "XDG_DATA_HOME": sandbox.root + "/data", "XDG_CONFIG_HOME": sandbox.root + "/config",
            "ORIGAMI_MODEL": model, "ORIGAMI_SMALL_MODEL": model,
        ]) { $1 }.filter { $0.key != "ORIGAMI_LLAMA_SERVER" }
        process.standardOutput = FileHandle.nullDevice
        let text = try await offThePool {
            let errors = try ChildLaunch.exclusively {
                let errors = Pipe()
                process.standardError = errors
                try process.run()
                return errors
            }
            defer { process.waitUntilExit() }
            return String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        let smoke = (try? String(contentsOfFile: engine + "/smoke-test", encoding: .utf8)) ?? ""
        return (process.terminationStatus, text, smoke)
    }

    /// The build recipe `scripts/setup` writes, read from the script itself, so the stand-in build is not rebuilt.
    static func recipe() async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        let script = PackageRoot.url.appendingPathComponent("scripts/setup").path
        process.arguments = ["-c", #"eval "$(sed -n '/^NO_AMX=/,/^SIMD_FLAGS=/p' "$0")"; printf %s "$ENGINE_CMAKE_ARGS""#,
                             script]
        let recipe = try await offThePool {
            let output = try ChildLaunch.startReadingOutput(process)
            defer { process.waitUntilExit() }
            return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        #expect(recipe.contains("-mno-amx-int8"), "scripts/setup's recipe no longer leaves AMX out: \(recipe)")
        return recipe
    }

    @Test(arguments: [("ILL", "killed by SIGILL (an instruction this processor cannot run)"),
                      ("SEGV", "killed by SIGSEGV (a memory access fault: a crash)")])
    func aServerKilledBySignalFailsSetupNamingIt(signal: String, words: String) async throws {
        let server = """
            #!/bin/sh
            case "$*" in *--version*) exit 0 ;; esac
            echo "load_tensors: loading model tensors"
            sleep 1
            kill -\(signal) $$
            """
        let outcome = try await setup(server: server)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("error: smoke test failed: llama-server exited with status"))
        #expect(outcome.stderr.contains(words))
        #expect(outcome.stderr.contains("load_tensors: loading model tensors"))
        #expect(outcome.smokeTest.hasPrefix("failed "))
        #expect(outcome.smokeTest.contains(words))
    }

    @Test func aServerThatNeverAnswersFailsSetup() async throws {
        let server = """
            #!/bin/sh
            case "$*" in *--version*) exit 0 ;; esac
            echo "error: failed to load model"
            exit 1
            """
        let outcome = try await setup(server: server)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("llama-server exited with status 1"))
        #expect(outcome.smokeTest.hasPrefix("failed "))
    }
}
