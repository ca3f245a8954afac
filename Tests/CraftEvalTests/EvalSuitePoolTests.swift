@testable import CraftEval
import Foundation
import Testing

/// A suite can name the servers it runs on (`defaults.baseURL`), each with an optional number of slots.
@Suite struct EvalSuitePoolTests {
    @Test func theSuiteNamesItsServers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pool-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let suite = folder.appendingPathComponent("s.json")
        let text = #"{"defaults": {"backend": "openai", "baseURL": ["http://a:8080", "http://b:8080#slots=2"]}, "#
            + #""cases": [{"name": "t", "mode": "tutorial", "inputs": {"idea": "Boat"}}]}"#
        try Data(text.utf8).write(to: suite)
        #expect(try EvalSuite.load(contentsOf: suite).baseURLs == ["http://a:8080", "http://b:8080#slots=2"])
        try Data(text.replacingOccurrences(of: "#slots=2", with: "#slots=0").utf8).write(to: suite)
        #expect(throws: EvalError.self) { try EvalSuite.load(contentsOf: suite) }
    }
}
