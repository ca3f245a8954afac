import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive `flock(2)` on a file, held across processes for the duration of a closure.
///
/// The descriptor is opened close-on-exec so the server and watchdog launched while it is held do not inherit
/// (and keep) the lock. Acquisition polls without blocking a thread, so a process waiting for another one's
/// model load stays cancellable. A process that dies holding the lock releases it with its descriptors.
enum FileLock {
    /// Runs `body` holding the lock, waiting up to `timeout` seconds for another holder to let go.
    static func withLock<T>(
        _ path: String,
        timeout: TimeInterval,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> T
    ) async throws -> T {
        let descriptor = try await acquire(path, timeout: timeout)
        defer {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
        return try await body()
    }

    private static func acquire(_ path: String, timeout: TimeInterval) async throws -> Int32 {
        try FileSystem.createDirectory(forFile: path)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw EngineError.cannotWrite(path: path, detail: String(cString: strerror(errno)))
        }
        let deadline = Date().addingTimeInterval(timeout)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let detail = String(cString: strerror(errno))
                close(descriptor)
                throw EngineError.cannotWrite(path: path, detail: detail)
            }
            guard Date() < deadline else {
                close(descriptor)
                throw EngineError.lockTimeout(path: path, seconds: timeout)
            }
            do {
                try await Task.sleep(for: .milliseconds(50))
            } catch {
                close(descriptor)
                throw error
            }
        }
        return descriptor
    }
}

/// The few file operations the engine needs beyond `FileManager`: atomic writes, modification times, tails.
enum FileSystem {
    /// Creates the directory a file will live in.
    static func createDirectory(forFile path: String) throws(EngineError) {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: directory, detail: "\(error)")
        }
    }

    /// Writes a file through a temporary sibling and a rename, so readers never see half of it.
    static func writeAtomically(_ data: Data, to path: String) throws(EngineError) {
        try createDirectory(forFile: path)
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .cannotWrite(path: path, detail: "\(error)")
        }
    }

    /// Sets a file's modification time, creating the file when it does not exist.
    static func touch(_ path: String, at date: Date) throws(EngineError) {
        if !FileManager.default.fileExists(atPath: path) {
            try writeAtomically(Data(), to: path)
        }
        do {
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: path)
        } catch {
            throw .cannotWrite(path: path, detail: "\(error)")
        }
    }

    /// A file's modification time, nil when it does not exist.
    static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// Removes a file if it exists.
    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The last `count` non-empty lines of a text file, reading at most its last 64 KB.
    static func tail(_ path: String, lines count: Int) -> [String] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        try? handle.seek(toOffset: size > 65_536 ? size - 65_536 : 0)
        let data = (try? handle.readToEnd()) ?? Data()
        let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
        return lines.suffix(count).map(String.init)
    }
}
