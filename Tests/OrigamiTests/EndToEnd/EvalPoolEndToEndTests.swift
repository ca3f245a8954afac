import CraftTesting
import Foundation
import Testing

/// `origami eval` through the built binary over a pool of fault-server endpoints: one dies halfway through the
/// suite and one refuses every connection, and still every case is answered and the report names both.
@Suite struct EvalPoolEndToEndTests {
    static let answer = OrigamiProcess.packageRoot.appendingPathComponent(
        "Tests/OrigamiTests/Fixtures/scripted-tutorial.json")
    static let python: Bool = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/python3") }
    }()

    let origami: OrigamiProcess

    init() throws {
        origami = try OrigamiProcess()
    }

    /// A suite of `count` tutorial cases, each idea different.
    private func writeSuite(_ count: Int, defaults: String = "") throws {
        let cases = (1...count).map {
            #"{"name": "boat \#($0)", "mode": "tutorial", "inputs": {"idea": "Boat \#($0)"}, "#
                + #""expect": {"schemaValid": true}}"#
        }
        try origami.write(#"{"name": "pool", \#(defaults)"cases": [\#(cases.joined(separator: ", "))]}"#, to: "s.json")
    }

    @Test(.enabled(if: python, "needs python3 for scripts/fault-server.py"))
    func everyCaseIsAnsweredWhenOneEndpointDiesAndOneRefuses() async throws {
        let steady = try (0..<2).map { _ in try FaultServer(mode: "llamacpp", answer: Self.answer) }
        // It serves its /props (slots), one whole run (/props, chat), the /props of a second run, and dies at
        // that run's chat request: the run it held goes elsewhere.
        let dying = try FaultServer(mode: "llamacpp", answer: Self.answer, options: ["--max-requests", "4"])
        let refusing = "http://127.0.0.1:\(FaultServer.closedPort())"
        let urls = (steady + [dying]).map { "http://127.0.0.1:\($0.port)" } + [refusing]
        try writeSuite(8)
        let outcome = try await origami.run(
            ["eval", "s.json", "--backend", "openai", "--model", "fault:stallhead:1", "--no-cache", "-j", "4",
             "--json-report", "r.json", "--markdown", "r.md"] + urls.flatMap { ["--base-url", $0] })
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(contentsOf: origami.file("r.json")))
        #expect(report.runs.count == 8)
        #expect(report.runs.allSatisfy { $0.outcome.error == nil }, "\(report.runs.map(\.outcome))")
        let answeredBy = Set(report.runs.compactMap(\.outcome.endpoint))
        #expect(answeredBy.isSubset(of: Set(urls.prefix(3))))
        #expect(answeredBy.isSuperset(of: Set(urls.prefix(2))))
        let failed = Set(report.endpoints.filter { $0.failures > 0 }.map(\.url))
        #expect(failed == [urls[2], refusing])
        let moved = report.runs.flatMap { $0.outcome.failedEndpoints ?? [] }
        #expect(moved.contains { $0.url == urls[2] })
        #expect(moved.contains { $0.url == refusing && $0.reason.contains("connection refused") })
        #expect(outcome.stdout.contains("ENDPOINT"))
        let refusingLine = outcome.stdout.split(separator: "\n").first { $0.hasPrefix("  \(refusing) ") }
        #expect(refusingLine?.contains("0 runs answered, 1 slot (default); FAILED") == true)
        #expect(try String(contentsOf: origami.file("r.md"), encoding: .utf8).contains("| Endpoint |"))
    }

    @Test(.enabled(if: python, "needs python3 for scripts/fault-server.py"))
    func theSuiteNamesThePoolAndTheServersSayTheirSlots() async throws {
        let servers = try (0..<2).map { _ in
            try FaultServer(mode: "llamacpp", answer: Self.answer, options: ["--slots", "2"])
        }
        let urls = servers.map { "\"http://127.0.0.1:\($0.port)\"" }.joined(separator: ", ")
        try writeSuite(4, defaults: #""defaults": {"backend": "openai", "model": "fault:ok", "baseURL": [\#(urls)]}, "#)
        let outcome = try await origami.run(["eval", "s.json", "--no-cache", "-j", "4", "--json-report", "r.json"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(contentsOf: origami.file("r.json")))
        #expect(report.endpoints.map(\.slots) == [2, 2])
        #expect(report.endpoints.map(\.slotsSource) == ["/props", "/props"])
        #expect(report.endpoints.map(\.answered).reduce(0, +) == 4)
    }

    @Test(.enabled(if: python, "needs python3 for scripts/fault-server.py"))
    func doctorShowsEachEndpoint() async throws {
        let server = try FaultServer(mode: "llamacpp", options: ["--slots", "3"])
        let refusing = "http://127.0.0.1:\(FaultServer.closedPort())"
        let outcome = try await origami.run(
            ["doctor", "--backend", "openai", "--model", "m", "--base-url", "http://127.0.0.1:\(server.port)",
             "--base-url", refusing])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let url = "http://127.0.0.1:\(server.port)"
        #expect(outcome.stdout.contains("✓ endpoint: \(url): available, 3 slots (from /props)"))
        #expect(outcome.stdout.contains("✗ endpoint: \(refusing): nothing answers at \(refusing)"))
    }

    /// The parts of the JSON report these tests read.
    struct Report: Decodable {
        struct Run: Decodable {
            var outcome: Outcome
        }

        struct Outcome: Decodable {
            struct Failure: Decodable {
                var url: String
                var reason: String
            }

            struct RunError: Decodable {
                var message: String
            }

            var endpoint: String?
            var failedEndpoints: [Failure]?
            var error: RunError?
        }

        struct Endpoint: Decodable {
            var url: String
            var slots: Int
            var slotsSource: String
            var answered: Int
            var failures: Int
        }

        var runs: [Run]
        var endpoints: [Endpoint]
    }
}
