import Foundation
import Testing

/// Backend failures through the built binary, against `scripts/fault-server.py`: each ends with its exit status
/// and message, and none writes the project.
@Suite struct BackendFaultEndToEndTests {
    /// A fault server on an ephemeral loopback port; it stops when its standard input closes.
    final class FaultServer {
        let process = Process()
        let input = Pipe()
        let port: Int

        /// Starts the server; `answer` is a file whose text it streams as the model's answer (see its --answer).
        init(mode: String, answer: URL? = nil) throws {
            let output = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", OrigamiProcess.packageRoot.appendingPathComponent("scripts/fault-server.py").path,
                "--mode", mode, "--lifetime", "120",
            ] + (answer.map { ["--answer", $0.path] } ?? [])
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                line.append(chunk)
            }
            let text = String(decoding: line, as: UTF8.self)
            port = Int(text.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        }

        deinit {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    let origami: OrigamiProcess

    init() throws {
        origami = try OrigamiProcess()
        try FileManager.default.copyItem(
            at: OrigamiProcess.packageRoot.appendingPathComponent("SamplePhotos/paper-warm.jpg"),
            to: origami.file("paper-warm.jpg"))
    }

    private func brainstorm(port: Int, _ extra: [String] = []) throws -> OrigamiProcess.Outcome {
        let outcome = try origami.run(
            ["brainstorm", "paper-warm.jpg", "--backend", "openai", "--base-url", "http://127.0.0.1:\(port)",
             "--model", "ok-model"] + extra)
        #expect(!FileManager.default.fileExists(atPath: origami.file(".origami/project.json").path))
        return outcome
    }

    @Test func rateLimitedExits75WithTheWait() throws {
        let server = try FaultServer(mode: "429:30")
        let outcome = try brainstorm(port: server.port)
        #expect(outcome.status == 75)
        #expect(outcome.stderr.contains("rate limited; try again in 30 seconds"))
    }

    @Test func aStalledServerTimesOutWith75() throws {
        let server = try FaultServer(mode: "stall:20")
        let outcome = try brainstorm(port: server.port, ["--timeout", "1", "--json"])
        #expect(outcome.status == 75)
        #expect(outcome.events.last?["kind"] as? String == "temporary")
    }

    @Test func outputBreakingTheSchemaExits65AfterARetry() throws {
        let server = try FaultServer(mode: "schema")
        let outcome = try brainstorm(port: server.port)
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("The answer broke a rule; asking again:"))
        #expect(outcome.stderr.contains("error: the model's answer is not valid:"))
    }

    @Test func aRefusedKeyIsAConfigurationError78() throws {
        let server = try FaultServer(mode: "401")
        let outcome = try brainstorm(port: server.port)
        #expect(outcome.status == 78)
        #expect(outcome.stderr.contains("refused the API key"))
    }

    @Test func nothingListeningIsUnavailable69() throws {
        let outcome = try origami.run(["brainstorm", "paper-warm.jpg", "--backend", "ollama", "--base-url",
                                       "http://127.0.0.1:1"])
        #expect(outcome.status == 69)
        #expect(outcome.stderr.contains("nothing answers at http://127.0.0.1:1"))
        let doctor = try origami.run(["doctor", "--backend", "ollama", "--base-url", "http://127.0.0.1:1"])
        #expect(doctor.status == 69)
        #expect(doctor.stdout.contains("ollama  * unavailable"))
    }
}
