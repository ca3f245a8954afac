public import Foundation

/// What origami knows about the server it started: kept in the state file so later invocations reuse it.
public struct EngineRecord: Sendable, Hashable, Codable {
    /// The server's process id.
    public var pid: Int32
    /// The port it listens on, on 127.0.0.1.
    public var port: Int
    /// The `llama-server` executable it runs.
    public var server: String
    /// The model it loaded.
    public var model: String
    /// The projector it loaded, if any.
    public var mmproj: String?
    /// Parallel request slots (`--parallel`), sharing one context pool (`--kv-unified`).
    public var slots: Int
    /// The context size in tokens, shared by the slots.
    public var contextSize: Int
    /// Generation threads.
    public var threads: Int
    /// Seconds of disuse after which the watchdog stops it.
    public var idleTimeout: TimeInterval
    /// When it was launched, in whole seconds (the state file's ISO 8601 dates carry no fractions).
    public var startedAt: Date
    /// Its log file.
    public var log: String

    /// The server's base URL.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Whether this server runs what `installation` and `configuration` ask for, so it can be reused as is.
    func serves(_ installation: EngineInstallation, _ configuration: EngineConfiguration, threads: Int) -> Bool {
        server == installation.server.path && model == installation.model.path
            && mmproj == installation.mmproj?.path && slots == configuration.slots
            && contextSize == configuration.contextSize && self.threads == threads
            && (configuration.port == nil || configuration.port == port)
    }

    /// The command line that launches the server this record describes.
    var arguments: [String] {
        var arguments = [
            "--host", "127.0.0.1", "--port", String(port),
            "--model", model,
            "--alias", (model as NSString).lastPathComponent,
            "--ctx-size", String(contextSize),
            "--parallel", String(slots),
            // One KV pool shared by the slots: any slot may use the whole context, and /props reports all of it.
            "--kv-unified",
            "--threads", String(threads),
            "--no-webui",
        ]
        if let mmproj { arguments += ["--mmproj", mmproj] }
        return arguments
    }
}

/// The state file: one JSON record, replaced atomically, read and written only under the engine lock.
struct EngineStateStore {
    var files: EngineFiles

    /// The record, or nil when there is none or it cannot be read (a torn or foreign file counts as none).
    func read() -> EngineRecord? {
        guard let data = FileManager.default.contents(atPath: files.state) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(EngineRecord.self, from: data)
    }

    /// Replaces the record.
    func write(_ record: EngineRecord) throws(EngineError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do { data = try encoder.encode(record) } catch { throw .cannotWrite(path: files.state, detail: "\(error)") }
        try FileSystem.writeAtomically(data, to: files.state)
    }

    /// Forgets the server: the record and its pid file.
    func clear() {
        FileSystem.remove(files.state)
        FileSystem.remove(files.pid)
    }

    /// Marks the server as used at `date`; the watchdog measures idleness from this file's modification time.
    func markUsed(at date: Date) throws(EngineError) {
        try FileSystem.touch(files.lastUse, at: date)
    }

    /// When the server was last used, nil when never.
    func lastUse() -> Date? {
        FileSystem.modificationDate(files.lastUse)
    }
}
