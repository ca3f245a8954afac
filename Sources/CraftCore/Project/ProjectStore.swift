public import Foundation

/// Where a project lives on disk and the only way to change it: load, modify and save under one exclusive lock.
///
/// Two `origami` processes working on the same project take turns, so neither loses the other's update; a
/// command that fails writes nothing; a damaged or newer file is reported and never overwritten. A command that
/// asks a model reads a `snapshot` first and `update`s after the answer, so the lock is never held while a model
/// thinks and another command's own model call starts at once.
public struct ProjectStore: Sendable {
    /// The project directory (the working directory unless `--project DIR`).
    public let root: URL

    /// Creates a store for the project in `root`.
    public init(root: URL) {
        self.root = root.standardizedFileURL
    }

    /// The `.origami` directory.
    public var directory: URL { root.appendingPathComponent(".origami", isDirectory: true) }
    /// `.origami/project.json`.
    public var fileURL: URL { directory.appendingPathComponent("project.json") }

    /// Whether a project file exists.
    public var exists: Bool { FileManager.default.fileExists(atPath: fileURL.path) }

    /// Reads the project without locking (a save replaces the file in one rename, so a read is never torn).
    public func load() throws -> Project {
        guard let project = try loadIfPresent() else { throw ProjectError.missing(path: fileURL.path) }
        return project
    }

    /// Reads the project, or nil when there is none yet.
    public func loadIfPresent() throws -> Project? {
        try loadVersioned()?.project
    }

    /// The project file's name for a copy of an earlier version's bytes, kept when the file is upgraded.
    public func backupURL(ofVersion version: Int) -> URL {
        directory.appendingPathComponent("project.v\(version).json")
    }

    /// Reads the project with the file's bytes and schema version, or nil when there is none yet.
    private func loadVersioned() throws -> (project: Project, fileVersion: Int, data: Data)? {
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch CocoaError.fileReadNoSuchFile, CocoaError.fileNoSuchFile {
            return nil
        } catch {
            if !exists { return nil }
            throw ProjectError.unreadable(path: fileURL.path, detail: "permission denied or not a file")
        }
        let (project, version) = try ProjectCodec.decodeVersioned(data, path: fileURL.path)
        return (project, version, data)
    }

    /// The project as it is now, read under the lock and released at once; nil when there is none yet.
    ///
    /// Creates nothing: a command that fails after reading (at the model, say) leaves no trace on disk.
    public func snapshot(onWait: () -> Void = {}) async throws -> Project? {
        guard FileManager.default.fileExists(atPath: directory.path) else { return nil }
        let lock = try await ProjectLock.acquire(directory, onWait: onWait)
        defer { lock.release() }
        return try loadIfPresent()
    }

    /// Loads the project under the exclusive lock, lets `body` change it, and saves it if `body` returns.
    ///
    /// - Parameters:
    ///   - create: start an empty project when there is none (brainstorm); otherwise a missing project is an error.
    ///   - now: the clock, stamped into `updatedAt`.
    ///   - onWait: called once if another process holds the lock, so the caller can say it is waiting.
    ///   - body: the change; when it throws, nothing is written and the error is rethrown.
    /// - Returns: what `body` returned.
    public func update<Result>(
        create: Bool,
        now: @Sendable () -> Date = { Date() },
        onWait: () -> Void = {},
        _ body: (inout Project) async throws -> Result
    ) async throws -> Result {
        // Only a command that may start a project makes the directory; any other finds none and says so, leaving
        // nothing behind.
        let madeDirectory = !FileManager.default.fileExists(atPath: directory.path)
        if madeDirectory {
            guard create else { throw ProjectError.missing(path: fileURL.path) }
            try makeDirectory()
        }
        var saved = false
        let lock: ProjectLock
        do {
            lock = try await ProjectLock.acquire(directory, onWait: onWait)
        } catch {
            if madeDirectory { rmdir(directory.path) }
            throw error
        }
        defer {
            // A command that made the directory and failed removes it again, if it is still empty (another origami
            // may have saved a project in it meanwhile).
            if madeDirectory && !saved { rmdir(directory.path) }
            lock.release()
        }
        AtomicFile.removeStaleTemporaries(besides: fileURL)
        let loaded = try loadVersioned()
        let original = loaded?.project
        guard var project = original ?? (create ? Project(now: now()) : nil) else {
            throw ProjectError.missing(path: fileURL.path)
        }
        let result = try await body(&project)
        let upgrading = loaded.map { $0.fileVersion < Project.currentSchemaVersion } ?? false
        if project != original || upgrading {
            if let loaded, upgrading {
                // The earlier version's bytes stay beside the upgraded file, for an older origami or a person.
                let backup = backupURL(ofVersion: loaded.fileVersion)
                if !FileManager.default.fileExists(atPath: backup.path) {
                    try AtomicFile.write(loaded.data, to: backup)
                }
            }
            project.schemaVersion = Project.currentSchemaVersion
            project.revision = (original?.revision ?? 0) + 1
            project.updatedAt = now()
            try save(project)
        }
        saved = true
        return result
    }

    private func save(_ project: Project) throws {
        let data: Data
        do {
            data = try ProjectCodec.encode(project)
        } catch {
            throw ProjectError.cannotWrite(path: fileURL.path, detail: "cannot encode: \(error)")
        }
        try AtomicFile.write(data, to: fileURL)
    }

    private func makeDirectory() throws {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ProjectError.cannotWrite(path: directory.path, detail: "cannot create the directory")
        }
    }
}
