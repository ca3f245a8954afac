import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The single delegate of the process-wide session: routes each task's callbacks, by task identifier, to the
/// continuations of the request that started it, and runs a watchdog per request for the idle and total timeouts.
///
/// The watchdog is a dispatch timer on a queue of its own, not a task: the tasks of a process share a few threads
/// (as many as there are cores), and while CPU work holds them all a task's sleep ends late, so a stalled server
/// could outlast the idle limit unnoticed (a test run saw a 1 s limit pass a 20 s stall while photos were read).
final class StreamRouter: NSObject, URLSessionDataDelegate, Sendable {
    /// What a request is, for its error messages and limits.
    struct Context: Sendable {
        let backend: String
        let url: String
        let limits: HTTPLimits
    }

    /// A response head: status and lower-cased headers.
    struct Head: Sendable {
        let status: Int
        let headers: [String: String]
    }

    private struct Entry {
        let task: URLSessionDataTask
        let body: AsyncThrowingStream<Data, any Error>.Continuation
        let context: Context
        let started: ContinuousClock.Instant
        var lastActivity: ContinuousClock.Instant
        var received = 0
        var head: Result<Head, any Error>?
        var headWaiter: CheckedContinuation<Head, any Error>?
        var headConsumed = false
        var finished = false
        var watchdog: Watchdog?
    }

    /// A request's timer. It holds nothing but the source, set up before it is shared; libdispatch serialises the
    /// source's own `schedule` and `cancel` calls from any thread, which the Linux overlay does not mark `Sendable`.
    private final class Watchdog: @unchecked Sendable {
        let timer = DispatchSource.makeTimerSource(queue: StreamRouter.watchdogs)
    }

    private let entries = Mutex<[Int: Entry]>([:])
    private static let watchdogs = DispatchQueue(label: "origami.http.watchdog")

    /// The number of requests still tracked (for tests: every request must end up removed).
    var activeCount: Int { entries.withLock { $0.count } }

    func register(task: URLSessionDataTask, body: AsyncThrowingStream<Data, any Error>.Continuation, context: Context) {
        let now = ContinuousClock.now
        entries.withLock {
            $0[task.taskIdentifier] = Entry(task: task, body: body, context: context, started: now, lastActivity: now)
        }
    }

    /// Waits for the head of a registered request.
    func head(of id: Int) async throws -> Head {
        try await withCheckedThrowingContinuation { waiter in
            let ready: Result<Head, any Error>? = entries.withLock { entries in
                guard var entry = entries[id] else { return .failure(CancellationError()) }
                if let head = entry.head {
                    entry.headConsumed = true
                    entries[id] = entry.finished ? nil : entry
                    return head
                }
                entry.headWaiter = waiter
                entries[id] = entry
                return nil
            }
            if let ready { waiter.resume(with: ready) }
        }
    }

    /// Ends a request with an error: wakes the head waiter, fails the body stream and cancels the task.
    func fail(_ id: Int, with error: any Error) {
        end(id, error: error)
    }

    /// Starts the timer that enforces the idle and total timeouts of a request.
    func startWatchdog(for id: Int) {
        let watchdog = Watchdog()
        watchdog.timer.setEventHandler { [weak self] in self?.watch(id) }
        let orphan = entries.withLock { entries -> Bool in
            guard entries[id] != nil else { return true }
            entries[id]?.watchdog = watchdog
            return false
        }
        // Resumed either way: libdispatch traps on releasing a source that was never activated.
        watchdog.timer.schedule(deadline: .now())
        watchdog.timer.resume()
        if orphan { watchdog.timer.cancel() }
    }

    /// One tick of a request's watchdog: fails the request when a deadline passed, else sets the next tick.
    private func watch(_ id: Int) {
        guard let wait = check(id) else { return }
        let watchdog = entries.withLock { $0[id]?.watchdog }
        watchdog?.timer.schedule(deadline: .now() + wait)
    }

    /// Seconds until the next deadline, or nil once the request has ended (failing it when a deadline passed).
    private func check(_ id: Int) -> Double? {
        let now = ContinuousClock.now
        let verdict: (error: ModelError?, wait: Double)? = entries.withLock { entries in
            guard let entry = entries[id], !entry.finished else { return nil }
            let limits = entry.context.limits
            let total = limits.totalTimeout - Self.seconds(now - entry.started)
            let idle = limits.idleTimeout - Self.seconds(now - entry.lastActivity)
            if total <= 0 {
                return (.timeout(backend: entry.context.backend, seconds: limits.totalTimeout, idle: false), 0)
            }
            if idle <= 0 {
                return (.timeout(backend: entry.context.backend, seconds: limits.idleTimeout, idle: true), 0)
            }
            return (nil, min(total, idle) + 0.01)
        }
        guard let verdict else { return nil }
        if let error = verdict.error {
            end(id, error: error)
            return nil
        }
        return verdict.wait
    }

