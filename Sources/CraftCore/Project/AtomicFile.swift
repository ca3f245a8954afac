import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file's contents so that a reader, or the next run after a crash, sees either the old bytes or the
/// new ones, never a mix.
///
/// The bytes go to a temporary file in the same directory, which is flushed to disk (`fsync`) and renamed over
/// the target; the directory is then flushed so the rename itself survives a power cut.
enum AtomicFile {
    /// The prefix of temporary files, so stale ones left by a killed process can be found and removed.
    static func temporaryPrefix(for url: URL) -> String { "." + url.lastPathComponent + ".tmp-" }

    /// Writes `data` to `url` atomically; throws `ProjectError.cannotWrite` naming the path.
    static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(
            temporaryPrefix(for: url) + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure(url, "cannot create \(temporary.lastPathComponent)") }
        var written = 0
        let ok = data.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += n
            }
            return true
        }
        let synced = ok && fsync(fd) == 0
        let savedErrno = errno
        close(fd)
        guard synced else {
            unlink(temporary.path)
            errno = savedErrno
            throw failure(url, "cannot write")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let error = failure(url, "cannot rename the new file into place")
            unlink(temporary.path)
            throw error
        }
        let directoryFD = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// Removes temporary files a killed writer left beside `url`; call only while holding the project lock.
    static func removeStaleTemporaries(besides url: URL) {
        let directory = url.deletingLastPathComponent()
        let prefix = temporaryPrefix(for: url)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            unlink(directory.appendingPathComponent(name).path)
        }
    }

    static func failure(_ url: URL, _ what: String) -> ProjectError {
        ProjectError.cannotWrite(path: url.path, detail: "\(what): \(String(cString: strerror(errno)))")
    }
}
