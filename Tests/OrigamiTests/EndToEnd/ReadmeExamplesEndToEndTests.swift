import CraftTesting
import Foundation
import Testing

/// The README's example eval suite, taken from the README itself and run as written by the built binary, on a
/// scripted server (scripts/fault-server.py --answers) named on the command line in place of the engine; and the
/// mistake the README's example once held (a model name for the engine) refused with what to do.
@Suite(.enabled(if: FaultServer.isAvailable, "needs python3 for scripts/fault-server.py"))
struct ReadmeExamplesEndToEndTests {
    /// The first JSON block of the README's "Evaluations" section: the example suite.
    static func exampleSuite() throws -> String {
        let readme = try String(
            contentsOf: OrigamiProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "\n## Evaluations\n")).upperBound
        let start = try #require(readme.range(of: "```json\n", range: section..<readme.endIndex)).upperBound
        let end = try #require(readme.range(of: "```", range: start..<readme.endIndex)).lowerBound
        return String(readme[start..<end])
    }

    /// What the model answers for each of the suite's cases (the server cannot see: brainstorm asks for the ideas
    /// alone, with origami's reading of each photo).
    static var script: [String: Any] { [
        "BrainstormIdeaList": [["ideas": ["Paper cup", "Paper crane", "Paper star"].map {
            ["title": $0, "description": "A \($0.lowercased()) folded from one square."]
        }]],
        "Tutorial": [["title": "Paper cup", "materials": ["a square of paper"], "steps": [
            ["number": 1, "title": "Triangle", "instruction": "Fold the square corner to corner."],
            ["number": 2, "title": "Sides", "instruction": "Fold each side corner across."],
            ["number": 3, "title": "Flaps", "instruction": "Fold the top flaps down."],
        ]]],
        "CoachFeedback": [["observation": "A square folded once, slanted.", "sections": [
            ["title": "What You Did Well", "body": "A crisp crease."],
            ["title": "Try This Instead", "body": "Line the edges up before you fold."],
        ], "isCurrentStepComplete": false, "completionMessage": NSNull()]],
        "ExtractedTerms": [["terms": ["triangle", "flaps"]]],
        "TermExplanation": [["term": "valley fold", "explanation": "A fold whose crease sinks away, like a valley."]],
    ] }

    let origami: OrigamiProcess

    init() throws {
        origami = try OrigamiProcess()
        // The suite's paths are relative to it: ../../SamplePhotos/… and its own step1.jpg.
        try FileManager.default.copyItem(
            at: OrigamiProcess.packageRoot.appendingPathComponent("SamplePhotos"), to: origami.file("SamplePhotos"))
        try origami.write(try Self.exampleSuite(), to: "suites/mine/my-suite.json")
        try FileManager.default.copyItem(
            at: origami.file("SamplePhotos/progress/cup-step1-done.jpg"), to: origami.file("suites/mine/step1.jpg"))
    }

    @Test func theExampleSuiteRunsAsWrittenAndEveryCasePasses() async throws {
        let script = origami.file("script.json")
        try JSONSerialization.data(withJSONObject: Self.script).write(to: script)
        let server = try FaultServer(mode: "ok", options: ["--answers", script.path])
        let outcome = try await origami.run(
            ["eval", "suites/mine/my-suite.json", "--backend", "openai", "--base-url", server.baseURL.absoluteString,
             "--model", "ok-model", "--no-cache"])
        #expect(outcome.status == 0, "\(outcome.stdout)\n\(outcome.stderr)")
        #expect(outcome.stdout.contains("my-suite: 5/5 runs passed (100 %) on openai (ok-model)"), "\(outcome.stdout)")
    }

    @Test func aModelNameForTheEngineSaysWhatToDo() async throws {
        let suite = try Self.exampleSuite()
            .replacingOccurrences(
                of: #""backend": "engine","#, with: #""backend": "engine", "model": "qwen2.5-coder-0.5b","#)
        try origami.write(suite, to: "suites/mine/named.json")
        let outcome = try await origami.run(["eval", "suites/mine/named.json"])
        #expect([64, 78].contains(outcome.status), "\(outcome.stderr)")
        #expect(outcome.stderr.contains(
            "'qwen2.5-coder-0.5b' is a model name, but the engine runs a GGUF file: give the file's path"))
    }
}
