import CraftBackends
import CraftCore
import CraftSchema
import CraftTesting
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// Two real llama-servers on this machine, with the small model, as a pool of two behind `--backend openai` and two
/// `--base-url`s: both receive cases, and killing one mid-run loses no case. Skipped, with the reason, where
/// scripts/setup has not installed the engine and the small model.
@Suite(.enabled(if: LiveEngine.smallInstallation != nil, LiveEngine.smallMissing), .timeLimit(.minutes(15)))
struct EnginePoolLiveTests {
    let origami: OrigamiProcess

    init() throws {
        origami = try OrigamiProcess()
    }

    /// Starts a llama-server with one slot and one thread on a free port; returns it and its URL once healthy.
    private func startServer() async throws -> (Process, String) {
        let port = FaultServer.freePort()
        let installation = try #require(LiveEngine.smallInstallation)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: installation.server.path)
        process.arguments = ["-m", installation.model.path, "--host", "127.0.0.1", "--port", "\(port)", "-c", "4096",
                             "-np", "1", "-t", "1"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try ChildLaunch.exclusively { try process.run() }
        let url = "http://127.0.0.1:\(port)"
        for _ in 0..<480 {
            if let (_, response) = try? await URLSession.shared.data(from: URL(string: url + "/health")!),
                (response as? HTTPURLResponse)?.statusCode == 200
            {
                return (process, url)
            }
            try await Task.sleep(for: .milliseconds(250))
        }
        Self.stop(process)
        throw CocoaError(
            .fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "llama-server at \(url) never became healthy"])
    }

    private static func stop(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        for _ in 0..<50 where process.isRunning { usleep(100_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    @Test func twoEnginesShareTheCasesAndKillingOneLosesNone() async throws {
        let (first, firstURL) = try await startServer()
        defer { Self.stop(first) }
        let (second, secondURL) = try await startServer()
        defer { Self.stop(second) }
        let terms = ["valley fold", "crease", "square base", "mountain fold"]
        let cases = terms.enumerated().map { index, term in
            #"{"name": "term \#(index + 1)", "mode": "term", "inputs": {"term": "\#(term)", "#
                + #""tutorial": {"title": "Paper cup", "steps": ["Fold the square in half diagonally.", "#
                + #""Fold the corners to the opposite edges.", "Tuck the flaps into the pocket."]}}}"#
        }
        try origami.write(#"{"name": "pool-live", "cases": [\#(cases.joined(separator: ", "))]}"#, to: "s.json")
        let process = try origami.start([
            "eval", "s.json", "--backend", "openai", "--model", "qwen", "--base-url", firstURL, "--base-url", secondURL,
            "--no-cache", "-j", "2", "--max-tokens", "160", "--min-pass-rate", "0", "--json-report", "r.json",
        ])
        // Once two runs are done, the second engine holds a run or, idle, is the least busy and next sent one: kill
        // it at once, with SIGKILL. (llama-server finishes the answer in hand on SIGTERM, and a second's wait let a
        // fast machine finish the second engine's last run first: nothing was moved.)
        let progress = Mutex("")
        let reader = Thread {
            let handle = (process.standardError as! Pipe).fileHandleForReading
            while case let chunk = handle.availableData, !chunk.isEmpty {
                progress.withLock { $0 += String(decoding: chunk, as: UTF8.self) }
            }
        }
        reader.start()
        while process.isRunning, !progress.withLock({ $0.contains("[2/4]") }) {
            try await Task.sleep(for: .milliseconds(20))
        }
        kill(second.processIdentifier, SIGKILL)
        Self.stop(second)
        try await offThePool {
            _ = (process.standardOutput as! Pipe).fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
        }
        while !reader.isFinished { try await Task.sleep(for: .milliseconds(50)) }
        let log = progress.withLock { $0 }
        #expect(process.terminationStatus == 0, "\(log)")

        let report = try JSONDecoder().decode(
            EvalPoolEndToEndTests.Report.self, from: Data(contentsOf: origami.file("r.json")))
        #expect(report.runs.count == 4)
        // No case lost: every run was answered by an engine, none ended with the pool exhausted.
        #expect(report.runs.allSatisfy { $0.outcome.endpoint != nil }, "\(log)")
        #expect(!report.runs.contains { $0.outcome.error?.message.contains("no endpoint of the pool") == true })
        // Both received cases: each answered one, or the killed one failed the run it held.
        let byURL = Dictionary(uniqueKeysWithValues: report.endpoints.map { ($0.url, $0) })
        let received = [firstURL, secondURL].map { (byURL[$0]?.answered ?? 0) + (byURL[$0]?.failures ?? 0) }
        #expect(received.allSatisfy { $0 > 0 }, "\(report.endpoints.map { ($0.url, $0.answered, $0.failures) })")
        #expect((byURL[secondURL]?.failures ?? 0) > 0, "the killed engine's run was not moved: \(log)")
        #expect(report.endpoints.map(\.slotsSource) == ["/props", "/props"])
    }
}
