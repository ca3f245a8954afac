import CraftSchema
import CraftTesting
import Foundation
import Synchronization
import Testing

/// Runs the built `origami` binary the way a person or a script would, and collects what it printed.
struct OrigamiProcess {
    /// What one run produced.
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String

        /// stdout's lines parsed as JSON objects (a line that is not one fails the test).
        var events: [[String: Any]] {
            stdout.split(separator: "\n").compactMap { line in
                let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                if object == nil { Issue.record("not a JSON object line: \(line)") }
                return object
            }
        }
    }

    /// The package's root directory.
    static let packageRoot = PackageRoot.url

    /// The binary: next to the test bundle, else `.build/debug/origami` (build it with `swift build`).
    static let binary: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("origami")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/origami")
    }()

    /// `origami-write-test` (Tests/WriteTest), the one locked project write the crash and concurrency tests drive;
    /// built beside the test bundle, never part of origami.
    static let writeTest: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("origami-write-test")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/origami-write-test")
    }()

    /// A fresh scratch directory with an empty config home, so the machine's own settings never leak in.
    let directory: URL
    /// The environment every run gets (plus what a run adds).
    var environment: [String: String]

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("origami-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": directory.path,
            "XDG_CONFIG_HOME": config.path,
            "XDG_RUNTIME_DIR": directory.appendingPathComponent("run").path,
            "TERM": "xterm-256color",
        ]
        // The replayed recordings were made where scripts/setup installed the image classifier, whose likeness is
        // part of every photo's description; the scratch home would hide it, so the installed one is named.
        let outer = ProcessInfo.processInfo.environment
        let data = outer["XDG_DATA_HOME"] ?? ((outer["HOME"] ?? NSHomeDirectory()) + "/.local/share")
        let classifier = outer["ORIGAMI_CLASSIFIER"] ?? data + "/origami/classifier"
        if FileManager.default.fileExists(atPath: classifier) { environment["ORIGAMI_CLASSIFIER"] = classifier }
    }

    /// One child at a time per processor (see `TestGate`).
    static let gate = TestGate(permits: ProcessInfo.processInfo.activeProcessorCount)

    /// Runs origami with `arguments` in the scratch directory and waits for it, off the cooperative pool, once
    /// `gate` lets it start; `queued: false` starts it at once, for a run a test times against another process.
    func run(
        _ arguments: [String], environment extra: [String: String] = [:], executable: URL = binary,
        queued: Bool = true
    ) async throws -> Outcome {
        let run = { try await offThePool { try runBlocking(arguments, environment: extra, executable: executable) } }
        let what = ([executable.lastPathComponent] + arguments).joined(separator: " ") + " in " + directory.path
        return queued ? try await Self.gate.holding(what, run) : try await run()
    }

    /// Waits, off the cooperative pool, until `process` (from `start`) has ended.
    static func waitForExit(of process: Process) async throws {
        try await offThePool { process.waitUntilExit() }
    }

    /// Runs origami and waits for it on the calling thread; `run` calls it on a thread of its own.
    private func runBlocking(_ arguments: [String], environment extra: [String: String], executable: URL) throws
        -> Outcome
    {
        let process = try start(arguments, environment: extra, executable: executable)
        let out = process.standardOutput as! Pipe
        let err = process.standardError as! Pipe
        // Read both pipes while the process runs, so a full pipe never blocks it.
        let errData = Mutex(Data())
        let reader = Thread { errData.withLock { $0 = err.fileHandleForReading.readDataToEndOfFile() } }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: errData.withLock { String(decoding: $0, as: UTF8.self) })
    }

    /// Starts origami without waiting; stdout and stderr are pipes.
    func start(
        _ arguments: [String], environment extra: [String: String] = [:], executable: URL = binary
    ) throws -> Process {
        #expect(
            FileManager.default.isExecutableFile(atPath: Self.binary.path),
            "no origami binary at \(Self.binary.path): run 'swift build' first")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment.merging(extra) { $1 }
        process.standardInput = FileHandle.nullDevice
        try ChildLaunch.exclusively {
            process.standardOutput = Pipe()
            process.standardError = Pipe()
            try process.run()
        }
        return process
    }

    /// Runs `origami-write-test` with `arguments` in the scratch directory and waits for it (`queued` as in `run`).
    func writeTest(_ arguments: [String] = [], queued: Bool = true) async throws -> Outcome {
        try await run(arguments, executable: Self.writeTest, queued: queued)
    }

    /// Starts `origami-write-test` without waiting.
    func startWriteTest(_ arguments: [String]) throws -> Process {
        try start(arguments, executable: Self.writeTest)
    }

    /// A file in the scratch directory.
    func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// Writes text to a file in the scratch directory, creating folders.
    func write(_ text: String, to name: String) throws {
        let url = file(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
