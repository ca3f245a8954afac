import CraftSchema
import Foundation
import Synchronization

/// Starts, reuses, reports on and stops one of the `llama-server`s origami runs for this user: the primary
/// model's or the small model's, as the configuration's role says.
///
/// Each role has its own state file, lock, last-use mark, log and watchdog (see `EngineFiles`), so the two servers
/// start, idle and stop independently and both can be warm at once. Every decision is taken under the role's lock,
/// so two origami processes started together end up sharing one server. The state file records the server; a
/// later process reuses it while it is warm. A state file whose
/// pid is gone, or now belongs to another program, is cleared and a new server started. A watchdog launched
/// with the server stops it after `idleTimeout` without use (see `EngineWatchdog`); `status()` also stops a
/// server found idle past its limit, in case its watchdog was killed.
public actor EngineManager {
    /// How the engine should run.
    public nonisolated let configuration: EngineConfiguration
    /// The world it runs in.
    public nonisolated let environment: EngineEnvironment
    /// Where its state, lock and log live.
    public nonisolated let files: EngineFiles

    let store: EngineStateStore
    let processes: ProcessTable
    /// The errors of starts this process saw killed by a signal, by server and model: later starts of the same
    /// pair, by any manager, throw it again instead of launching a server that would die the same way (a build for
    /// the wrong processor crashes every time, and one command may ask several managers to start it).
    static let crashedStarts = Mutex<[String: EngineError]>([:])

    /// Creates a manager; nothing is started until `start(progress:)`.
    public init(configuration: EngineConfiguration = .init(), environment: EngineEnvironment = .live) {
        self.configuration = configuration
        self.environment = environment
        files = EngineFiles(environment: environment, role: configuration.role)
        store = EngineStateStore(files: files)
        processes = ProcessTable(procDirectory: environment.procDirectory)
    }

    /// Which server this manager runs: the primary model's or the small model's.
    public nonisolated var role: EngineRole { configuration.role }

    /// The server, model and projector this manager would run, or why one of them is missing.
    public func installation() throws(EngineError) -> EngineInstallation {
        try EngineLocator(configuration: configuration, environment: environment).locate()
    }

    /// The model a person named for this role (flag, environment, configuration file), nil when it runs the model
    /// `scripts/setup` installs. Checks nothing on disk.
    public nonisolated func namedModel() -> LocatedFile? {
        EngineLocator(configuration: configuration, environment: environment).namedModel()
    }

    /// The record of a live server that runs what this manager would start, without taking the lock or asking
    /// `/health`; nil when there is none (then nothing needs to start just to answer a question about it).
    func warmRecord() -> EngineRecord? {
        guard let record = store.read(), processes.isServer(record),
            let installation = try? installation(),
            record.serves(installation, configuration, threads: configuration.threads ?? environment.processorCount)
        else { return nil }
        return record
    }

    /// Makes sure a healthy server runs what the configuration asks for, reusing a warm one, and marks it used.
    ///
    /// A running server with another model, projector, slot count or context size is stopped and replaced.
    @discardableResult
    public func start(progress: @escaping @Sendable (EngineProgress) -> Void = { _ in }) async throws -> EngineRecord {
        let installation = try installation()
        if let crash = Self.crashedStarts.withLock({ $0[installation.crashKey] }) { throw crash }
        try EngineChecks(environment: environment).checkProcessor(for: installation)
        let threads = configuration.threads ?? environment.processorCount
        return try await FileLock.withLock(files.lock, timeout: configuration.startTimeout + 30) {
            // A start that waited on the lock while another crashed must not launch the crashing server again.
            if let crash = Self.crashedStarts.withLock({ $0[installation.crashKey] }) { throw crash }
            let began = Date()
            if let record = store.read() {
                if !processes.isServer(record) {
                    store.clear()
                } else if record.serves(installation, configuration, threads: threads) && hasWatchdog(record) {
                    progress(EngineProgress(phase: .reusing, elapsed: 0, port: record.port, model: record.model))
                    do {
                        // The watchdog that launched this server records its exit status in the same files.
                        let watchdog = EngineWatchdog(
                            idleTimeout: record.idleTimeout, interval: configuration.watchdogInterval, files: files)
                        try await waitUntilHealthy(record, since: began, progress: progress, watchdog: watchdog)
                        try store.markUsed(at: environment.now())
                        return record
                    } catch is EngineError {
                        await terminate(record)
                        store.clear()
                    }
                } else {
                    await terminate(record)
                    store.clear()
                }
            }
            return try await launch(installation, threads: threads, since: began, progress: progress)
        }
    }

    /// Stops the server if one runs; a stale state file is cleared without signalling anyone.
    @discardableResult
    public func stop() async throws -> EngineStopResult {
        try await FileLock.withLock(files.lock, timeout: configuration.startTimeout + 30) {
            guard let record = store.read() else { return .notRunning(note: nil) }
            guard processes.isServer(record) else {
                store.clear()
                return .notRunning(note: staleNote(record))
            }
            await terminate(record)
            store.clear()
            return .stopped(record)
        }
    }

    /// Whether a server runs, with its model, port, pid, uptime, idle time and slots.
    ///
    /// Clears a stale state file, and stops a server idle past its limit whose watchdog is gone. While another
    /// origami holds the lock (starting a server, which can take a while), it reports what the state file says
    /// without waiting: the record is replaced atomically, so reading it unlocked is safe.
    public func status() async throws -> EngineStatus {
        do {
            return try await FileLock.withLock(files.lock, timeout: 2) { try await lockedStatus() }
        } catch EngineError.lockTimeout {
            guard let record = store.read(), processes.isServer(record) else { return .stopped(note: nil) }
            return .running(await running(record, idle: idle(of: record), healthy: nil))
        }
    }

    private func lockedStatus() async throws -> EngineStatus {
        guard let record = store.read() else { return .stopped(note: nil) }
        guard processes.isServer(record) else {
            store.clear()
            return .stopped(note: staleNote(record))
        }
        let idle = idle(of: record)
        if idle >= record.idleTimeout {
            await terminate(record)
            store.clear()
            return .stopped(note: "stopped the server on port \(record.port): unused for \(Int(idle)) s")
        }
        return .running(await running(record, idle: idle, healthy: nil))
    }

    /// Seconds since the server was last used.
    private func idle(of record: EngineRecord) -> TimeInterval {
        environment.now().timeIntervalSince(store.lastUse() ?? record.startedAt)
    }

    /// The status of a live server; `healthy` nil asks `/health`.
    private func running(_ record: EngineRecord, idle: TimeInterval, healthy known: Bool?) async -> EngineRunning {
        let healthy: Bool
        if let known {
            healthy = known
        } else {
            healthy = await LoopbackProbe(port: record.port).fetch("/health")?.status == 200
        }
        return EngineRunning(
            record: record,
            uptime: environment.now().timeIntervalSince(record.startedAt),
            idle: idle,
            stopsIn: hasWatchdog(record) ? record.idleTimeout - idle : nil,
            healthy: healthy
        )
    }

    /// Marks the server as used now, so the watchdog counts its idle time from here. Cheap: one `utimes`.
    public func markUsed() throws(EngineError) {
        try store.markUsed(at: environment.now())
    }

    /// Runs `body`, a request to the server, marking the server used when it starts, every `interval` while it
    /// runs (by default a quarter of the idle limit, at most 5 s), and when it ends.
    ///
    /// A request sends nothing back while the server reads its prompt, which on a loaded machine takes minutes; a
    /// server marked used only as answers arrive would look idle meanwhile, and the watchdog (or another command's
    /// status check) would stop it in the middle of the request.
    public nonisolated func keepingInUse<Value: Sendable>(
        every interval: Duration? = nil, _ body: () async throws -> Value
    ) async throws -> Value {
        let interval = interval ?? .milliseconds(Int(1000 * min(5, max(0.25, configuration.idleTimeout / 4))))
        let heartbeat = Task {
            while !Task.isCancelled {
                try? await markUsed()
                try? await Task.sleep(for: interval)
            }
        }
        defer { heartbeat.cancel() }
        let value = try await body()
        try? await markUsed()
        return value
    }

    /// Whether the engine can answer: installed, model present and verified, processor suitable, port free.
    ///
    /// Cheap enough for every invocation: it reads stamps and `/proc`, it does not hash the model.
    public func availability() -> Availability {
        do {
            let installation = try installation()
            try EngineChecks(environment: environment).checkProcessor(for: installation)
            if let port = configuration.port, ProcessTable.isPortInUse(port),
                store.read().map({ $0.port != port || !processes.isServer($0) }) ?? true
            {
                throw EngineError.portInUse(port: port)
            }
            return .available
        } catch {
            return .unavailable(because: error, of: "engine")
        }
    }

    /// Every engine check for `origami doctor`; `verifyChecksum` also hashes the setup model (a second or two).
    public func diagnose(verifyChecksum: Bool = false) async -> [EngineCheck] {
        let status = try? await status()
        // The checks read files, bind a port and may hash the whole model with a child process: a thread of their own.
        let (checks, configuration, files) = (EngineChecks(environment: environment), configuration, files)
        return await BlockingCall.run {
            checks.run(configuration: configuration, status: status, files: files, verifyChecksum: verifyChecksum)
        }
    }

    /// Whether the server `record` describes is still alive (its pid runs llama-server on its port).
    public func isRunning(_ record: EngineRecord) -> Bool {
        processes.isServer(record)
    }

    /// Why a state file was stale, for the person reading `status`.
    private func staleNote(_ record: EngineRecord) -> String {
        "cleared a stale state file: pid \(record.pid) is no longer llama-server on port \(record.port)"
    }

    /// Whether the server's parent is its watchdog (a server whose watchdog was killed would never stop).
    private func hasWatchdog(_ record: EngineRecord) -> Bool {
        guard let parent = processes.parent(of: record.pid),
            case .running(let arguments) = processes.liveness(of: parent)
        else { return false }
        return arguments.contains("origami-watchdog")
    }
}
