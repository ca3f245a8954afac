import Foundation
import Testing

/// A command that fails leaves no trace: in a directory without a project, every command that can fail before it
/// writes exits with its status and leaves no `.origami/` behind; in a project, a failing command leaves the file as
/// it was.
@Suite struct FailedCommandEndToEndTests {
    /// Commands that need a project (or a photo) and fail before writing, with the status each exits with.
    static let failing: [(arguments: [String], status: Int32)] = [
        (["coach", "--done"], 66),
        (["coach", "--done", "--step", "2"], 66),
        (["coach", "photo.jpg"], 66),
        (["coach", "--step", "2", "photo.jpg"], 66),
        (["coach", "--note", "folded", "photo.jpg"], 66),
        (["tutorial"], 66),
        (["tutorial", "--idea", "2"], 66),
        (["tutorial", "--step", "3"], 66),
        (["tutorial", "--switch", "1"], 66),
        (["term"], 66),
        (["term", "valley fold"], 66),
        (["status"], 66),
        (["status", "--html", "page.html"], 66),
        (["brainstorm", "nowhere.jpg"], 66),
        (["brainstorm", "not-a-photo.jpg"], 65),
        (["brainstorm", "photo.jpg", "--backend", "replay", "--cassette", "empty.jsonl"], 69),
        (["brainstorm", "photo.jpg", "--backend", "openai", "--base-url", "http://127.0.0.1:9", "--model", "m"], 69),
    ]

    @Test(arguments: failing.indices)
    func aFailedCommandLeavesNoProjectDirectory(_ index: Int) async throws {
        let (arguments, status) = Self.failing[index]
        let origami = try OrigamiProcess()
        try FileManager.default.copyItem(
            at: OrigamiProcess.packageRoot.appendingPathComponent("SamplePhotos/paper-warm.jpg"),
            to: origami.file("photo.jpg"))
        try origami.write("%PDF-1.4 not a photo", to: "not-a-photo.jpg")
        try origami.write("", to: "empty.jsonl")
        let outcome = try await origami.run(arguments)
        #expect(outcome.status == status, "\(arguments): \(outcome.stderr)")
        let lastLine = outcome.stderr.split(separator: "\n").last ?? ""
        #expect(lastLine.hasPrefix("error: "), "\(arguments): \(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: origami.file(".origami").path), "\(arguments) left .origami/")
        #expect(!FileManager.default.fileExists(atPath: origami.file("page.html").path))
    }

    /// In a project with ideas but no tutorial, the commands that need a tutorial fail and change nothing.
    @Test func commandsThatNeedATutorialLeaveTheProjectAsItWas() async throws {
        let origami = try OrigamiProcess()
        let ideas = #"""
            {"schemaVersion": 2, "revision": 1,
             "createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:00:00Z",
             "photos": [], "analyses": [], "ideas": [{"title": "Cup", "description": "A cup."}], "tutorials": [],
             "transcript": {"entries": []}}
            """#
        try origami.write(ideas, to: ".origami/project.json")
        for arguments in [["coach", "--done"], ["tutorial", "--step", "2"], ["tutorial", "--switch", "1"], ["term"],
                          ["tutorial", "--idea", "4"], ["tutorial", "--idea", "1", "--switch", "1"]]
        {
            let outcome = try await origami.run(arguments)
            #expect(outcome.status != 0, "\(arguments)")
            #expect(try String(contentsOf: origami.file(".origami/project.json"), encoding: .utf8) == ideas)
            #expect(try FileManager.default.contentsOfDirectory(atPath: origami.file(".origami").path)
                == ["project.json"])
        }
    }
}
