@testable import CraftBackends
import CraftTesting

/// Whether a process id belongs to a live (non-zombie) process.
func isAlive(_ pid: Int32) -> Bool {
    ProcessTable(procDirectory: "/proc").liveness(of: pid) != .gone
}
