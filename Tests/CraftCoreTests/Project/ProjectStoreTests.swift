@testable import CraftBackends
@testable import CraftCore
import Foundation
import Testing

@Suite struct ProjectStoreTests {
    let root: URL
    let store: ProjectStore

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        store = ProjectStore(root: root)
    }

    private func error(_ body: () throws -> Void) -> ProjectError? {
        do {
            try body()
            return nil
        } catch let error as ProjectError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test func aMissingProjectIsReported() {
        #expect(error { _ = try store.load() } == .missing(path: store.fileURL.path))
        #expect(error { _ = try store.load() }?.exitStatus == .noInput)
    }

    @Test func updateCreatesSavesAndCountsRevisions() async throws {
        try await store.update(create: true) { $0.ideas = [.init(title: "Crane", description: "A paper crane")] }
        try await store.update(create: false) { $0.ideas.append(BrainstormIdea(title: "Cup", description: "A cup.")) }
        let project = try store.load()
        #expect(project.revision == 2)
        #expect(project.ideas.map(\.title) == ["Crane", "Cup"])
        #expect(project.schemaVersion == Project.currentSchemaVersion)
    }

    @Test func updateWithoutCreateNeedsAProjectAndMakesNoDirectory() async {
        await #expect(throws: ProjectError.missing(path: store.fileURL.path)) {
            try await store.update(create: false) { _ in }
        }
        #expect(!store.exists)
        #expect(!FileManager.default.fileExists(atPath: store.directory.path))
    }

    @Test func aFailedFirstSaveRemovesTheDirectoryItMade() async {
        struct Boom: Error {}
        await #expect(throws: Boom.self) {
            try await store.update(create: true) { _ in throw Boom() }
        }
        #expect(!FileManager.default.fileExists(atPath: store.directory.path))
    }

    @Test func aFailingChangeWritesNothing() async throws {
        try await store.update(create: true) { $0.ideas = [BrainstormIdea(title: "Cup", description: "A cup.")] }
        let before = try Data(contentsOf: store.fileURL)
        struct Boom: Error {}
        await #expect(throws: Boom.self) {
            try await store.update(create: false) { project in
                project.ideas = []
                throw Boom()
            }
        }
        #expect(try Data(contentsOf: store.fileURL) == before)
    }

    @Test func anUnchangedProjectIsNotRewritten() async throws {
        try await store.update(create: true) { $0.ideas = [BrainstormIdea(title: "Cup", description: "A cup.")] }
        try await store.update(create: false) { _ in }
        #expect(try store.load().revision == 1)
    }

    @Test func aDamagedFileIsReportedAndLeftAlone() async throws {
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        let damaged = Data(#"{"schemaVersion": 1, "photos": ["#.utf8)
        try damaged.write(to: store.fileURL)
        #expect(error { _ = try store.load() } == .corrupt(path: store.fileURL.path, detail: "not valid JSON"))
        await #expect(throws: ProjectError.self) {
            try await store.update(create: true) { $0.ideas = [.init(title: "x", description: "")] }
        }
        #expect(try Data(contentsOf: store.fileURL) == damaged)
        try Data(#"{"schemaVersion": 1}"#.utf8).write(to: store.fileURL)
        #expect(error { _ = try store.load() } == .corrupt(path: store.fileURL.path, detail: "missing \"revision\""))
        #expect(error { _ = try store.load() }?.exitStatus == .dataError)
    }

    @Test func aNewerSchemaIsRefusedByName() throws {
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        try Data(#"{"schemaVersion": 99, "somethingNew": true}"#.utf8).write(to: store.fileURL)
        let failure = error { _ = try store.load() }
        #expect(failure == .newerSchema(path: store.fileURL.path, found: 99, supported: Project.currentSchemaVersion))
        #expect("\(failure!)".contains("update origami"))
    }

    @Test func savedTranscriptsKeepLabelsButNotImageBytes() async throws {
        let attachment = Attachment(
            label: "Photo_abcdef", sha256: "abcdef12", data: Data(repeating: 7, count: 1000), description: "red paper")
        try await store.update(create: true) { project in
            project.transcript = Transcript(entries: [.prompt(Prompt([.text("Look"), .image(attachment)]))])
        }
        let text = try String(contentsOf: store.fileURL, encoding: .utf8)
        #expect(!text.contains("BwcHBwcH"))
        guard case .prompt(let prompt) = try store.load().transcript.entries.first else {
            Issue.record("no prompt saved")
            return
        }
        #expect(prompt.attachments == [Attachment(
            label: "Photo_abcdef", sha256: "abcdef12", data: nil, description: "red paper")])
    }

    @Test func concurrentUpdatesInOneProcessLoseNothing() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<16 {
                group.addTask {
                    try await store.update(create: true) { $0.ideas.append(.init(title: "t\(index)", description: "")) }
                }
            }
            try await group.waitForAll()
        }
        let project = try store.load()
        #expect(project.revision == 16)
        #expect(Set(project.ideas.map(\.title)) == Set((0..<16).map { "t\($0)" }))
    }

    @Test func staleTemporaryFilesAreSweptUnderTheLock() async throws {
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        let stale = store.directory.appendingPathComponent(".project.json.tmp-1-2")
        try Data("half".utf8).write(to: stale)
        try await store.update(create: true) { $0.photos.append(.init(label: "Photo_1", path: "p", sha256: "1")) }
        #expect(!FileManager.default.fileExists(atPath: stale.path))
    }

    @Test func aProjectPathThatCannotHoldADirectoryIsACannotCreateError() async throws {
        try Data("a file where .origami should be".utf8).write(to: store.directory)
        let failure = await #expect(throws: ProjectError.self) {
            try await store.update(create: true) { $0.photos.append(.init(label: "Photo_1", path: "p", sha256: "1")) }
        }
        #expect(failure?.exitStatus == .cannotCreate)
        #expect("\(failure!)".contains(store.directory.path))
    }
}
