import CraftTesting
import Foundation
import Testing

/// Backend failures through the built binary, against `scripts/fault-server.py`: each ends with its exit status
/// and message, and none writes the project.
@Suite struct BackendFaultEndToEndTests {
    let origami: OrigamiProcess

    init() throws {
        origami = try OrigamiProcess()
        try FileManager.default.copyItem(
            at: OrigamiProcess.packageRoot.appendingPathComponent("SamplePhotos/paper-warm.jpg"),
            to: origami.file("paper-warm.jpg"))
    }

    private func brainstorm(port: Int, _ extra: [String] = []) async throws -> OrigamiProcess.Outcome {
        let outcome = try await origami.run(
            ["brainstorm", "paper-warm.jpg", "--backend", "openai", "--base-url", "http://127.0.0.1:\(port)",
             "--model", "ok-model"] + extra)
        #expect(!FileManager.default.fileExists(atPath: origami.file(".origami/project.json").path))
        return outcome
    }

    @Test func rateLimitedExits75WithTheWait() async throws {
        let server = try FaultServer(mode: "429:30")
        let outcome = try await brainstorm(port: server.port)
        #expect(outcome.status == 75)
        #expect(outcome.stderr.contains("rate limited; try again in 30 seconds"))
    }

    @Test func aStalledServerTimesOutWith75() async throws {
        let server = try FaultServer(mode: "stall:20")
        let outcome = try await brainstorm(port: server.port, ["--timeout", "1", "--json"])
        #expect(outcome.status == 75)
        #expect(outcome.events.last?["kind"] as? String == "temporary")
    }

    @Test func outputBreakingTheSchemaExits65AfterARetry() async throws {
        let server = try FaultServer(mode: "schema")
        let outcome = try await brainstorm(port: server.port)
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("The answer broke a rule; asking again:"))
        #expect(outcome.stderr.contains("error: the model's answer is not valid:"))
    }

    @Test func aRefusedKeyIsAConfigurationError78() async throws {
        let server = try FaultServer(mode: "401")
        let outcome = try await brainstorm(port: server.port)
        #expect(outcome.status == 78)
        #expect(outcome.stderr.contains("refused the API key"))
    }

    @Test func nothingListeningIsUnavailable69() async throws {
        let outcome = try await origami.run(["brainstorm", "paper-warm.jpg", "--backend", "ollama", "--base-url",
                                       "http://127.0.0.1:1"])
        #expect(outcome.status == 69)
        #expect(outcome.stderr.contains("nothing answers at http://127.0.0.1:1"))
        let doctor = try await origami.run(["doctor", "--backend", "ollama", "--base-url", "http://127.0.0.1:1"])
        #expect(doctor.status == 69)
        #expect(doctor.stdout.contains("ollama  * unavailable"))
    }
}
