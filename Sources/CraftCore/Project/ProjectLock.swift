import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive advisory lock (`flock`) on a project's `.origami` directory, held from load to save.
///
/// The lock is taken on the directory itself, not on a lock file beside the project: a file would have to be
/// created before the lock and could never be removed safely (a process waiting on the old file would lock a
/// name that no longer exists), so every command, a failed one too, would leave it behind. The kernel drops the
/// lock when the process dies, even by SIGKILL, so a crashed run never blocks the next.
final class ProjectLock {
    private let fd: Int32

    private init(fd: Int32) {
        self.fd = fd
    }

    /// Takes the lock on the directory `url`, waiting while another process holds it.
    ///
    /// `onWait` runs once, the first time the lock is found taken, so the caller can say it is waiting.
    static func acquire(_ url: URL, onWait: () -> Void) async throws -> ProjectLock {
        let fd = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            throw ProjectError.cannotWrite(
                path: url.path, detail: "cannot open the directory to lock it: \(String(cString: strerror(errno)))")
        }
        var waited = false
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                close(fd)
                throw ProjectError.cannotWrite(
                    path: url.path, detail: "cannot lock: \(String(cString: strerror(code)))")
            }
            if !waited {
                waited = true
                onWait()
            }
            do {
                try await Task.sleep(nanoseconds: 20_000_000)
            } catch {
                close(fd)
                throw error
            }
        }
        return ProjectLock(fd: fd)
    }

    /// Releases the lock.
    func release() {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
