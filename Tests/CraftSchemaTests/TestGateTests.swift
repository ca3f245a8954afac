import CraftSchema
import CraftTesting
import Foundation
import Synchronization
import Testing

/// The gate the end-to-end tests start their children through, and the blocking calls they wait on.
@Suite struct TestGateTests {
    @Test func aPermitHeldTooLongIsReportedOnceWithWhatItsHolderRunsAndTheBlockingCalls() async throws {
        let reports = Mutex<[String]>([])
        let gate = TestGate(permits: 1, reportAfter: .milliseconds(50), checkEvery: .milliseconds(20)) { line in
            reports.withLock { $0.append(line) }
        }
        try await gate.holding("origami coach --step 3 photo.jpg") {
            // Held until the report came (or a minute passed, which then fails below).
            for _ in 0..<600 where reports.withLock({ $0.isEmpty }) {
                try await Task.sleep(for: .milliseconds(100))
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        let lines = reports.withLock { $0 }
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.contains("by origami coach --step 3 photo.jpg; 0 waiting; blocking calls started") == true)
    }

    @Test func aPermitGivenBackIsNeverReported() async throws {
        let reports = Mutex<[String]>([])
        let gate = TestGate(permits: 1, reportAfter: .seconds(3600), checkEvery: .milliseconds(20)) { line in
            reports.withLock { $0.append(line) }
        }
        for _ in 0..<3 { try await gate.holding("origami term crease") { try await Task.sleep(for: .milliseconds(50)) } }
        #expect(reports.withLock { $0 }.isEmpty)
    }

    @Test func aBlockingCallIsCountedStartedRunningAndEnded() async {
        let before = BlockingCall.tally
        let value = await BlockingCall.run { 6 * 7 }
        let after = BlockingCall.tally
        #expect(value == 42)
        #expect(after.started > before.started && after.running > before.running && after.ended > before.ended)
        #expect(after.started >= after.running && after.running >= after.ended)
    }
}
