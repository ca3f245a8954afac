import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension EngineManager {
    /// Launches a new server under its watchdog and waits until it is healthy; the caller holds the lock.
    ///
    /// With no fixed port a free one is picked; if another program grabs it before the server binds, the start
    /// is retried once on a fresh port.
    func launch(
        _ installation: EngineInstallation,
        threads: Int,
        since began: Date,
        progress: @escaping @Sendable (EngineProgress) -> Void
    ) async throws -> EngineRecord {
        var attempt = 0
        while true {
            attempt += 1
            let port = try choosePort()
            var record = EngineRecord(
                pid: 0, port: port, server: installation.server.path, model: installation.model.path,
                mmproj: installation.mmproj?.path, slots: configuration.slots, contextSize: configuration.contextSize,
                threads: threads, idleTimeout: configuration.idleTimeout,
                startedAt: Date(timeIntervalSince1970: environment.now().timeIntervalSince1970.rounded(.down)),
                log: files.log
            )
            try FileSystem.writeAtomically(Data(), to: files.log)
            try store.markUsed(at: environment.now())
            let watchdog = EngineWatchdog(
                idleTimeout: record.idleTimeout, interval: configuration.watchdogInterval, files: files
            )
            try await watchdog.launch(
                server: record.server, arguments: record.arguments, environment: serverEnvironment,
                processes: processes)
            progress(EngineProgress(phase: .launching, elapsed: Date().timeIntervalSince(began), port: port,
                                    model: record.model))
            // Normally milliseconds; a starved machine can take seconds just to fork a shell.
            guard let pid = try await watchdog.serverPID(timeout: configuration.startTimeout) else {
                throw failure(
                    "the watchdog did not report the server's pid within \(Int(configuration.startTimeout)) s",
                    record: record)
            }
            record.pid = pid
            try store.write(record)
            do {
                try await waitUntilHealthy(record, since: began, progress: progress, watchdog: watchdog)
                FileSystem.remove(files.lastFailure)
                return record
            } catch let error as EngineError {
                await terminate(record)
                store.clear()
                let bindFailed = FileSystem.tail(files.log, lines: 20).contains { $0.contains("bind") }
                if case .killedBySignal = error {
                    // A crash repeats on every start: this process does not try again (see `crashedStarts`).
                    Self.crashedStarts.withLock { $0[installation.crashKey] = error }
                } else if configuration.port == nil && bindFailed && attempt < 2 {
                    continue
                }
                try? FileSystem.writeAtomically(Data(error.description.utf8), to: files.lastFailure)
                throw error
            }
        }
    }

    /// The server's environment: origami's, with OpenMP's idle threads sleeping rather than spinning unless the
    /// person chose a policy.
    ///
    /// The engine is built with OpenMP, whose worker threads by default spin while they wait for work. On a
    /// machine where anything else also wants the processors (origami itself, a build, a second server) the
    /// spinning threads take the time the working ones need. Measured here, 2 cores under load, 24 tokens:
    /// generation 0.50–0.59 tokens/s by default, 10.3–13.7 with `OMP_WAIT_POLICY=PASSIVE`.
    var serverEnvironment: [String: String] {
        var variables = environment.variables
        if variables["OMP_WAIT_POLICY"] == nil { variables["OMP_WAIT_POLICY"] = "PASSIVE" }
        return variables
    }

    /// The configured port, checked to be free, or a free one.
    private func choosePort() throws(EngineError) -> Int {
        if let port = configuration.port {
            guard !ProcessTable.isPortInUse(port) else { throw .portInUse(port: port) }
            return port
        }
        guard let port = ProcessTable.freePort() else {
            throw .failedToStart(reason: "no free port on 127.0.0.1", log: files.log, logTail: [])
        }
        return port
    }

    /// Polls `/health` until it answers 200, reporting the phase; fails when the process dies or time runs out.
    /// With the `watchdog` that launched it, a server that died is examined: a signal that killed it is named.
    func waitUntilHealthy(
        _ record: EngineRecord,
        since began: Date,
        progress: @escaping @Sendable (EngineProgress) -> Void,
        watchdog: EngineWatchdog? = nil
    ) async throws {
        // A short timeout: the loop marks the server used after every probe, and a probe that hangs on a server
        // busy loading must not leave a gap the watchdog could take for idleness.
        let probe = LoopbackProbe(port: record.port, timeout: 1)
        var phase = EngineProgress.Phase.launching
        var lastReport = Date.distantPast
        while true {
            let reply = await probe.fetch("/health")
            let elapsed = Date().timeIntervalSince(began)
            // Waiting on the server is using it: the watchdog must not count a long model load as idle time.
            try store.markUsed(at: environment.now())
            if reply?.status == 200 {
                progress(EngineProgress(phase: .ready, elapsed: elapsed, port: record.port, model: record.model))
                return
            }
            if !processes.isServer(record) {
                switch await confirmExit(of: record, watchdog: watchdog) {
                case .stillRunning:
                    break
                case .killed(let signal):
                    throw EngineError.killedBySignal(
                        signal: signal, loading: phase == .loading, log: record.log,
                        logTail: FileSystem.tail(record.log, lines: 12))
                case .exited(let status):
                    let reason = status.map { "the process exited with status \($0)" } ?? "the process exited"
                    throw failure(reason, record: record)
                }
            }
            guard elapsed < configuration.startTimeout else {
                throw failure("no healthy answer on /health within \(Int(configuration.startTimeout)) s",
                              record: record)
            }
            let now = reply?.status == 503 ? EngineProgress.Phase.loading : phase
            if now != phase || Date().timeIntervalSince(lastReport) >= 1 {
                phase = now
                lastReport = Date()
                progress(EngineProgress(phase: phase, elapsed: elapsed, port: record.port, model: record.model))
            }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// How a server that no longer looked alive ended.
    enum ServerExit: Equatable {
        /// A second look found it alive: the first read of `/proc` caught it mid-change (a fork turning into
        /// the server, a loaded machine).
        case stillRunning
        /// Killed by this signal, as the watchdog recorded.
        case killed(signal: Int32)
        /// Ended with this status (nil when no watchdog recorded one).
        case exited(status: Int32?)
    }

    /// Looks again at a server that `/proc` no longer showed: the watchdog's record of its exit status is the
    /// proof it ended; without one, a second look at the process table decides.
    ///
    /// The watchdog writes the status the moment the server ends, but on a machine busy with other servers and
    /// builds that moment came more than 5 s later: the crash then read as an exit without a status, was not known
    /// for a crash, and the next request started the same crashing server again. So the wait is long (30 s), and
    /// ends early when the server shows up again.
    func confirmExit(
        of record: EngineRecord, watchdog: EngineWatchdog?, patience: TimeInterval = 30
    ) async -> ServerExit {
        if let watchdog {
            let deadline = Date().addingTimeInterval(patience)
            repeat {
                if let status = await watchdog.serverExitStatus(timeout: min(0.5, patience)) {
                    return status > 128 ? .killed(signal: status - 128) : .exited(status: status)
                }
                if processes.isServer(record) { return .stillRunning }
            } while Date() < deadline
        } else {
            try? await Task.sleep(for: .milliseconds(300))
        }
        return processes.isServer(record) ? .stillRunning : .exited(status: nil)
    }

    /// Stops the server: SIGTERM, then SIGKILL after 10 s. Never signals a pid that is not this server.
    func terminate(_ record: EngineRecord) async {
        guard processes.isServer(record) else { return }
        processes.signal(record.pid, SIGTERM)
        for (signal, patience) in [(SIGKILL, 10.0), (0, 2.0)] {
            let deadline = Date().addingTimeInterval(patience)
            while Date() < deadline {
                if case .gone = processes.liveness(of: record.pid) { return }
                try? await Task.sleep(for: .milliseconds(50))
            }
            if signal != 0 && processes.isServer(record) { processes.signal(record.pid, signal) }
        }
    }

    /// A start failure carrying the last lines of the server's log.
    private func failure(_ reason: String, record: EngineRecord) -> EngineError {
        .failedToStart(reason: reason, log: record.log, logTail: FileSystem.tail(record.log, lines: 12))
    }
}

extension EngineInstallation {
    /// What identifies a start that crashed: the server and the model it loaded.
    var crashKey: String { server.path + "\u{0}" + model.path }
}
