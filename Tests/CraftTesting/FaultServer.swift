public import CraftBackends
import CraftSchema
public import Foundation
import Synchronization

/// scripts/fault-server.py on an ephemeral loopback port: a misbehaving or scripted model server, for the fault
/// suites of the backends and the end-to-end suites of the command.
///
/// The server exits when its standard input closes, so it dies with the test process even when a test crashes.
public final class FaultServer: Sendable {
    /// The script, in the package's `scripts/`.
    public static let script = PackageRoot.url.appendingPathComponent("scripts/fault-server.py")

    /// Whether `python3` is on the PATH (the fault tests are enabled only then).
    public static let isAvailable: Bool = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/python3")
        } && FileManager.default.fileExists(atPath: script.path)
    }()

    /// The server shared by every fault test, in `ok` mode unless a request names another.
    public static let shared: FaultServer? = isAvailable ? try? FaultServer() : nil

    /// The loopback port it listens on.
    public let port: Int
    private let process: Mutex<Process?>
    private let input: Pipe

    /// Starts a server whose default mode is `mode`; `answer` is a file whose text it streams as the model's answer
    /// (see its --answer); it exits when the test process goes (its standard input closes) or, as a last resort,
    /// after `lifetime` seconds; `options` are more of its options (`--slots N`, `--max-requests N`). The lifetime
    /// is long: a fresh-clone run on a loaded machine took 948 s over one long-use test, and a server gone at 900 s
    /// failed its last eleven commands.
    public init(mode: String = "ok", answer: URL? = nil, lifetime: Int = 3600, options: [String] = []) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script.path, "--mode", mode, "--lifetime", String(lifetime)]
            + (answer.map { ["--answer", $0.path] } ?? []) + options
        let (output, input) = try ChildLaunch.exclusively {
            let output = Pipe()
            let input = Pipe()
            process.standardOutput = output
            process.standardInput = input
            process.standardError = FileHandle.nullDevice
            try process.run()
            return (output, input)
        }
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first, line.hasPrefix("PORT "), let port = Int(line.dropFirst(5))
        else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
        self.input = input
        self.process = Mutex(process)
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Stops the server: closes its standard input (it exits on end of input) and signals it, without waiting.
    public func stop() {
        let running = process.withLock { process in
            defer { process = nil }
            return process
        }
        guard let running else { return }
        try? input.fileHandleForWriting.close()
        if running.isRunning { running.terminate() }
    }

    deinit { stop() }

    /// A model name that selects a fault mode; the tag keeps counters of parallel tests apart.
    public static func model(_ mode: String) -> String {
        "fault:\(mode):\(UUID().uuidString.prefix(8))"
    }

    /// A loopback port nothing listens on, and nothing else can take: its socket is left bound and never listening
    /// until the test process ends, so every connection to it is refused. A port closed again at once can be taken
    /// by another test's server meanwhile, on a loaded run with many servers starting.
    public static func closedPort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        return boundPort(fd)
    }

    /// A loopback port free a moment ago, for a server the test starts on it.
    public static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        return boundPort(fd)
    }

    /// Binds `fd` to a port the system picks on 127.0.0.1 and returns the port.
    private static func boundPort(_ fd: Int32) -> Int {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// Drains a model's stream: the events, or the error that ended it.
public func collect(_ stream: AsyncThrowingStream<ModelEvent, any Error>) async -> Result<[ModelEvent], any Error> {
    var events: [ModelEvent] = []
    do {
        for try await event in stream { events.append(event) }
        return .success(events)
    } catch {
        return .failure(error)
    }
}

/// A one-prompt transcript.
public func prompt(_ text: String, attachments: [Attachment] = []) -> Transcript {
    Transcript(entries: [
        .instructions(Instructions("You are a craft tutor.")),
        .prompt(Prompt([.text(text)] + attachments.map { .image($0) })),
    ])
}

/// Collects a backend's verbose log lines.
public final class LogLines: Sendable {
    /// An empty collector.
    public init() {}

    private let lines = Mutex<[String]>([])

    /// The closure to hand a configuration's `log`.
    public var sink: @Sendable (String) -> Void { { [self] line in lines.withLock { $0.append(line) } } }

    /// Every line so far.
    public var all: [String] { lines.withLock { $0 } }
}
