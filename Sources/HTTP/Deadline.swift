import Foundation

/// Waits for work that may not stop when asked (a blocking `getaddrinfo`), but no longer
/// than a time limit.
enum Deadline {
    /// The result of `operation`, or ``HTTPError/timeout`` once `limit` has passed, whichever
    /// comes first; ``HTTPError/cancelled`` when the calling task is cancelled. The operation
    /// is cancelled when it loses, and left to finish in the background if it ignores that.
    static func race<T: Sendable>(
        _ limit: Duration, _ operation: @escaping @Sendable () async throws(HTTPError) -> T
    ) async throws(HTTPError) -> T {
        let gate = Gate<T>()
        let result: Result<T, HTTPError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                gate.install(continuation)
                let work = Task {
                    do throws(HTTPError) {
                        gate.finish(.success(try await operation()))
                    } catch {
                        gate.finish(.failure(error))
                    }
                }
                let timer = Task {
                    try? await Task.sleep(for: limit)
                    if gate.finish(.failure(.timeout)) { work.cancel() }
                }
                gate.onFinish { timer.cancel() }
            }
        } onCancel: {
            gate.finish(.failure(.cancelled))
        }
        return try result.get()
    }

    /// Resumes one continuation with the first result offered.
    private final class Gate<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Result<T, HTTPError>, Never>?
        private var early: Result<T, HTTPError>?
        private var finished = false
        private var cleanup: (@Sendable () -> Void)?

        func install(_ continuation: CheckedContinuation<Result<T, HTTPError>, Never>) {
            let ready: Result<T, HTTPError>? = lock.withLock {
                if let early { return early }
                self.continuation = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }

        func onFinish(_ work: @escaping @Sendable () -> Void) {
            let now: Bool = lock.withLock {
                if finished { return true }
                cleanup = work
                return false
            }
            if now { work() }
        }

        /// Offers `result`; `true` when it was the first.
        @discardableResult
        func finish(_ result: Result<T, HTTPError>) -> Bool {
            let (first, waiting, work): (Bool, CheckedContinuation<Result<T, HTTPError>, Never>?, (@Sendable () -> Void)?) =
                lock.withLock {
                    guard !finished else { return (false, nil, nil) }
                    finished = true
                    let waiting = continuation
                    continuation = nil
                    if waiting == nil { early = result }
                    let work = cleanup
                    cleanup = nil
                    return (true, waiting, work)
                }
            waiting?.resume(returning: result)
            work?()
            return first
        }
    }
}
