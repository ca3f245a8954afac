import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive advisory lock (`flock`) on a project's lock file, held from load to save.
///
/// The kernel drops the lock when the process dies, even by SIGKILL, so a crashed run never blocks the next.
final class ProjectLock {
    private let fd: Int32

    private init(fd: Int32) {
        self.fd = fd
    }

    /// Takes the lock on `url`, creating the file if needed, waiting while another process holds it.
    ///
    /// `onWait` runs once, the first time the lock is found taken, so the caller can say it is waiting.
    static func acquire(_ url: URL, onWait: () -> Void) async throws -> ProjectLock {
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw ProjectError.cannotWrite(
                path: url.path, detail: "cannot open the lock file: \(String(cString: strerror(errno)))")
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
