import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads and signals processes through `/proc`, and launches detached ones.
struct ProcessTable {
    /// Where process information lives, normally `/proc`.
    var procDirectory: String

    /// What the table says about a process id.
    enum Liveness: Equatable {
        /// No such process, or a zombie waiting to be reaped.
        case gone
        /// A live process with this command line.
        case running(arguments: [String])
    }

    /// Whether `pid` is alive, and its command line.
    func liveness(of pid: Int32) -> Liveness {
        guard let fields = statFields(of: pid), let state = fields.first, state != "Z", state != "X" else {
            return .gone
        }
        let directory = procDirectory + "/\(pid)"
        let raw = FileManager.default.contents(atPath: directory + "/cmdline") ?? Data()
        let arguments = raw.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        return .running(arguments: arguments.last == "" ? Array(arguments.dropLast()) : arguments)
    }

    /// The parent process id of `pid`, nil when it is gone.
    func parent(of pid: Int32) -> Int32? {
        guard let fields = statFields(of: pid), fields.count > 1 else { return nil }
        return Int32(fields[1])
    }

    /// The fields of `/proc/<pid>/stat` after the command name: state, parent pid, …
    ///
    /// The command name is parenthesised and may itself contain spaces and parentheses, so the fields start
    /// after the last `)`.
    private func statFields(of pid: Int32) -> [Substring]? {
        guard pid > 0, let stat = FileManager.default.contents(atPath: procDirectory + "/\(pid)/stat") else {
            return nil
        }
        let text = String(decoding: stat, as: UTF8.self)
        guard let close = text.range(of: ")", options: .backwards) else { return nil }
        return text[close.upperBound...].split(separator: " ")
    }

    /// Whether `pid` is the server `record` describes: alive, running its executable, on its port.
    ///
    /// A pid in a stale state file may since have been given to an unrelated program; that one must not be
    /// reused or signalled.
    func isServer(_ record: EngineRecord) -> Bool {
        guard case .running(let arguments) = liveness(of: record.pid) else { return false }
        guard arguments.contains(record.server) else { return false }
        guard let flag = arguments.firstIndex(of: "--port"), flag + 1 < arguments.count else { return false }
        return arguments[flag + 1] == String(record.port)
    }

    /// Sends a signal; false when the process no longer exists.
    @discardableResult
    func signal(_ pid: Int32, _ signal: Int32) -> Bool {
        kill(pid, signal) == 0
    }

    /// Launches `arguments` with `environment` in a new session with stdin, stdout and stderr on `/dev/null` and no other
    /// descriptors inherited, then waits for it to exit.
    ///
    /// The program is expected to fork its long-lived work into the background and exit at once, so the
    /// long-lived process is re-parented away from us and can never become our zombie. It is reaped without
    /// blocking: the wait polls.
    func runDetached(_ arguments: [String], environment: [String: String]) async throws(EngineError) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        _ = Self.closeFrom?(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The calling thread may block or ignore signals (runtimes do); the server must start with none blocked
        // and every handler at its default, or SIGTERM from `stop()` and the watchdog would not reach it.
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        sigfillset(&signals)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        posix_spawnattr_setflags(
            &attributes, Self.setsidFlag | Int16(POSIX_SPAWN_SETSIGMASK) | Int16(POSIX_SPAWN_SETSIGDEF))

        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let code = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard code == 0 else { throw .spawnFailed(path: arguments[0], errno: code) }
        // Reaped without blocking a thread of the cooperative pool: it exits within milliseconds.
        var status: Int32 = 0
        while true {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid || (reaped == -1 && errno != EINTR) { return }
            try? await Task.sleep(for: .milliseconds(reaped == 0 ? 5 : 0))
        }
    }

    /// glibc's `POSIX_SPAWN_SETSID` (since 2.26); its header hides it behind `_GNU_SOURCE`, which Swift's Glibc
    /// module does not define, so the ABI value is spelled here.
    private static let setsidFlag: Int16 = 0x80

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (since 2.34), looked up at run time for the same reason;
    /// nil on older systems, where only close-on-exec descriptors are kept from the child.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return nil }
        return unsafeBitCast(
            symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// Whether something listens on (or holds) `port` on 127.0.0.1: binding to it fails.
    static func isPortInUse(_ port: Int) -> Bool {
        guard let socket = LoopbackSocket.bound(port: port) else { return true }
        close(socket.descriptor)
        return false
    }

    /// A port on 127.0.0.1 that is free now: the kernel picks it for a socket bound to port 0.
    static func freePort() -> Int? {
        guard let socket = LoopbackSocket.bound(port: 0) else { return nil }
        defer { close(socket.descriptor) }
        return socket.port
    }
}
