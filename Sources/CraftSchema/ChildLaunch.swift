public import Foundation

/// Starts child processes one at a time across the whole process: origami's own, and the tests' in theirs.
///
/// On Linux, Foundation's `Process.run()` closes in the child every descriptor up to the highest one open when it
/// looked; a pipe that another thread opens between that look and the spawn is inherited by the child. When that
/// child lives long, the other child's pipe never reaches its end, and whoever reads it to its end waits until the
/// long-lived one goes: CI runs stood still for an hour, the lifetime of a test's fault server, with no process
/// working. Opening a child's pipes and starting it inside `exclusively` closes the window for every child started
/// so. (A child cannot close what it inherited instead: Foundation takes the closing of a socket it hands every
/// child as that child's exit, and waits for it on the one thread that sees every child's exit.)
public enum ChildLaunch {
    private static let lock = NSLock()

    /// Runs `body`, which creates a child's pipes and starts it, while no other child is being started.
    public static func exclusively<Value>(_ body: () throws -> Value) rethrows -> Value {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Starts `process` with a new pipe as its standard output (and standard error too when `errorsToo`), under
    /// the lock, and returns the pipe to read.
    public static func startReadingOutput(_ process: Process, errorsToo: Bool = false) throws -> Pipe {
        try exclusively {
            let output = Pipe()
            process.standardOutput = output
            if errorsToo { process.standardError = output }
            try process.run()
            return output
        }
    }
}
