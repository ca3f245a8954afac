import Dispatch
import Synchronization

/// Runs two independent pieces of work at once, on two threads, and returns both results.
///
/// The photo pipeline hashes the file while it decodes it, and encodes the model-ready JPEG while it measures the
/// colours: on two cores this hides the cheaper half of each pair.
func inParallel<First: Sendable, Second: Sendable>(
    _ first: @Sendable () -> First, _ second: @Sendable () -> Second
) -> (First, Second) {
    let results = Mutex<(First?, Second?)>((nil, nil))
    DispatchQueue.concurrentPerform(iterations: 2) { index in
        if index == 0 {
            let value = first()
            results.withLock { $0.0 = value }
        } else {
            let value = second()
            results.withLock { $0.1 = value }
        }
    }
    return results.withLock { ($0.0!, $0.1!) }
}
