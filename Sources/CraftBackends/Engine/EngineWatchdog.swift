import Foundation

/// Launches the server under a small detached shell that stops it once it has been idle long enough.
///
/// llama-server never stops by itself, and origami's commands are short-lived, so something has to outlive
/// them to stop the server on time. A reaper run by the next origami invocation would leave a 500 MB server
/// resident for as long as nobody runs origami; a watchdog stops it on time even then. The watchdog is
/// `/bin/sh`, not an origami process, so it costs ~1 MB, needs no hidden subcommand in the CLI, and keeps
/// working when the origami binary is rebuilt or moved.
///
/// Shape: `sh` forks the watchdog into the background and exits, so the watchdog is re-parented away from
/// the origami process (never its zombie) and sits in its own session (a Ctrl-C at the terminal does not
/// reach it). The watchdog launches the server as its own child, writes its pid to the pid file, and waits
/// for it (so a stopped server is reaped, not left a zombie). Beside it, a poller compares the last-use
/// file's modification time with the clock every `interval` seconds; once the gap exceeds the idle timeout
/// (both read in whole seconds, so a gap of `idle + 1` is the first that is surely longer than the timeout) it
/// writes a line to the log and sends SIGTERM (then SIGKILL after 10 s). When the server exits for any
/// reason (idle, `origami engine stop`, a crash) the watchdog ends the poller and exits.
struct EngineWatchdog {
    /// Seconds of disuse before the server is stopped.
    var idleTimeout: TimeInterval
    /// Seconds between looks at the last-use file.
    var interval: Int
    /// The engine's files (last use, pid, log).
    var files: EngineFiles

    /// The watchdog's shell program. Positional parameters: idle seconds, interval, last-use file, pid file,
    /// log file, exit-status file, then the server's command line.
    static let script = #"""
        (
        idle=$1 interval=$2 last=$3 pidfile=$4 log=$5 exitfile=$6
        shift 6
        "$@" </dev/null >>"$log" 2>&1 &
        server=$!
        printf '%s\n' "$server" >"$pidfile.tmp" && mv -f "$pidfile.tmp" "$pidfile"
        (
            trap 'kill $nap 2>/dev/null; exit 0' TERM
            while :; do
                sleep "$interval" &
                nap=$!
                wait $nap
                used=$(stat -c %Y "$last" 2>/dev/null) || used=0
                now=$(date +%s)
                if [ $((now - used)) -gt "$idle" ]; then
                    echo "origami watchdog: unused for $((now - used)) s (limit $idle s); stopping pid $server" >>"$log"
                    kill -TERM "$server" 2>/dev/null
                    sleep 10 &
                    nap=$!
                    wait $nap
                    kill -KILL "$server" 2>/dev/null
                    exit 0
                fi
            done
        ) </dev/null >/dev/null 2>&1 &
        poller=$!
        wait "$server"
        status=$?
        printf '%s\n' "$status" >"$exitfile.tmp" && mv -f "$exitfile.tmp" "$exitfile"
        echo "origami watchdog: pid $server exited with status $status" >>"$log"
        kill "$poller" 2>/dev/null
        ) </dev/null >/dev/null 2>&1 &
        """#

    /// Starts the watchdog, which starts `server` with `arguments` and writes its pid to the pid file.
    func launch(
        server: String,
        arguments: [String],
        environment: [String: String],
        processes: ProcessTable
    ) async throws(EngineError) {
        FileSystem.remove(files.pid)
        FileSystem.remove(files.exitStatus)
        let idle = String(Int(idleTimeout.rounded(.up)))
        try await processes.runDetached(
            ["/bin/sh", "-c", Self.script, "origami-watchdog", idle, String(interval), files.lastUse, files.pid,
             files.log, files.exitStatus, server] + arguments,
            environment: environment
        )
    }

    /// The server's exit status as the watchdog recorded it (the shell's 128 + N for a process killed by signal
    /// N); waits up to `timeout` seconds for it to be written, nil when nothing was written by then.
    func serverExitStatus(timeout: TimeInterval) async -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let text = try? String(contentsOfFile: files.exitStatus, encoding: .utf8),
                let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return status
            }
            guard Date() < deadline else { return nil }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The pid the watchdog wrote, waiting up to `timeout` seconds for it to appear.
    ///
    /// The file is read again after every pause before the deadline is checked, so a caller whose task was
    /// not scheduled for a while (a busy machine) still sees a pid written meanwhile.
    func serverPID(timeout: TimeInterval) async throws -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let text = try? String(contentsOfFile: files.pid, encoding: .utf8),
                let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return pid
            }
            guard Date() < deadline else { return nil }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
