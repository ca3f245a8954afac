@testable import CraftCore
import Foundation
import Testing

@Suite struct PhotoSelectionTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("photos-\(UUID().uuidString)")
        for name in ["shots/b.JPG", "shots/a.png", "shots/.hidden.jpg", "shots/notes.txt", "shots/c.webp", "one.heic"] {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("empty"), withIntermediateDirectories: true)
    }

    @Test func aDirectoryStandsForItsPhotosSortedByName() throws {
        let files = try PhotoSelection.files(for: ["shots"], relativeTo: root)
        #expect(files.map(\.lastPathComponent) == ["a.png", "b.JPG", "c.webp"])
    }

    @Test func filesKeepTheirOrderAndAppearOnce() throws {
        let files = try PhotoSelection.files(for: ["one.heic", "shots", "shots/a.png", root.path + "/one.heic"],
                                             relativeTo: root)
        #expect(files.map(\.lastPathComponent) == ["one.heic", "a.png", "b.JPG", "c.webp"])
    }

    @Test func missingAndEmptyAreInputErrors() {
        #expect(throws: PhotoSelectionError.missing(path: "nope.jpg")) {
            try PhotoSelection.files(for: ["nope.jpg"], relativeTo: root)
        }
        #expect(throws: PhotoSelectionError.emptyDirectory(path: "empty")) {
            try PhotoSelection.files(for: ["empty"], relativeTo: root)
        }
        #expect(PhotoSelectionError.missing(path: "x").exitStatus == .noInput)
    }

    @Test func recordedPathsAreRelativeInsideTheProject() {
        #expect(PhotoSelection.recordedPath(root.appendingPathComponent("shots/a.png"), relativeTo: root)
            == "shots/a.png")
        #expect(PhotoSelection.recordedPath(URL(fileURLWithPath: "/elsewhere/a.png"), relativeTo: root)
            == "/elsewhere/a.png")
    }
}
