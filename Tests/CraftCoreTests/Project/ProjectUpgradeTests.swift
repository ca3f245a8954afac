@testable import CraftCore
import CraftTesting
import Foundation
import Testing

/// A project file written by origami 0.1.0 (schema version 1: one tutorial, its progress at the top level) is read
/// as today's project and upgraded in place by the next save. The fixture is what 0.1.0 wrote for the recorded flow
/// (brainstorm of SamplePhotos/, tutorial for idea 1, two coach checks, `coach --done`, term).
@Suite struct ProjectUpgradeTests {
    static let fixture = PackageRoot.url.appendingPathComponent("Tests/OrigamiTests/Fixtures/v1.project.json")

    let store: ProjectStore

    init() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("upgrade-\(UUID().uuidString)")
        store = ProjectStore(root: root)
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixture, to: store.fileURL)
    }

    @Test func aVersionOneFileBecomesTutorialOneWithAllItsProgress() throws {
        let project = try store.load()
        #expect(project.schemaVersion == 2 && project.revision == 7)
        #expect(project.photos.count == 9 && project.analyses.count == 6 && project.ideas.count == 3)
        #expect(project.tutorials.count == 1 && project.currentTutorialNumber == 1)
        let progress = try #require(project.currentTutorial)
        #expect(progress.idea == project.ideas[0])
        #expect(progress.tutorial.title == "Folded Cup" && progress.stepCount == 5 && progress.currentStep == 2)
        #expect(progress.feedback.map(\.step) == [2, 1])
        #expect(progress.feedback.map(\.note) == [nil, "I folded the sheet in half and creased it firmly"])
        #expect(progress.photoLabels(ofStep: 1) == ["Photo_38a206", "Photo_ea474b"])
        #expect(progress.photoLabels(ofStep: 2) == ["Photo_598b2f"])
        #expect(progress.terms.contains { $0.term == "Folded Cup" && $0.explanation != nil })
        #expect(project.brainstormPhotos.count == 6, "the progress photos are not listed with brainstorm's")
        #expect(!project.transcript.entries.isEmpty)
    }

    @Test func readingLeavesTheFileAsItIsAndTheNextSaveUpgradesItKeepingTheOldBytes() async throws {
        let original = try Data(contentsOf: store.fileURL)
        _ = try store.load()
        _ = try await store.snapshot()
        #expect(try Data(contentsOf: store.fileURL) == original, "reading writes nothing")
        // A command that changes nothing but saves: the upgraded file, its old bytes beside it.
        try await store.update(create: false) { _ in }
        let upgraded = try String(contentsOf: store.fileURL, encoding: .utf8)
        #expect(upgraded.contains("\"schemaVersion\" : 2") && upgraded.contains("\"tutorials\""))
        #expect(!upgraded.contains("\"chosenIdea\"") && !upgraded.contains("\"currentStep\" : 2,\n  \"feedback\""))
        #expect(try Data(contentsOf: store.backupURL(ofVersion: 1)) == original)
        let saved = try store.load()
        #expect(saved.revision == 8)
        #expect(saved.currentTutorial?.currentStep == 2 && saved.currentTutorial?.feedback.count == 2)
    }

    @Test func aFailedCommandDoesNotUpgrade() async throws {
        let original = try Data(contentsOf: store.fileURL)
        struct Boom: Error {}
        await #expect(throws: Boom.self) { try await store.update(create: false) { _ in throw Boom() } }
        #expect(try Data(contentsOf: store.fileURL) == original)
        #expect(!FileManager.default.fileExists(atPath: store.backupURL(ofVersion: 1).path))
    }

    @Test func aTutorialWhoseIdeaALaterBrainstormReplacedKeepsItsTitleAsTheIdea() throws {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.fixture)) as! [String: Any]
        json["chosenIdea"] = NSNull()
        try JSONSerialization.data(withJSONObject: json).write(to: store.fileURL)
        let progress = try #require(try store.load().currentTutorial)
        #expect(progress.idea == BrainstormIdea(title: "Folded Cup", description: ""))
        #expect(progress.currentStep == 2 && progress.feedback.count == 2)
    }

    @Test func aVersionOneFileWithoutATutorialHasNone() throws {
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.fixture)) as! [String: Any]
        json["tutorial"] = NSNull()
        json["chosenIdea"] = NSNull()
        json["feedback"] = []
        json["terms"] = []
        try JSONSerialization.data(withJSONObject: json).write(to: store.fileURL)
        let project = try store.load()
        #expect(project.tutorials.isEmpty && project.currentTutorial == nil && project.ideas.count == 3)
    }
}
