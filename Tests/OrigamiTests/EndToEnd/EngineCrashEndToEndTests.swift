import CraftTesting
import Foundation
import Testing

/// An engine that dies of a signal while loading, through the built binary: the message names the signal and what
/// to do, the server is launched once, the exit status is 69, and no project is written.
@Suite struct EngineCrashEndToEndTests {
    let origami: OrigamiProcess
    let sandbox: EngineSandbox

    init() throws {
        origami = try OrigamiProcess()
        sandbox = try EngineSandbox()
        try FileManager.default.copyItem(
            at: OrigamiProcess.packageRoot.appendingPathComponent("SamplePhotos/paper-warm.jpg"),
            to: origami.file("paper-warm.jpg"))
    }

    @Test(arguments: [("ILL", "SIGILL (an instruction this processor cannot run)", "scripts/setup"),
                      ("SEGV", "SIGSEGV (a memory access fault: a crash)", "the log below")])
    func aServerKilledWhileLoadingIsNamedOnceAndNothingIsWritten(
        signal: String, words: String, advice: String
    ) async throws {
        let launches = sandbox.root + "/launches"
        let outcome = try await origami.run(
            ["brainstorm", "paper-warm.jpg", "--backend", "engine"],
            environment: [
                "ORIGAMI_LLAMA_SERVER": try sandbox.fakeServer(), "ORIGAMI_MODEL": try sandbox.fakeModel(),
                "XDG_DATA_HOME": sandbox.root + "/data", "XDG_CACHE_HOME": sandbox.root + "/cache",
                "FAKE_SIGNAL": signal, "FAKE_LAUNCHES": launches,
            ])
        #expect(outcome.status == 69)
        #expect(outcome.stderr.contains("llama-server was killed by \(words) while loading the model"))
        #expect(outcome.stderr.contains(advice))
        #expect(outcome.stderr.contains("load_tensors"))
        // A launch whose port another process took first is retried on a fresh port; the crash is not.
        let lines = try String(contentsOfFile: launches, encoding: .utf8).split(separator: "\n")
        let started = lines.filter { $0.hasPrefix("launched") }.count
            - lines.filter { $0.hasPrefix("could not bind") }.count
        #expect(started == 1, "the crashing server was launched \(started) times: \(lines)")
        #expect(!FileManager.default.fileExists(atPath: origami.file(".origami").path))
    }
}
