import CraftSchema
import Foundation

/// At most `permits` holders at a time; the others wait their turn, in order, without holding a thread.
///
/// The end-to-end tests wait for their children off the cooperative pool (`offThePool`), so nothing stops Swift
/// Testing from starting all of them at once: a hundred origami processes, and every engine they start, on two
/// cores. Each child runs inside `OrigamiProcess.gate`, one per processor, so the children run about as many at a time
/// as the processors can carry, and the fault suites' idle timers, running beside them, still fire on time.
///
/// A permit held far longer than any child runs is reported on stderr, once, with what each holder runs and
/// `BlockingCall.tally`: the way to tell a child that never ends from a wait that nobody will end.
public actor TestGate {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var holders: [Int: (what: String, since: Date)] = [:]
    private var lastHolder = 0
    private var watching = false
    private var reported: Set<Int> = []
    private let reportAfter: Duration
    private let checkEvery: Duration
    private let report: @Sendable (String) -> Void

    /// A gate that lets `permits` holders through at once; a holder that has held its permit for longer than
    /// `reportAfter` is reported (looked for every `checkEvery`) through `report`, by default on stderr.
    public init(
        permits: Int, reportAfter: Duration = .seconds(15 * 60), checkEvery: Duration = .seconds(60),
        report: (@Sendable (String) -> Void)? = nil
    ) {
        free = max(1, permits)
        self.reportAfter = reportAfter
        self.checkEvery = checkEvery
        self.report = report ?? { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    }

    /// Waits for a permit for a holder that runs `what`, and returns the holder's number for `release`.
    public func acquire(_ what: String) async -> Int {
        if !watching {
            watching = true
            Task.detached { [weak self, checkEvery] in
                while let gate = self {
                    try? await Task.sleep(for: checkEvery)
                    await gate.reportLongHolders()
                }
            }
        }
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
        lastHolder += 1
        let holder = lastHolder
        holders[holder] = (what, Date())
        return holder
    }

    /// Gives `holder`'s permit back, to the longest waiter if there is one.
    public func release(_ holder: Int) {
        holders[holder] = nil
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }

    /// Runs `body` holding a permit, and gives it back however `body` ends; `what` names it in a report.
    public nonisolated func holding<Value>(_ what: String, _ body: () async throws -> Value) async throws -> Value {
        let holder = await acquire(what)
        do {
            let value = try await body()
            await release(holder)
            return value
        } catch {
            await release(holder)
            throw error
        }
    }

    /// Reports each holder that has held its permit longer than `reportAfter`, once.
    private func reportLongHolders() {
        let now = Date()
        let limit = Double(reportAfter.components.seconds) + Double(reportAfter.components.attoseconds) * 1e-18
        for (holder, held) in holders where now.timeIntervalSince(held.since) > limit {
            guard reported.insert(holder).inserted else { continue }
            let tally = BlockingCall.tally
            report("TestGate: a permit held for \(Int(now.timeIntervalSince(held.since))) s by \(held.what); "
                + "\(waiting.count) waiting; blocking calls started \(tally.started), running \(tally.running), "
                + "ended \(tally.ended)")
        }
    }
}
