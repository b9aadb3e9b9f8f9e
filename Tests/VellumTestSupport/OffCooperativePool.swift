import Dispatch

/// Runs blocking work (a child process, a pipe read) on a Dispatch thread and awaits it.
///
/// The Swift concurrency pool has as many threads as cores (two on the CI machine); a test
/// that blocks one of them while waiting for a Python peer to start starves every loopback
/// server the test process runs for other tests, whose requests then time out.
public func offCooperativePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}
