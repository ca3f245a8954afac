@testable import CraftBackends
import CraftSchema
import CraftTesting
import Foundation
import Testing

/// The OpenAI client against a real llama-server, started by the test itself on a free loopback port. Enabled only
/// where the engine and the model are installed (scripts/setup puts them there).
///
/// It checks the wire (streaming, a schema followed, a cut answer reported), not the quality of answers, so it
/// loads the small 0.5B model, which loads and answers several times faster than the default 1.5B one.
@Suite(
    .enabled(
        if: EngineInstall.isPresent, "needs scripts/setup's engine and its small model, \(EngineInstall.weights.path)"),
    .timeLimit(.minutes(15)))
struct LlamaServerTests {
    static let ideas = ResponseFormat(
        name: "BrainstormIdeaList",
        plainJSONSchema: """
            {"type":"object","properties":{"ideas":{"type":"array","minItems":3,"maxItems":3,"items":{"type":"object",\
            "properties":{"title":{"type":"string"},"materials":{"type":"string"}},"required":["title","materials"]}}},\
            "required":["ideas"]}
            """,
        strictJSONSchema: "{}",
        promptDescription: "Answer with JSON: {ideas: [{title, materials}] with exactly 3 ideas}")

    @Test func aRealServerStreamsFollowsASchemaAndReportsTruncation() async throws {
        let port = FaultServer.freePort()
        let process = Process()
        process.executableURL = EngineInstall.binary
        process.arguments = ["-m", EngineInstall.weights.path, "--host", "127.0.0.1", "--port", "\(port)", "-c", "4096",
                             "-t", "2"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try ChildLaunch.exclusively { try process.run() }
        do {
            try await streamsFollowsASchemaAndReportsTruncation(port: port)
        } catch {
            await EngineInstall.stop(process)
            throw error
        }
        await EngineInstall.stop(process)
    }

    private func streamsFollowsASchemaAndReportsTruncation(port: Int) async throws {
        let model = OpenAILanguageModel(configuration: .init(
            baseURL: URL(string: "http://127.0.0.1:\(port)")!, model: "qwen", flavor: .llamaServer,
            idleTimeout: 300, totalTimeout: 800))
        var ready = false
        for _ in 0..<240 where !ready {
            ready = await model.availability() == .available
            if !ready { try await Task.sleep(for: .milliseconds(250)) }
        }
        try #require(ready, "llama-server did not become healthy")

        let generic = OpenAILanguageModel(configuration: .init(
            baseURL: URL(string: "http://127.0.0.1:\(port)/v1")!, model: "any-name", flavor: .generic))
        #expect(await generic.availability() == .available)

        let capabilities = try await model.capabilities()
        #expect(capabilities.contextSize == 4096 && !capabilities.vision)

        // Streaming: several deltas, then usage with llama-server's timings, then stop.
        let plain = try await collect(model.stream(prompt("Name two paper crafts in one sentence."),
                                                   request: .init(options: .init(sampling: .greedy,
                                                                                 maximumResponseTokens: 60)))).get()
        #expect(plain.filter { if case .textDelta = $0 { true } else { false } }.count > 2)
        #expect(plain.last == .finished(.stop))
        guard case .usage(let usage)? = plain.dropLast().last else { Issue.record("no usage"); return }
        #expect((usage.promptTokensEvaluated ?? 0) > 0 && (usage.generationMilliseconds ?? 0) > 0)

        // A brainstorm request with a schema (its description at the end of the prompt, as the session sends it
        // the first time): the grammar makes the answer parse with three ideas. Seeded, so a run is repeatable.
        let request = GenerationRequest(responseFormat: Self.ideas, options: .init(
            temperature: 1.0, sampling: .random(seed: 11), maximumResponseTokens: 400))
        let brainstorm = try await collect(model.stream(
            prompt("I have coloured paper, glue and string. What can I make with this? Please offer 3 ideas.\n\n"
                + Self.ideas.promptDescription),
            request: request)).get()
        #expect(brainstorm.last == .finished(.stop))
        let text = WireFixtures.text(brainstorm)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect((object?["ideas"] as? [[String: Any]])?.count == 3, "\(text)")

        // A tiny token limit: the answer is cut and says so.
        let cut = try await collect(model.stream(prompt("Describe origami in detail."),
                                                 request: .init(options: .init(maximumResponseTokens: 3)))).get()
        #expect(cut.last == .finished(.length))
    }
}

/// Where scripts/setup installs the engine and its small model.
enum EngineInstall {
    static let home = FileManager.default.homeDirectoryForCurrentUser
    static let binary = home.appendingPathComponent(
        ".local/share/origami/engine/\(EngineSetup.engineVersion)/bin/llama-server")
    static let weights = home.appendingPathComponent(
        ".local/share/origami/models/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf")
    /// Stops a server: SIGTERM, then SIGKILL when it is still running after five seconds (llama-server can wait
    /// on open keep-alive connections before it exits).
    static func stop(_ process: Process) async {
        process.terminate()
        for _ in 0..<50 where process.isRunning { try? await Task.sleep(for: .milliseconds(100)) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Whether both the server binary and the model are installed.
    static let isPresent = FileManager.default.isExecutableFile(atPath: binary.path)
        && FileManager.default.fileExists(atPath: weights.path)
}