    /// Ends a request. With `error` nil the body finishes normally.
    private func end(_ id: Int, error: (any Error)?) {
        let ended: Entry? = entries.withLock { entries in
            guard var entry = entries[id], !entry.finished else { return nil }
            entry.finished = true
            if entry.head == nil {
                entry.head = .failure(error ?? ModelError.interrupted(
                    backend: entry.context.backend, detail: "the server closed the connection without a response"))
            }
            let ended = entry
            if entry.headWaiter != nil { entry.headConsumed = true }
            entry.headWaiter = nil
            entries[id] = entry.headConsumed ? nil : entry
            return ended
        }
        guard let ended else { return }
        if let waiter = ended.headWaiter, let head = ended.head { waiter.resume(with: head) }
        if let error { ended.body.finish(throwing: error) } else { ended.body.finish() }
        ended.watchdog?.timer.cancel()
        if error != nil { ended.task.cancel() }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let id = dataTask.taskIdentifier
        let http = response as? HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        let head = Head(status: http?.statusCode ?? 0, headers: headers)
        let outcome: (waiter: CheckedContinuation<Head, any Error>?, tooLarge: ModelError?)? = entries.withLock {
            guard var entry = $0[id], !entry.finished else { return nil }
            let limit = entry.context.limits.maximumResponseBytes
            if let length = headers["content-length"].flatMap(Int.init), length > limit {
                return (nil, .responseTooLarge(backend: entry.context.backend, limitBytes: limit))
            }
            entry.head = .success(head)
            entry.lastActivity = .now
            let waiter = entry.headWaiter
            entry.headWaiter = nil
            if waiter != nil { entry.headConsumed = true }
            $0[id] = entry
            return (waiter, nil)
        }
        if let tooLarge = outcome?.tooLarge {
            completionHandler(.cancel)
            end(id, error: tooLarge)
            return
        }
        completionHandler(outcome == nil ? .cancel : .allow)
        outcome?.waiter?.resume(returning: head)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = dataTask.taskIdentifier
        let now = ContinuousClock.now
        let failure: ModelError? = entries.withLock {
            guard var entry = $0[id], !entry.finished else { return nil }
            entry.received += data.count
            entry.lastActivity = now
            $0[id] = entry
            let limits = entry.context.limits
            if entry.received > limits.maximumResponseBytes {
                return .responseTooLarge(backend: entry.context.backend, limitBytes: limits.maximumResponseBytes)
            }
            // Checked here too, so a steady trickle cannot outlive the total timeout on a machine so busy that
            // the watchdog runs late.
            if Self.seconds(now - entry.started) > limits.totalTimeout {
                return .timeout(backend: entry.context.backend, seconds: limits.totalTimeout, idle: false)
            }
            entry.body.yield(data)
            return nil
        }
        if let failure { end(id, error: failure) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let id = task.taskIdentifier
        guard let error else { return end(id, error: nil) }
        let context: (Context, Bool)? = entries.withLock {
            guard let entry = $0[id], !entry.finished else { return nil }
            return (entry.context, entry.head != nil)
        }
        guard let (context, hasHead) = context else { return }
        end(id, error: Self.modelError(for: error, context: context, afterHead: hasHead))
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        // Never follow a redirect: it could carry the Authorization header to another host.
        completionHandler(nil)
    }

    /// The taxonomy's name for a transport failure.
    static func modelError(for error: any Error, context: Context, afterHead: Bool) -> any Error {
        let code = (error as? URLError)?.code
        if code == .cancelled { return CancellationError() }
        if code == .timedOut {
            return ModelError.timeout(backend: context.backend, seconds: context.limits.idleTimeout, idle: true)
        }
        let detail = switch code {
        case .cannotConnectToHost?: "connection refused"
        case .cannotFindHost?, .dnsLookupFailed?: "host not found"
        case .networkConnectionLost?: "connection lost"
        case .notConnectedToInternet?: "no network"
        default: error.localizedDescription
        }
        return afterHead
            ? ModelError.interrupted(backend: context.backend, detail: detail)
            : ModelError.unreachable(backend: context.backend, url: context.url, detail: detail)
    }
}
