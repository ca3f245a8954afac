import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a photo file's bytes with every check made before the bytes are read.
///
/// It opens the path once and asks the open file (not the path again) what it is, so a folder, a device such as
/// `/dev/zero`, a pipe or an oversized file is refused without reading it, and no check races a rename.
enum PhotoFile {
    /// The bytes of the regular file at `url`, at most `limit` of them.
    static func read(_ url: URL, limit: Int) throws(PhotoError) -> [UInt8] {
        let name = url.lastPathComponent.isEmpty ? url.path : url.lastPathComponent
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw openError(errno, name: name) }
        defer { close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadable(file: name, reason: systemWords(errno))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .isDirectory(file: name)
        case S_IFCHR, S_IFBLK: throw .notRegularFile(file: name, kind: "a device")
        case S_IFIFO: throw .notRegularFile(file: name, kind: "a pipe")
        case S_IFSOCK: throw .notRegularFile(file: name, kind: "a socket")
        default: throw .notRegularFile(file: name, kind: "a special file")
        }
        let size = Int(status.st_size)
        guard size <= limit else { throw .fileTooLarge(file: name, bytes: size, limit: limit) }
        guard size > 0 else { throw .empty(file: name) }

        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        var failure: Int32 = 0
        bytes.withUnsafeMutableBytes { buffer in
            while filled < size {
                let count = Glibc.read(descriptor, buffer.baseAddress! + filled, size - filled)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if count == 0 { return }
                filled += count
            }
        }
        if failure != 0 { throw .unreadable(file: name, reason: systemWords(failure)) }
        guard filled > 0 else { throw .empty(file: name) }
        if filled < size { bytes.removeSubrange(filled...) }
        return bytes
    }

    private static func openError(_ code: Int32, name: String) -> PhotoError {
        switch code {
        case ENOENT, ENOTDIR, ENAMETOOLONG: .missing(file: name)
        case ELOOP: .symlinkLoop(file: name)
        case EISDIR: .isDirectory(file: name)
        case EACCES, EPERM: .unreadable(file: name, reason: "permission denied")
        default: .unreadable(file: name, reason: systemWords(code))
        }
    }

    private static func systemWords(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
