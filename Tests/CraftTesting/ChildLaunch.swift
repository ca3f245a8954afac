import Foundation

/// Starts the tests' child processes one at a time across the whole test process.
///
/// On Linux, Foundation's `Process.run()` closes in the child every descriptor up to the highest one open when it
/// looked; a pipe that another thread opens between that look and the spawn is inherited by the child. When that
/// child lives long (the fault servers live as long as the tests, up to an hour), the other child's pipe never
/// reaches its end and the test reading it waits until the server goes: CI runs stood still for that hour with no
/// process working. Opening a child's pipes and starting it inside `exclusively` closes the window for every
/// child the tests start. (A child must not close what it inherited instead: Foundation takes the closing of a
/// socket it hands every child as that child's exit, and waits for it on the one thread that sees all exits.)
public enum ChildLaunch {
    private static let lock = NSLock()

    /// Runs `body`, which creates a child's pipes and starts it, while no other test starts one.
    public static func exclusively<Value>(_ body: () throws -> Value) rethrows -> Value {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
