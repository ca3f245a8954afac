public import CraftBackends
public import Foundation
import Synchronization

/// A private home for one engine test: its own data, cache and runtime directories, a clock the test moves,
/// and the real `PATH` (the watchdog needs `sleep`, `stat` and `date`).
public final class EngineSandbox: Sendable {
    public let root: String
    public let clock: TestClock

    public init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("origami-engine-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        clock = TestClock()
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// An environment whose directories all live under the sandbox; `live` uses the real clock.
    public func environment(liveClock: Bool = false, extra: [String: String] = [:]) -> EngineEnvironment {
        var variables = [
            "HOME": root + "/home",
            "XDG_DATA_HOME": root + "/data",
            "XDG_CACHE_HOME": root + "/cache",
            "XDG_RUNTIME_DIR": root + "/run",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ]
        variables.merge(extra) { $1 }
        let testClock: TestClock = clock
        let reading: @Sendable () -> Date
        if liveClock {
            reading = { Date() }
        } else {
            reading = { testClock.now }
        }
        return EngineEnvironment(variables: variables, now: reading, processorCount: 2)
    }

    /// Writes a file under the sandbox, creating its directory, and returns its path.
    ///
    /// A program is put in place by `install(1)` in a child process: a file this process held open for writing
    /// while another test spawned a process could stay open in that child, and running the program would then fail
    /// with "Text file busy" (a CI run's stand-in server exited 126 so).
    @discardableResult
    public func write(_ relativePath: String, _ contents: String, executable: Bool = false) throws -> String {
        let path = root + "/" + relativePath
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard executable else {
            try contents.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let source = path + ".source"
        try contents.write(toFile: source, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: source) }
        let install = Process()
        install.executableURL = URL(fileURLWithPath: "/usr/bin/install")
        install.arguments = ["-m", "0755", source, path]
        try install.run()
        install.waitUntilExit()
        guard install.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        return path
    }

    /// A GGUF-looking model file (the magic and some padding) for tests that never load it.
    public func fakeModel(_ name: String = "model.gguf") throws -> String {
        try write("models/\(name)", "GGUF" + String(repeating: "\0", count: 28))
    }

    /// A stand-in `llama-server` for lifecycle mechanics only (pid, state, lock, watchdog, health wait).
    ///
    /// It answers `/health` with 503 for `FAKE_LOAD_SECONDS` and to at least the first `FAKE_LOAD_PROBES` probes (a
    /// count does not depend on how fast a loaded machine starts it), then 200; with `FAKE_FAIL` set it prints an error
    /// and exits, as a server that cannot load its model does; with `FAKE_SIGNAL` (`ILL`, `SEGV` …) it answers the
    /// first probe with 503 and kills itself with that signal at the second, as a build for another processor dies
    /// mid-load. When `FAKE_LAUNCHES` names a file, every launch appends a line to it. Tests of real inference use
    /// the real server.
    public func fakeServer() throws -> String {
        try write("bin/llama-server", Self.fakeServerSource, executable: true)
    }

    public static let fakeServerSource = #"""
        #!/usr/bin/python3
        import http.server, json, os, signal, sys, time
        args = sys.argv[1:]
        port = int(args[args.index("--port") + 1])
        if os.environ.get("FAKE_LAUNCHES"):
            with open(os.environ["FAKE_LAUNCHES"], "a") as launches:
                launches.write("launched on port %d\n" % port)
        crash = os.environ.get("FAKE_SIGNAL")
        answered = False
        if os.environ.get("FAKE_FAIL"):
            print("error: failed to load model '%s'" % args[args.index("--model") + 1], flush=True)
            sys.exit(1)
        load = float(os.environ.get("FAKE_LOAD_SECONDS", "0.3"))
        probes = int(os.environ.get("FAKE_LOAD_PROBES", "0"))
        began = time.time()
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                global probes, answered
                if crash and self.path == "/health" and answered:
                    print("load_tensors: loading model tensors", flush=True)
                    os.kill(os.getpid(), getattr(signal, "SIG" + crash))
                answered = answered or (crash and self.path == "/health")
                loading = time.time() - began < load or probes > 0 or crash
                if self.path == "/health":
                    probes -= 1
                if self.path == "/health" and loading:
                    status, body = 503, {"error": {"code": 503, "message": "Loading model"}}
                elif self.path == "/health":
                    status, body = 200, {"status": "ok"}
                elif self.path == "/props":
                    status, body = 200, {"total_slots": int(args[args.index("--parallel") + 1]),
                                         "modalities": {"vision": "--mmproj" in args}}
                else:
                    status, body = 404, {"error": {"code": 404, "message": "not found"}}
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                self.wfile.flush()
            def log_message(self, *a):
                pass
        try:
            server = http.server.HTTPServer(("127.0.0.1", port), Handler)
        except OSError:
            # Another process took the port between origami's choice and this bind (many servers start at once
            # in a test run): origami starts the server again on a fresh port, which a launch count must allow.
            if os.environ.get("FAKE_LAUNCHES"):
                with open(os.environ["FAKE_LAUNCHES"], "a") as launches:
                    launches.write("could not bind port %d\n" % port)
            raise
        print("fake llama-server listening on 127.0.0.1:%d" % port, flush=True)
        server.serve_forever()
        """#
}

/// A clock that stands still until the test moves it.
public final class TestClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))

    public var now: Date { current.withLock { $0 } }

    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }
}

/// Waits until `condition` holds, checking every 100 ms, for at most `seconds`; returns whether it came true.
public func eventually(within seconds: TimeInterval = 30, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(100))
    }
    return condition()
}
