import Foundation

/// `scripts/fault-server.py` on an ephemeral loopback port, for the end-to-end suites that need a misbehaving or
/// scripted model server; it stops when its standard input closes.
final class FaultServer {
    let process = Process()
    let input = Pipe()
    let port: Int

    /// Starts the server; `answer` is a file whose text it streams as the model's answer (see its --answer), and
    /// `options` are more of its options (`--slots N`, `--max-requests N`).
    init(mode: String, answer: URL? = nil, options: [String] = []) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", OrigamiProcess.packageRoot.appendingPathComponent("scripts/fault-server.py").path,
            "--mode", mode, "--lifetime", "120",
        ] + (answer.map { ["--answer", $0.path] } ?? []) + options
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        port = Int(text.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// A loopback port nothing listens on any more: one a server had and gave back when it stopped.
    static func closedPort() throws -> Int {
        try FaultServer(mode: "ok").port
    }
}
