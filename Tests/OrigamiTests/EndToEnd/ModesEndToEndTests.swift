import Foundation
import Testing

/// What `origami doctor` and `origami engine` say about the model of each mode and the two engine servers, in a
/// home where nothing is installed.
@Suite struct ModesEndToEndTests {
    let origami: OrigamiProcess

    init() throws {
        origami = try OrigamiProcess()
    }

    /// The lines of `doctor`'s Modes block.
    private func modes(_ arguments: [String], environment: [String: String] = [:]) async throws -> String {
        let outcome = try await origami.run(["doctor"] + arguments, environment: environment)
        let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "Modes") else { return "" }
        return lines[start...].prefix { !$0.isEmpty }.joined(separator: "\n")
    }

    @Test func doctorShowsTheLargeModelForThreeModesAndTheSmallOneForTerm() async throws {
        #expect(try await modes([]) == """
            Modes
              brainstorm, tutorial, coach  engine  qwen2.5-coder-1.5b-instruct-q4_k_m.gguf  (default)
              term                         engine  qwen2.5-coder-0.5b-instruct-q4_k_m.gguf  (default: the small model)
            """)
    }

    @Test func doctorSaysWhereANamedModelCameFrom() async throws {
        #expect(try await modes(["--model", "/m/mine.gguf"]) == """
            Modes
              brainstorm, tutorial, coach  engine  mine.gguf  (flag --model)
              term                         engine  mine.gguf  (same model: flag --model)
            """)
        #expect(try await modes([], environment: ["ORIGAMI_SMALL_MODEL": "/m/tiny.gguf"]) == """
            Modes
              brainstorm, tutorial, coach  engine  qwen2.5-coder-1.5b-instruct-q4_k_m.gguf  (default)
              term                         engine  tiny.gguf  (environment ORIGAMI_SMALL_MODEL)
            """)
        try origami.write(#"{"backend": "ollama", "smallModel": "qwen2.5:0.5b"}"#, to: "config/origami/config.json")
        let file = origami.file("config/origami/config.json").path
        #expect(try await modes(["--base-url", "http://127.0.0.1:1"]) == """
            Modes
              brainstorm, tutorial, coach  ollama  qwen2.5vl:3b  (default)
              term                         ollama  qwen2.5:0.5b  (\(file) (smallModel))
            """)
    }

    @Test func theReadmesChainLeavesTheEngineItsOwnModelWhenOllamaIsDown() async throws {
        try origami.write(#"{"backend": ["ollama", "engine"], "model": "qwen2.5vl:3b"}"#,
                          to: "config/origami/config.json")
        let outcome = try await origami.run(["doctor", "--base-url", "http://127.0.0.1:9"])
        #expect(outcome.stdout.contains("ollama  * unavailable: nothing answers at http://127.0.0.1:9"))
        // The engine looks for its own model (not installed in this test's home), never for a file "qwen2.5vl:3b".
        #expect(outcome.stdout.contains("✗ model: model \(origami.directory.path)/.local/share/origami/models/"
            + "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf (from scripts/setup) does not exist"), "\(outcome.stdout)")
        #expect(!outcome.stdout.contains("qwen2.5vl:3b (from"))
        let chain = try await origami.run(
            ["doctor", "--backend", "ollama:gemma3:4b,engine", "--base-url", "http://127.0.0.1:9"])
        #expect(chain.stdout.contains("backend             ollama:gemma3:4b,engine        flag --backend"))
        #expect(chain.stdout.contains("brainstorm, tutorial, coach  ollama  gemma3:4b  (flag --backend)"))
    }

    @Test func doctorChecksTheSmallModelBesideThePrimaryOne() async throws {
        let outcome = try await origami.run(["doctor"])
        #expect(outcome.status == 69)
        #expect(outcome.stdout.contains("✗ model: model \(origami.directory.path)/.local/share/origami/models/"
            + "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf (from scripts/setup) does not exist"))
        #expect(outcome.stdout.contains("✗ small model: model \(origami.directory.path)/.local/share/origami/models/"
            + "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf (from scripts/setup) does not exist"))
        #expect(outcome.stdout.contains("✓ small server: not running (starts on first use)"))
        let events = try await origami.run(["doctor", "--json"]).events
        let report = try #require(events.first { $0["event"] as? String == "report" })
        let modes = try #require(report["modes"] as? [[String: Any]])
        #expect(modes.map { $0["origin"] as? String } == ["default", "default: the small model"])
        #expect(modes.map { $0["modes"] as? [String] } == [["brainstorm", "tutorial", "coach"], ["term"]])
    }

    @Test func engineStatusAndStopSpeakOfBothServers() async throws {
        let status = try await origami.run(["engine", "status"])
        #expect(status.status == 0)
        #expect(status.stdout == "primary: not running\n\nsmall: not running\n")
        let stop = try await origami.run(["engine", "stop"])
        #expect(stop.stdout == "The primary engine is not running.\nThe small engine is not running.\n")
        let json = try #require(try await origami.run(["--json", "engine", "status"]).events.last)
        let servers = try #require(json["servers"] as? [[String: Any]])
        #expect(servers.map { $0["role"] as? String } == ["primary", "small"])
        #expect(servers.map { $0["running"] as? Bool } == [false, false])
    }
}
