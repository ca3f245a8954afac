import Foundation

/// A temporary folder holding the files of one test (suites, manifests, stand-in photos), removed on deinit.
final class EvalScratch {
    let folder: URL

    init(_ files: [String: String] = [:]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("origami-eval-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (path, text) in files { try write(path, text) }
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes `text` to `path` inside the folder, creating subfolders.
    @discardableResult
    func write(_ path: String, _ text: String) throws -> URL {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url
    }

    func url(_ path: String) -> URL {
        folder.appendingPathComponent(path)
    }
}
