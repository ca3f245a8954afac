public import CraftSchema
import Foundation

/// Every way finding, starting, reusing or stopping the on-box engine can fail.
public enum EngineError: Error, Sendable, Hashable {
    // MARK: Installation

    /// No `llama-server` was named and none is installed where `scripts/setup` puts it or on `PATH`.
    case serverNotInstalled(expected: String)
    /// A named `llama-server` is missing or not executable.
    case serverNotExecutable(path: String, source: String)
    /// The model file does not exist.
    case modelMissing(path: String, source: String)
    /// The setup model has no `.verified` stamp or the wrong size: it was not checked against its sha256.
    case modelUnverified(path: String, bytes: Int)
    /// The model's sha256 is not the published one.
    case modelChecksum(path: String, actual: String, expected: String)
    /// A named model or projector does not start with the GGUF magic.
    case notGGUF(path: String, firstBytes: String)
    /// The engine was compiled for instructions this processor lacks.
    case cpuLacksInstructions(missing: [String], builtFor: String)
    /// The engine was built with ggml's AMX kernels on a processor with AMX, where they die of SIGILL.
    case builtWithAMX(builtFor: String)

    // MARK: Running

    /// The fixed port is taken by another program.
    case portInUse(port: Int)
    /// The server exited or never became healthy; `logTail` holds the last lines of its log.
    case failedToStart(reason: String, log: String, logTail: [String])
    /// A signal killed the server before it became healthy (`loading`: after it began loading the model).
    case killedBySignal(signal: Int32, loading: Bool, log: String, logTail: [String])
    /// Another process holds the engine lock for too long.
    case lockTimeout(path: String, seconds: Double)
    /// The state directory or log could not be written.
    case cannotWrite(path: String, detail: String)
    /// The server could not be launched at all.
    case spawnFailed(path: String, errno: Int32)
}

extension EngineError: ExitStatusProviding {
    /// The exit status for this error (see `ExitStatus`): missing parts are "unavailable", a held lock is temporary.
    public var exitStatus: ExitStatus {
        switch self {
        case .serverNotInstalled, .serverNotExecutable, .modelMissing, .modelUnverified, .modelChecksum,
            .cpuLacksInstructions, .builtWithAMX, .failedToStart, .killedBySignal, .spawnFailed, .portInUse:
            .unavailable
        case .notGGUF: .configuration
        case .lockTimeout: .temporaryFailure
        case .cannotWrite: .cannotCreate
        }
    }
}

extension EngineError: BackendFailure {
    /// Always `engine`.
    public var backend: String? { "engine" }

    /// What went wrong and what to do, without the name `engine`.
    public var reason: String {
        switch self {
        case .serverNotInstalled(let expected):
            "llama-server is not installed (looked in \(expected) and on PATH); run scripts/setup, "
                + "or set ORIGAMI_LLAMA_SERVER to an existing llama-server"
        case .serverNotExecutable(let path, let source):
            "\(path) (from \(source)) is not an executable file; fix the path or run scripts/setup"
        case .modelMissing(let path, let source):
            "model \(path) (from \(source)) does not exist; run scripts/setup, or name another model with --model "
                + "PATH (--small-model PATH for term's)"
        case .modelUnverified(let path, let bytes):
            "model \(path) is not verified (\(bytes) bytes, no matching .verified stamp); "
                + "run scripts/setup to assemble and check it again"
        case .modelChecksum(let path, let actual, let expected):
            "model \(path) has sha256 \(actual), expected \(expected); delete it and run scripts/setup"
        case .notGGUF(let path, let firstBytes):
            "\(path) is not a GGUF file (starts with \(firstBytes.isEmpty ? "nothing" : firstBytes)); "
                + "pass a .gguf model"
        case .cpuLacksInstructions(let missing, let builtFor):
            "this processor lacks \(missing.joined(separator: ", ")), which the engine in \(builtFor) "
                + "was compiled for; delete that directory and run scripts/setup to rebuild it here"
        case .builtWithAMX(let builtFor):
            "the engine in \(builtFor) was built with ggml's AMX kernels, which die of SIGILL on this processor; "
                + "run scripts/setup to rebuild it without them"
        case .portInUse(let port):
            "port \(port) on 127.0.0.1 is in use by another program; free it or choose another port"
        case .failedToStart(let reason, let log, let tail):
            "llama-server failed to start: \(reason); last lines of \(log):\n"
                + tail.map { "  \($0)" }.joined(separator: "\n")
        case .killedBySignal(let signal, let loading, let log, let tail):
            "llama-server was killed by \(Self.describe(signal: signal)) "
                + (loading ? "while loading the model" : "while starting") + "; \(Self.advice(signal: signal)); "
                + "last lines of \(log):\n" + tail.map { "  \($0)" }.joined(separator: "\n")
        case .lockTimeout(let path, let seconds):
            "another origami held \(path) for \(Int(seconds)) s; try again when it has finished"
        case .cannotWrite(let path, let detail):
            "cannot write \(path) (\(detail)); check the directory's permissions"
        case .spawnFailed(let path, let code):
            "cannot launch \(path) (\(String(cString: strerror(code)))); check the file"
        }
    }
}

extension EngineError {
    /// A signal's name and, for the ones a server start meets, what it means: "SIGILL (an instruction this
    /// processor cannot run)".
    static func describe(signal: Int32) -> String {
        switch signal {
        case SIGILL: "SIGILL (an instruction this processor cannot run)"
        case SIGSEGV: "SIGSEGV (a memory access fault: a crash)"
        case SIGBUS: "SIGBUS (a fault reading memory, often a damaged or truncated file)"
        case SIGABRT: "SIGABRT (it stopped itself on an internal error)"
        case SIGKILL: "SIGKILL (often the kernel's out-of-memory killer)"
        case SIGTERM: "SIGTERM (something asked it to stop)"
        case SIGFPE: "SIGFPE (an arithmetic fault)"
        default: "signal \(signal)"
        }
    }

    /// What to do after a server died of `signal` while starting.
    static func advice(signal: Int32) -> String {
        switch signal {
        case SIGILL:
            "the engine was built for instructions this processor cannot run: run scripts/setup, which rebuilds it "
                + "for this processor and tests it, or name a llama-server that runs here with ORIGAMI_LLAMA_SERVER"
        case SIGKILL:
            "free some memory or use a smaller model (--model PATH), then try again"
        case SIGBUS:
            "run scripts/setup, which checks the model's sha256 and assembles it again when it is damaged"
        case SIGTERM:
            "try again; if it keeps happening, see the log"
        default:
            "the log below says what it was doing; run scripts/setup to rebuild and test the engine, or report it "
                + "with the log"
        }
    }
}
